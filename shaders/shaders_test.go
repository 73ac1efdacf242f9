package shaders

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"speckle/rng"
)

func tree(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	for k, v := range files {
		m[k] = &fstest.MapFile{Data: []byte(v)}
	}
	return m
}

var genFS = tree(map[string]string{
	"gen.glsl":    "#include \"rng/common.glsl\"\nuint rng_u32() { return 1u; }\n",
	"common.glsl": "uniform uint rng_seed;\n",
})

func TestIncludeOnceAndLineMapping(t *testing.T) {
	kernels := tree(map[string]string{
		"k.comp":     "// kernel\n#include \"lib/a.glsl\"\n#include <rng>\n#include \"lib/a.glsl\"\nvoid main() {}\n",
		"lib/a.glsl": "#include \"lib/b.glsl\"\nfloat a() { return b(); }\n",
		"lib/b.glsl": "float b() { return 1.0; }\n",
	})
	src, err := Resolve(kernels, genFS, "k.comp", "gen.glsl", map[string]string{"Z": "1", "A": "2"})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(src.Text, "float b()"); n != 1 {
		t.Errorf("lib/b.glsl included %d times, want once", n)
	}
	if n := strings.Count(src.Text, "float a()"); n != 1 {
		t.Errorf("lib/a.glsl included %d times, want once", n)
	}
	last := constants[len(constants)-1]
	if !strings.Contains(src.Text, fmt.Sprintf("#define %s %s\n#define A 2\n#define Z 1\n#line ", last.name, last.value)) {
		t.Errorf("header not the version, the table, then sorted defines:\n%s", src.Text)
	}
	want := []string{"<defines>", "shaders/k.comp", "shaders/lib/a.glsl", "shaders/lib/b.glsl", "rng/gen.glsl", "rng/common.glsl"}
	if strings.Join(src.Files, ",") != strings.Join(want, ",") {
		t.Errorf("files %v, want %v", src.Files, want)
	}
	// Every text line must sit at the line the #line directives claim: map each
	// emitted line back and compare with the file's own line.
	contents := map[string]string{}
	for k, v := range kernels {
		contents["shaders/"+k] = string(v.Data)
	}
	for k, v := range genFS {
		contents["rng/"+k] = string(v.Data)
	}
	file, line := 0, 0
	for _, l := range strings.Split(strings.TrimSuffix(src.Text, "\n"), "\n") {
		var n, id int
		if c, _ := fmtSscan(l, &n, &id); c == 2 {
			if n/LineStride != id {
				t.Fatalf("%q: line number not in file %d's range", l, id)
			}
			file, line = id, n%LineStride
			continue
		}
		if file == 0 {
			continue
		}
		orig := strings.Split(contents[src.Files[file]], "\n")
		if line < 1 || line > len(orig) || orig[line-1] != l {
			t.Fatalf("emitted %q claims %s:%d", l, src.Files[file], line)
		}
		line++
	}
	if src.Key != "k.comp|gen.glsl|A=2|Z=1" {
		t.Errorf("key %q", src.Key)
	}
}

func TestIncludeErrors(t *testing.T) {
	cases := []struct {
		files map[string]string
		gen   string
		want  string
	}{
		{map[string]string{"k.comp": "#include \"lib/a.glsl\"\n", "lib/a.glsl": "#include \"lib/b.glsl\"\n", "lib/b.glsl": "#include \"lib/a.glsl\"\n"},
			"", "shaders/lib/b.glsl:1: include cycle: k.comp -> lib/a.glsl -> lib/b.glsl -> lib/a.glsl"},
		{map[string]string{"k.comp": "\n#include \"lib/nope.glsl\"\n"}, "", `shaders/k.comp:2: cannot include "lib/nope.glsl": no such file`},
		{map[string]string{"k.comp": "#include <rng>\n"}, "", "shaders/k.comp:1: includes <rng> but no generator was given"},
		{map[string]string{"k.comp": "#include <stdio>\n"}, "gen.glsl", "shaders/k.comp:1: unknown include <stdio> (only <rng>)"},
		{map[string]string{"k.comp": "#version 450\n"}, "", "shaders/k.comp:1: no #version in shader files: Build adds it"},
		{map[string]string{}, "", "shader k.comp not found"},
	}
	for _, c := range cases {
		_, err := Resolve(tree(c.files), genFS, "k.comp", c.gen, nil)
		if err == nil || err.Error() != c.want {
			t.Errorf("got error %v, want %q", err, c.want)
		}
	}
}

func TestMapLog(t *testing.T) {
	src := Source{Files: []string{"<defines>", "shaders/k.comp", "rng/x.glsl"}}
	mesa := "1:12(5): error: `foo' undeclared\n2:3(1): warning: unused\n"
	if got, want := src.MapLog(mesa), "shaders/k.comp:12:5: error: `foo' undeclared\nrng/x.glsl:3:1: warning: unused"; got != want {
		t.Errorf("Mesa log mapped to %q, want %q", got, want)
	}
	// Mesa names source string 0 for some errors: the line number tells.
	if got, want := src.MapLog("0:100004(9): error: `x' undeclared"), "shaders/k.comp:4:9: error: `x' undeclared"; got != want {
		t.Errorf("Mesa log with string 0 mapped to %q, want %q", got, want)
	}
	nv := "2(7) : error C1008: undefined variable \"foo\"\n"
	if got, want := src.MapLog(nv), `rng/x.glsl:7: error C1008: undefined variable "foo"`; got != want {
		t.Errorf("NVIDIA log mapped to %q, want %q", got, want)
	}
}

// Every kernel resolves with every generator: no missing includes anywhere.
func TestEveryKernelResolvesWithEveryGenerator(t *testing.T) {
	kernels, err := files.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range kernels {
		if k.IsDir() || !strings.HasSuffix(k.Name(), ".comp") {
			continue
		}
		for _, g := range rng.All {
			if _, err := Build(k.Name(), g.Source, nil); err != nil {
				t.Errorf("%s with %s: %v", k.Name(), g.Name, err)
			}
		}
	}
}

// fmtSscan reads a "#line N ID" directive.
func fmtSscan(l string, n, id *int) (int, error) {
	if !strings.HasPrefix(l, "#line ") {
		return 0, nil
	}
	return fmt.Sscanf(l, "#line %d %d", n, id)
}
