// Package shaders holds the GLSL kernels and the include resolver that stitches
// a kernel, the shared library and one generator port into one source text.
//
// GLSL has no #include. The resolver understands two forms:
//
//	#include "lib/x.glsl"   a file of this package (or "rng/x.glsl": a file of package rng)
//	#include <rng>          the port of the generator the kernel is built with
//
// Each file is included once; a cycle is an error. #line directives carry a
// source-string number per file, so driver messages map back to our files,
// and number file n's lines from n*LineStride on: Mesa reports some errors
// (an undeclared identifier) with source string 0 whatever #line said, and
// the line number alone still tells the file.
//
// Every program starts with the shared constants (constants.go: binding
// points, layouts, the loop budget) as #defines, so GLSL and Go name the
// same numbers.
//
// Floor: the kernels, above scenes, flow and rng. shaders may import those
// and the leaves (it takes the numbers GLSL shares from rng, scenes,
// scenes/flow, imageio and internal/stats), but not the renderer; it touches
// no OpenGL: gpu compiles the text it builds.
package shaders

import (
	"crypto/sha256"
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"speckle/rng"
)

//go:embed *.comp *.vert *.frag lib
var files embed.FS

// Version is the GLSL version line every program starts with.
const Version = "#version 430 core"

// LineStride separates the files' line numbers in the resolved text: line l
// of file n is numbered n*LineStride + l.
const LineStride = 100000

// Source is a resolved program text and what is needed to map driver messages back.
type Source struct {
	Key   string   // kernel, generator and defines: identifies the program
	Text  string   // the text to hand to the driver
	Files []string // repository paths by #line source-string number; 0 is the header
	// User is the file of a user's generator the program includes, "" if none.
	User string
}

// UserCode says the program includes a user's generator file: a compile
// error is then the driver's messages alone, each at FILE:LINE (gpu).
func (s Source) UserCode() bool { return s.User != "" }

// Build resolves kernel (a file of this package: a compute kernel such as
// "rng_dump.comp", or a stage of a graphics program, "ui.vert") with the
// generator port gen (a file of package rng; "" for none) and the defines:
// first the shared constants (constants.go), then the caller's, sorted so that
// equal inputs give equal text.
func Build(kernel, gen string, defines map[string]string) (Source, error) {
	return Resolve(files, rng.GLSL, kernel, gen, defines)
}

// BuildGen is Build with g's port; a user's generator (glsl:FILE) brings
// its file's text, included where rng/user.glsl says #include <user>, and
// the driver's messages name FILE and its lines.
func BuildGen(kernel string, g *rng.Generator, defines map[string]string) (Source, error) {
	src := sources{shaders: files, rng: rng.GLSL, userPath: g.UserFile, user: g.UserSource}
	return build(src, kernel, g.Source, defines)
}

// Resolve is Build over other trees: kernels and lib/ in shaderFS, generator
// ports in rngFS (tests use it with files of their own).
func Resolve(shaderFS, rngFS fs.FS, kernel, gen string, defines map[string]string) (Source, error) {
	return build(sources{shaders: shaderFS, rng: rngFS}, kernel, gen, defines)
}

// sources are the two embedded trees: this package's and the generator ports.
type sources struct {
	shaders, rng fs.FS
	// userPath and user are a user's generator file and its text (#include <user>).
	userPath, user string
}

// userInclude is the include path of a user's generator file.
const userInclude = "<user>"

func (s sources) read(path string) ([]byte, error) {
	if path == userInclude {
		if s.userPath == "" {
			return nil, fs.ErrNotExist
		}
		return []byte(s.user), nil
	}
	if name, ok := strings.CutPrefix(path, "rng/"); ok {
		return fs.ReadFile(s.rng, name)
	}
	return fs.ReadFile(s.shaders, path)
}

var includeRE = regexp.MustCompile(`^\s*#\s*include\s+(?:"([^"]+)"|<([^>]+)>)\s*(//.*)?$`)

type resolver struct {
	src      sources
	gen      string
	out      strings.Builder
	files    []string
	included map[string]bool
	stack    []string
}

