package shaders

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"speckle/rng"
)

// shaderFiles walks every GLSL file a program can be built from: this
// package's kernels and lib/, and the generator ports.
func shaderFiles(t *testing.T, f func(path, text string)) {
	t.Helper()
	for _, tree := range []struct {
		prefix string
		fsys   fs.FS
	}{{"shaders/", files}, {"rng/", rng.GLSL}} {
		err := fs.WalkDir(tree.fsys, ".", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			text, err := fs.ReadFile(tree.fsys, path)
			if err == nil {
				f(tree.prefix+path, string(text))
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// No GLSL file writes a binding number: each is a name from constants.
func TestNoBindingLiterals(t *testing.T) {
	literal := regexp.MustCompile(`\bbinding\s*=\s*\d`)
	n := 0
	shaderFiles(t, func(path, text string) {
		n++
		for i, line := range strings.Split(text, "\n") {
			if literal.MatchString(line) {
				t.Errorf("%s:%d: a binding number; name it in shaders/constants.go: %s", path, i+1, strings.TrimSpace(line))
			}
		}
	})
	if n < 20 {
		t.Fatalf("scanned %d files: the walk missed the shaders", n)
	}
}

// Within every program, with every generator, no two buffers (images,
// textures) share a binding point, unless they sit in exclusive branches of
// one #if (rng_draw.comp's three Draws).
func TestNoTwoBuffersShareABinding(t *testing.T) {
	value := map[string]string{}
	for _, c := range constants {
		value[c.name] = c.value
	}
	kernels, err := fs.ReadDir(files, ".")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, k := range kernels {
		if k.IsDir() { // lib/ is checked as part of the kernels
			continue
		}
		gens := []string{""}
		if _, err := Build(k.Name(), "", nil); err != nil && strings.Contains(err.Error(), "<rng>") {
			gens = nil
			for _, g := range rng.All {
				gens = append(gens, g.Source)
			}
		}
		for _, gen := range gens {
			src, err := Build(k.Name(), gen, nil)
			if err != nil {
				t.Fatal(err)
			}
			decls, err := bindingDecls(src.Text, value)
			if err != nil {
				t.Errorf("%s with %q: %v", k.Name(), gen, err)
				continue
			}
			for i, a := range decls {
				for _, b := range decls[:i] {
					if a.kind == b.kind && a.binding == b.binding && a.name != b.name && !exclusive(a.branches, b.branches) {
						t.Errorf("%s with %q: %s and %s share %s binding %s", k.Name(), gen, b.name, a.name, a.kind, a.binding)
					}
				}
			}
			checked += len(decls)
		}
	}
	if checked == 0 {
		t.Fatal("no binding declarations found")
	}
}

// decl is a declaration with a binding: a buffer block, an image or a sampler.
type decl struct {
	kind, name, binding string
	branches            map[int]int // #if number -> the branch it is in
}

var (
	layoutRE  = regexp.MustCompile(`^\s*layout\s*\(([^)]*)\)(.*)$`)
	bindingRE = regexp.MustCompile(`\bbinding\s*=\s*(\w+)`)
	blockRE   = regexp.MustCompile(`\bbuffer\s+(\w+)`)
	opaqueRE  = regexp.MustCompile(`\b(image|sampler)\w*\s+(\w+)\s*;`)
)

// bindingDecls lists text's declarations with a binding, their binding
// resolved through value (the table), each with the #if branches it sits in.
func bindingDecls(text string, value map[string]string) ([]decl, error) {
	var decls []decl
	type cond struct{ id, branch int }
	var stack []cond
	ids := 0
	for _, line := range strings.Split(text, "\n") {
		directive := strings.Fields(strings.TrimSpace(line))
		if len(directive) > 0 {
			switch directive[0] {
			case "#if", "#ifdef", "#ifndef":
				ids++
				stack = append(stack, cond{ids, 0})
			case "#elif", "#else":
				stack[len(stack)-1].branch++
			case "#endif":
				stack = stack[:len(stack)-1]
			}
		}
		m := layoutRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		b := bindingRE.FindStringSubmatch(m[1])
		if b == nil {
			continue
		}
		d := decl{binding: b[1], branches: map[int]int{}}
		if v, ok := value[d.binding]; ok {
			d.binding = v
		} else if _, err := strconv.Atoi(d.binding); err != nil {
			return nil, fmt.Errorf("binding %s is not in shaders/constants.go", d.binding)
		}
		if blk := blockRE.FindStringSubmatch(m[2]); blk != nil {
			d.kind, d.name = "buffer", blk[1]
		} else if o := opaqueRE.FindStringSubmatch(m[2]); o != nil {
			d.kind, d.name = o[1], o[2]
		} else {
			return nil, fmt.Errorf("cannot tell what %q binds", strings.TrimSpace(line))
		}
		for _, c := range stack {
			d.branches[c.id] = c.branch
		}
		decls = append(decls, d)
	}
	return decls, nil
}

// exclusive: never both compiled (different branches of one #if).
func exclusive(a, b map[int]int) bool {
	for id, branch := range a {
		if other, ok := b[id]; ok && other != branch {
			return true
		}
	}
	return false
}

// The #if tracking above is what lets rng_draw.comp declare Draws three
// times; two independent blocks on one binding are caught.
func TestBindingDeclsSeeConflictsAndBranches(t *testing.T) {
	value := map[string]string{"A_BINDING": "3"}
	text := "#ifdef X\nlayout(std430, binding = A_BINDING) buffer P { uint p[]; };\n#else\nlayout(std430, binding = 3) buffer Q { uint q[]; };\n#endif\n" +
		"layout(binding = A_BINDING, rgba8) uniform image2D img;\nlayout(std430, binding = A_BINDING) buffer R { uint r[]; };\n"
	d, err := bindingDecls(text, value)
	if err != nil {
		t.Fatal(err)
	}
	if len(d) != 4 || d[2].kind != "image" || d[2].name != "img" || d[3].name != "R" {
		t.Fatalf("declarations %+v", d)
	}
	if !exclusive(d[0].branches, d[1].branches) || exclusive(d[0].branches, d[3].branches) || exclusive(d[1].branches, d[3].branches) {
		t.Errorf("branches misread: %+v", d)
	}
	if _, err := bindingDecls("layout(std430, binding = NO_SUCH) buffer S { uint s[]; };\n", value); err == nil {
		t.Error("a binding name outside the table was accepted")
	}
}

func TestConstantNamesAreUnique(t *testing.T) {
	ident := regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)
	seen := map[string]bool{}
	for _, c := range constants {
		if seen[c.name] {
			t.Errorf("%s is in the table twice", c.name)
		}
		seen[c.name] = true
		if !ident.MatchString(c.name) || strings.HasPrefix(c.name, "GL_") {
			t.Errorf("%s is not a GLSL macro name of ours", c.name)
		}
	}
}

// Each row of constants pairs a Go constant of constants.go with its name
// in upper snake case, and every constant there has its row: a row naming
// the wrong constant, or a constant without a row, fails here.
func TestConstantsNameTheirGoConstants(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "constants.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	rows := map[string]string{} // Go constant -> GLSL name
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			if n.Tok == token.CONST {
				for _, s := range n.Specs {
					for _, id := range s.(*ast.ValueSpec).Names {
						declared[id.Name] = true
					}
				}
			}
		case *ast.CallExpr:
			if len(n.Args) != 2 {
				return true
			}
			lit, ok1 := n.Args[0].(*ast.BasicLit)
			id, ok2 := n.Args[1].(*ast.Ident)
			if ok1 && ok2 && lit.Kind == token.STRING {
				name, _ := strconv.Unquote(lit.Value)
				if _, twice := rows[id.Name]; twice {
					t.Errorf("%s has two rows", id.Name)
				}
				rows[id.Name] = name
			}
		}
		return true
	})
	if len(rows) != len(constants) {
		t.Fatalf("read %d rows of %d", len(rows), len(constants))
	}
	for goName, name := range rows {
		if !declared[goName] {
			t.Errorf("row %s names %s, not a constant of constants.go", name, goName)
		} else if want := upperSnake(goName); name != want {
			t.Errorf("row %q holds %s: want %q", name, goName, want)
		}
	}
	for goName := range declared {
		if _, ok := rows[goName]; !ok {
			t.Errorf("constant %s has no row in constants", goName)
		}
	}
}

