package rng

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// A user's generator: `--gen glsl:FILE` names a GLSL file that implements
// the small contract below, compiled into the kernels in place of a port
// of this package (docs/manual.md, "Your own generator"). It has no Go
// reference: whatever needs one refuses it (NoReference).
//
//	#define RNG_STATE_WORDS N     state words a stream keeps (1..16), as uint rng_state[N]
//	void rng_init(uint stream)    seed stream `stream` (uniforms rng_seed, rng_streams)
//	uint rng_u32()                the next 32-bit value, updating rng_state
//
// rng/user.glsl declares rng_state and supplies the rest of the port
// contract (load, store, the floats) around it.

// UserPrefix starts a spec that names a user's GLSL file.
const UserPrefix = "glsl"

// Bounds on a user's file.
const (
	userMaxBytes = 256 << 10
	userMaxWords = 16
)

var (
	userWordsRE     = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+RNG_STATE_WORDS[ \t]+(\S+)[ \t]*(//.*)?$`)
	userInitRE      = regexp.MustCompile(`(?m)^[ \t]*void[ \t]+rng_init[ \t]*\([ \t]*uint[ \t]+\w+[ \t]*\)`)
	userDirectiveRE = regexp.MustCompile(`^\s*#\s*(version|include)\b`)
	userU32RE       = regexp.MustCompile(`(?m)^[ \t]*uint[ \t]+rng_u32[ \t]*\([ \t]*(void)?[ \t]*\)`)
)

var userGens sync.Map // path as named -> *Generator: one generator per file a run names

// LoadUser is the generator of a user's GLSL file, read and checked once a
// process: readable, at most 256 KiB of UTF-8 text, declaring the
// contract's state size and functions. The error is one line naming FILE.
func LoadUser(path string) (*Generator, error) {
	if g, ok := userGens.Load(path); ok {
		return g.(*Generator), nil
	}
	g, err := loadUser(path)
	if err != nil {
		return nil, err
	}
	got, _ := userGens.LoadOrStore(path, g)
	return got.(*Generator), nil
}

func loadUser(path string) (*Generator, error) {
	name := UserPrefix + ":" + path
	if path == "" {
		return nil, fmt.Errorf("glsl: name a GLSL file, like glsl:my_hash.glsl")
	}
	info, err := os.Stat(path)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: cannot read the file: %v", name, errors.Unwrap(err))
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("%s: not a regular file", name)
	case info.Size() > userMaxBytes:
		return nil, fmt.Errorf("%s: %d bytes, more than a generator's file may hold (%d)", name, info.Size(), userMaxBytes)
	}
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read the file: %v", name, errors.Unwrap(err))
	}
	if !utf8.Valid(text) || bytes.IndexByte(text, 0) >= 0 {
		return nil, fmt.Errorf("%s: not a text file (GLSL source is UTF-8 text)", name)
	}
	src := string(text)
	for i, line := range strings.Split(src, "\n") {
		if d := userDirectiveRE.FindStringSubmatch(line); d != nil {
			return nil, fmt.Errorf("%s:%d: no #%s in a generator's file: Speckle adds the version and what the file may use (docs/manual.md, \"Your own generator\")", path, i+1, d[1])
		}
	}
	m := userWordsRE.FindAllStringSubmatchIndex(src, -1)
	if len(m) != 1 {
		return nil, fmt.Errorf("%s: declare the state size once, as #define RNG_STATE_WORDS N (N = 1..%d)", name, userMaxWords)
	}
	words, err := strconv.Atoi(strings.TrimSuffix(src[m[0][2]:m[0][3]], "u"))
	if err != nil || words < 1 || words > userMaxWords {
		return nil, fmt.Errorf("%s: RNG_STATE_WORDS must be a number 1..%d, got %q", name, userMaxWords, src[m[0][2]:m[0][3]])
	}
	for _, need := range []struct {
		re  *regexp.Regexp
		sig string
	}{{userInitRE, "void rng_init(uint stream)"}, {userU32RE, "uint rng_u32()"}} {
		if !need.re.MatchString(src) {
			return nil, fmt.Errorf("%s: does not define %s, which the contract needs (docs/manual.md, \"Your own generator\")", name, need.sig)
		}
	}
	// The size becomes a define of the program; its line stays, as a
	// comment, so that the driver's line numbers are the file's.
	src = src[:m[0][0]] + "// " + strings.TrimLeft(src[m[0][0]:m[0][1]], " \t") + " (set by Speckle)" + src[m[0][1]:]
	u := &userInstance{words: words}
	return &Generator{
		Name:       name,
		Doc:        "a user's GLSL generator, " + path + " (no Go reference)",
		Source:     "user.glsl",
		UserFile:   path,
		UserSource: src,
		Degenerate: none,
		Configure:  func(Config) (Instance, error) { return u, nil },
	}, nil
}

// userBase is the label of a user's generator: glsl:BASE.
func userBase(path string) string { return UserPrefix + ":" + filepath.Base(path) }

// NoReference is nil for a generator with a Go reference; for a user's,
// the one line that refuses what would need it (what: "--device cpu").
func (g *Generator) NoReference(what string) error {
	if g.UserFile == "" {
		return nil
	}
	return fmt.Errorf("%s has no CPU reference: %s needs one (use the GPU)", g.Name, what)
}

type userInstance struct{ words int }

func (u *userInstance) StateWords() int { return u.words }
func (u *userInstance) Defines() map[string]string {
	return map[string]string{"RNG_STATE_WORDS": strconv.Itoa(u.words)}
}
func (u *userInstance) Aux() []uint32 { return nil }

// Loops: rng_load and rng_store loop over the state words; the user's
// functions are not counted (docs/manual.md: keep their loops short).
func (u *userInstance) Loops() Loops { return Loops{Init: u.words + 1, Draw: u.words + 1} }

// Stream: there is none; every caller checks NoReference first.
func (u *userInstance) Stream(int) Stream {
	panic("rng: a user's GLSL generator has no CPU reference (NoReference is not checked)")
}

// instNoReference refuses inst where it is a user's generator's: the
// library's CPU paths (Dump, DumpRenderer) check it before drawing.
func instNoReference(inst Instance, what string) error {
	if _, ok := inst.(*userInstance); ok {
		return fmt.Errorf("a glsl: generator has no CPU reference: %s needs one (use the GPU)", what)
	}
	return nil
}