func build(src sources, kernel, gen string, defines map[string]string) (Source, error) {
	r := &resolver{src: src, gen: gen, included: map[string]bool{}}
	names := make([]string, 0, len(defines))
	for k := range defines {
		names = append(names, k)
	}
	sort.Strings(names)
	var key strings.Builder
	key.WriteString(kernel + "|" + gen)
	if src.userPath != "" { // a user's file: its text is part of the program
		fmt.Fprintf(&key, "|user=%s|%x", src.userPath, sha256.Sum256([]byte(src.user)))
	}
	r.out.WriteString(Version + "\n")
	r.files = append(r.files, "<defines>")
	for _, c := range constants {
		fmt.Fprintf(&r.out, "#define %s %s\n", c.name, c.value)
	}
	for _, k := range names {
		if constantNames[k] {
			return Source{}, fmt.Errorf("%s: define %s is a shared constant (shaders/constants.go)", kernel, k)
		}
		fmt.Fprintf(&r.out, "#define %s %s\n", k, defines[k])
		fmt.Fprintf(&key, "|%s=%s", k, defines[k])
	}
	if err := r.include(kernel, ""); err != nil {
		return Source{}, err
	}
	return Source{Key: key.String(), Text: r.out.String(), Files: r.files, User: src.userPath}, nil
}

func (r *resolver) include(path, from string) error {
	for _, p := range r.stack {
		if p == path {
			return fmt.Errorf("%s: include cycle: %s -> %s", from, strings.Join(r.stack, " -> "), path)
		}
	}
	if r.included[path] {
		return nil
	}
	text, err := r.src.read(path)
	if err != nil {
		if from == "" {
			return fmt.Errorf("shader %s not found", path)
		}
		return fmt.Errorf("%s: cannot include %q: no such file", from, path)
	}
	r.included[path] = true
	r.stack = append(r.stack, path)
	defer func() { r.stack = r.stack[:len(r.stack)-1] }()
	id := len(r.files)
	name := repoPath(path)
	if path == userInclude {
		name = r.src.userPath
	}
	r.files = append(r.files, name)
	fmt.Fprintf(&r.out, "#line %d %d\n", id*LineStride+1, id)
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	if len(lines) >= LineStride {
		return fmt.Errorf("%s: more than %d lines", name, LineStride-1)
	}
	for i, line := range lines {
		m := includeRE.FindStringSubmatch(line)
		if m == nil {
			if strings.HasPrefix(strings.TrimSpace(line), "#version") {
				return fmt.Errorf("%s:%d: no #version in shader files: Build adds it", name, i+1)
			}
			r.out.WriteString(line + "\n")
			continue
		}
		target := m[1]
		where := fmt.Sprintf("%s:%d", name, i+1)
		if m[2] != "" {
			switch {
			case m[2] == "user" && r.src.userPath != "":
				target = userInclude
			case m[2] != "rng":
				return fmt.Errorf("%s: unknown include <%s> (only <rng>)", where, m[2])
			case r.gen == "":
				return fmt.Errorf("%s: includes <rng> but no generator was given", where)
			default:
				target = "rng/" + r.gen
			}
		}
		if err := r.include(target, where); err != nil {
			return err
		}
		fmt.Fprintf(&r.out, "#line %d %d\n", id*LineStride+i+2, id)
	}
	return nil
}

// repoPath names a file as it lies in the repository.
func repoPath(path string) string {
	if strings.HasPrefix(path, "rng/") {
		return path
	}
	return "shaders/" + path
}

// Driver messages: Mesa writes "0:12(5): error: ...", NVIDIA "0(12) : error C1008: ...".
var (
	mesaRE   = regexp.MustCompile(`(?m)^(\d+):(\d+)\((\d+)\):\s*`)
	nvidiaRE = regexp.MustCompile(`(?m)^(\d+)\((\d+)\)\s*:\s*`)
)

// CacheKey and Code give the GL layer (gpu.Source) the key and text.
func (s Source) CacheKey() string { return s.Key }

// Code is the text to hand to the driver.
func (s Source) Code() string { return s.Text }

// MapLog rewrites a driver's compile log so each message starts with file:line.
func (s Source) MapLog(log string) string {
	where := func(id, line string) string {
		n, err1 := strconv.Atoi(id)
		l, err2 := strconv.Atoi(line)
		if err1 != nil || err2 != nil {
			return "string " + id + ":" + line
		}
		if l >= LineStride { // the line number names the file (see LineStride)
			n, l = l/LineStride, l%LineStride
		}
		if n < 0 || n >= len(s.Files) {
			return fmt.Sprintf("string %d:%d", n, l)
		}
		return fmt.Sprintf("%s:%d", s.Files[n], l)
	}
	log = mesaRE.ReplaceAllStringFunc(log, func(m string) string {
		g := mesaRE.FindStringSubmatch(m)
		return fmt.Sprintf("%s:%s: ", where(g[1], g[2]), g[3])
	})
	log = nvidiaRE.ReplaceAllStringFunc(log, func(m string) string {
		g := nvidiaRE.FindStringSubmatch(m)
		return where(g[1], g[2]) + ": "
	})
	return strings.TrimSpace(log)
}