// upperSnake: RNGPoolBinding -> RNG_POOL_BINDING.
func upperSnake(s string) string {
	r := []rune(s)
	var b strings.Builder
	for i, c := range r {
		if i > 0 && unicode.IsUpper(c) && (!unicode.IsUpper(r[i-1]) || i+1 < len(r) && unicode.IsLower(r[i+1])) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToUpper(c))
	}
	return b.String()
}

// Every constant is used by some GLSL file: the table holds no leftovers.
func TestEveryConstantIsUsed(t *testing.T) {
	used := map[string]bool{}
	word := regexp.MustCompile(`\b[A-Z][A-Z0-9_]*\b`)
	shaderFiles(t, func(_, text string) {
		for _, w := range word.FindAllString(text, -1) {
			used[w] = true
		}
	})
	for _, c := range constants {
		if !used[c.name] {
			t.Errorf("%s is used by no GLSL file", c.name)
		}
	}
}

// Every program starts with the table, and a caller cannot define one of
// its names over it.
func TestBuildEmitsConstants(t *testing.T) {
	src, err := Build("rng_dump.comp", rng.All[0].Source, nil)
	if err != nil {
		t.Fatal(err)
	}
	var header strings.Builder
	header.WriteString(Version + "\n")
	for _, c := range constants {
		fmt.Fprintf(&header, "#define %s %s\n", c.name, c.value)
	}
	if !strings.HasPrefix(src.Text, header.String()) {
		t.Errorf("program does not start with the version and the table:\n%.400s", src.Text)
	}
	_, err = Build("rng_dump.comp", rng.All[0].Source, map[string]string{"LOOP_BUDGET": "1u"})
	if want := "rng_dump.comp: define LOOP_BUDGET is a shared constant (shaders/constants.go)"; err == nil || err.Error() != want {
		t.Errorf("redefining LOOP_BUDGET: %v, want %q", err, want)
	}
}
