package rng

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"speckle/internal/printable"
)

// A user's generator: `--gen glsl:FILE` names a GLSL file that implements
// the small contract below, compiled into the kernels in place of a port
// of this package (docs/manual.md, "Your own generator"). It has no Go
// reference: whatever needs one refuses it (NoReference).
//
//	#define RNG_STATE_WORDS N     state words a stream keeps (1..16), as uint rng_state[N]
//	void rng_init(uint stream)    seed stream `stream` (uniforms rng_seed, rng_streams)
//	uint rng_u32()                the next 32-bit value, updating rng_state
//	#define RNG_LOOP_PASSES L     where the file loops: the most loop passes one
//	                              call of rng_init or rng_u32 runs (Loops)
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
	userPassesRE    = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+RNG_LOOP_PASSES[ \t]+(\S+)[ \t]*(//.*)?$`)
	userLoopRE      = regexp.MustCompile(`\b(for|while|do|switch)\b`)
	userCommentRE   = regexp.MustCompile(`(?s)//[^\n]*|/\*.*?\*/`)
)

var userGens sync.Map // path as named -> *Generator: one generator per file a run names

// UserGenerators are the users' generators this process has loaded, in the
// order of their paths: the window lists them beside the registry's.
func UserGenerators() []*Generator {
	var out []*Generator
	userGens.Range(func(_, g any) bool {
		out = append(out, g.(*Generator))
		return true
	})
	slices.SortFunc(out, func(a, b *Generator) int { return strings.Compare(a.Name, b.Name) })
	return out
}

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
	name := UserPrefix + ":" + printable.Quote(path) // for messages: a path may hold a newline
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
			return nil, fmt.Errorf("%s:%d: no #%s in a generator's file: Speckle adds the version and what the file may use (docs/manual.md, \"Your own generator\")", printable.Quote(path), i+1, d[1])
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
	passes, err := userLoopPasses(path, src)
	if err != nil {
		return nil, err
	}
	// The size becomes a define of the program; its line stays, as a
	// comment, so that the driver's line numbers are the file's.
	src = src[:m[0][0]] + "// " + strings.TrimLeft(src[m[0][0]:m[0][1]], " \t") + " (set by Speckle)" + src[m[0][1]:]
	u := &userInstance{words: words, passes: passes}
	return &Generator{
		Name:       UserPrefix + ":" + path, // as named: Lookup takes it back
		Doc:        "a user's GLSL generator, " + printable.Quote(path) + " (no Go reference)",
		Source:     "user.glsl",
		UserFile:   path,
		UserSource: src,
		Degenerate: none,
		Configure:  func(Config) (Instance, error) { return u, nil },
	}, nil
}

// userBase is the label of a user's generator: glsl:BASE.
func userBase(path string) string { return UserPrefix + ":" + printable.Quote(filepath.Base(path)) }

// NoReference is nil for a generator with a Go reference; for a user's,
// the one line that refuses what would need it (what: "--device cpu").
func (g *Generator) NoReference(what string) error {
	if g.UserFile == "" {
		return nil
	}
	return fmt.Errorf("%s has no CPU reference: %s needs one (use the GPU)", g.Name, what)
}

// userMaxPasses bounds RNG_LOOP_PASSES: a kernel must fit at least one
// rng_init and one draw in the 65,535 passes llvmpipe allows an invocation.
const userMaxPasses = 30000

// userLoopPasses is the file's RNG_LOOP_PASSES, 0 where it has no loop.
// A loop (a switch too: Mesa makes it a loop of one pass) without the
// declaration is refused at its line: the kernels size their work per
// dispatch from the passes a draw costs (Loops), and llvmpipe silently
// ends a shader's loops after 65,535 passes in all, so an uncounted loop
// would give wrong numbers there, not an error.
func userLoopPasses(path, src string) (int, error) {
	name := UserPrefix + ":" + printable.Quote(path)
	m := userPassesRE.FindAllStringSubmatch(src, -1)
	if len(m) > 1 {
		return 0, fmt.Errorf("%s: RNG_LOOP_PASSES is defined %d times; define it once", name, len(m))
	}
	if len(m) == 1 {
		n, err := strconv.Atoi(strings.TrimSuffix(m[0][1], "u"))
		if err != nil || n < 1 || n > userMaxPasses {
			return 0, fmt.Errorf("%s: RNG_LOOP_PASSES must be a number 1..%d, got %q", name, userMaxPasses, m[0][1])
		}
		return n, nil
	}
	// Comments are blanked to spaces, newlines kept, so a loop's line is the file's.
	code := userCommentRE.ReplaceAllStringFunc(src, func(c string) string {
		return strings.Map(func(r rune) rune {
			if r == '\n' {
				return r
			}
			return ' '
		}, c)
	})
	if at := userLoopRE.FindStringIndex(code); at != nil {
		line := strings.Count(code[:at[0]], "\n") + 1
		return 0, fmt.Errorf("%s:%d: a loop (%s) needs #define RNG_LOOP_PASSES N, the most loop passes one call of rng_init or rng_u32 runs: Speckle sizes its dispatches by it, as llvmpipe ends a shader's loops after 65,535 passes in all (docs/manual.md, \"Your own generator\")",
			printable.Quote(path), line, code[at[0]:at[1]])
	}
	return 0, nil
}

type userInstance struct{ words, passes int }

func (u *userInstance) StateWords() int { return u.words }
func (u *userInstance) Defines() map[string]string {
	return map[string]string{"RNG_STATE_WORDS": strconv.Itoa(u.words)}
}
func (u *userInstance) Aux() []uint32 { return nil }

// Loops: rng_load and rng_store loop over the state words; the user's
// functions run at most RNG_LOOP_PASSES a call (userLoopPasses).
func (u *userInstance) Loops() Loops {
	return Loops{Init: u.words + 1 + u.passes, Draw: u.words + 1 + u.passes}
}

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
