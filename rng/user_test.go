package rng

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// glsl:FILE reads the file once, names it in String (which ParseSpec reads
// back) and by its base name in labels, and takes a seed as every spec does.
func TestUserSpec(t *testing.T) {
	s, err := ParseSpec("glsl:testdata/user_pcg.glsl:seed=7")
	if err != nil {
		t.Fatal(err)
	}
	if s.Gen.UserFile != "testdata/user_pcg.glsl" || !s.HasSeed || s.Seed != 7 {
		t.Fatalf("spec %+v", s)
	}
	if got := s.String(); got != "glsl:testdata/user_pcg.glsl:seed=7" {
		t.Errorf("String %q", got)
	}
	if got := s.Label(); got != "glsl:user_pcg.glsl seed=7" {
		t.Errorf("Label %q", got)
	}
	if got := s.FileName(); got != "glsl-userpcg.glsl-seed7" {
		t.Errorf("FileName %q", got)
	}
	again, err := ParseSpec(s.String())
	if err != nil || again.Gen != s.Gen {
		t.Errorf("String does not read back to the same generator: %v", err)
	}
	list, err := ParseSpecs("glsl:testdata/user_pcg.glsl,pcg")
	if err != nil || len(list) != 2 || list[1].Gen != PCG {
		t.Errorf("ParseSpecs: %v %v", list, err)
	}
	inst, err := s.New(4, 1)
	if err != nil || inst.StateWords() != 3 || inst.Defines()["RNG_STATE_WORDS"] != "3" {
		t.Fatalf("instance: %v", err)
	}
	if !strings.Contains(s.Gen.UserSource, "// #define RNG_STATE_WORDS 3") {
		t.Error("the size's line is not kept as a comment (the driver's line numbers would move)")
	}
	if strings.Count(s.Gen.UserSource, "\n") != strings.Count(readFile(t, "testdata/user_pcg.glsl"), "\n") {
		t.Error("the program's text of the file has other lines than the file")
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A file that breaks the contract is refused by its content, in one line
// naming the file.
func TestUserRefusedByContent(t *testing.T) {
	dir := t.TempDir()
	good := readFile(t, "testdata/user_pcg.glsl")
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct{ path, want string }{
		{write("nou32.glsl", strings.ReplaceAll(good, "rng_u32", "rng_next")), `: does not define uint rng_u32(), which the contract needs (docs/manual.md, "Your own generator")`},
		{write("noinit.glsl", strings.ReplaceAll(good, "rng_init", "seed_it")), `: does not define void rng_init(uint stream), which the contract needs (docs/manual.md, "Your own generator")`},
		{write("nosize.glsl", strings.ReplaceAll(good, "#define RNG_STATE_WORDS 3", "")), ": declare the state size once, as #define RNG_STATE_WORDS N (N = 1..16)"},
		{write("big.glsl", strings.ReplaceAll(good, "RNG_STATE_WORDS 3", "RNG_STATE_WORDS 17")), `: RNG_STATE_WORDS must be a number 1..16, got "17"`},
		{write("binary.glsl", "\x00\x01\x02"), ": not a text file (GLSL source is UTF-8 text)"},
		{write("huge.glsl", strings.Repeat("//\n", 100000)), ": 300000 bytes, more than a generator's file may hold (262144)"},
		{write("version.glsl", "#version 430\n"+good), ":1: no #version in a generator's file: Speckle adds the version and what the file may use (docs/manual.md, \"Your own generator\")"},
		{write("include.glsl", "\n#include <rng>\n"+good), ":2: no #include in a generator's file: Speckle adds the version and what the file may use (docs/manual.md, \"Your own generator\")"},
		{filepath.Join(dir, "missing.glsl"), ": cannot read the file: no such file or directory"},
		{dir, ": not a regular file"},
	}
	for _, c := range cases {
		_, err := ParseSpec("glsl:" + c.path)
		want := "glsl:" + c.path + c.want
		if strings.HasPrefix(c.want, ":1:") || strings.HasPrefix(c.want, ":2:") { // FILE:LINE, as a compile error
			want = c.path + c.want
		}
		if err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", c.path, err, want)
		}
	}
	for _, spec := range []string{"glsl:", "glsl"} {
		if _, err := ParseSpec(spec); err == nil || err.Error() != "glsl: name a GLSL file, like glsl:my_hash.glsl" {
			t.Errorf("%s alone: %v", spec, err)
		}
	}
}

// Without a Go reference the CPU paths refuse in one line; the sharing
// count, which draws the streams in Go, finds nothing to say.
func TestUserNoReference(t *testing.T) {
	s, err := ParseSpec("glsl:testdata/user_pcg.glsl")
	if err != nil {
		t.Fatal(err)
	}
	want := "glsl:testdata/user_pcg.glsl has no CPU reference: --device cpu needs one (use the GPU)"
	if err := s.Gen.NoReference("--device cpu"); err == nil || err.Error() != want {
		t.Errorf("NoReference: %v", err)
	}
	if PCG.NoReference("--device cpu") != nil {
		t.Error("a built-in generator has no reference")
	}
	inst, err := s.New(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	for name, f := range map[string]func() error{
		"Dump":            func() error { return Dump(inst, 2, 4, false, &buf, nil) },
		"DumpInterleaved": func() error { return DumpInterleaved(inst, 2, 4, false, &buf, nil) },
		"DumpRenderer":    func() error { return DumpRenderer(inst, 2, 2, 4, 7, false, &buf, nil) },
	} {
		if err := f(); err == nil || !strings.Contains(err.Error(), "has no CPU reference") {
			t.Errorf("%s: %v", name, err)
		}
	}
	sh, err := s.Gen.Shared([]Use{{Cfg: s.Config(4, 1), Draws: 10}}, 0)
	if err != nil || sh.Total != 0 {
		t.Errorf("Shared: %+v %v", sh, err)
	}
}

// A loop (or a switch, which Mesa makes a loop) needs RNG_LOOP_PASSES, or
// the file is refused at the loop's line; a loop in a comment is not one;
// the declared passes count in Loops, which size the kernels' dispatches.
func TestUserLoopPasses(t *testing.T) {
	dir := t.TempDir()
	good := readFile(t, "testdata/user_pcg.glsl")
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	loop := strings.Replace(good, "    uint v = my_pcg(rng_state[0]);", "    uint v = 0u;\n    for (uint i = 0u; i < 4u; i++) v ^= my_pcg(rng_state[0] + i);", 1)
	line := strings.Count(loop[:strings.Index(loop, "for (")], "\n") + 1
	p := write("loop.glsl", loop)
	want := fmt.Sprintf("%s:%d: a loop (for) needs #define RNG_LOOP_PASSES N", p, line)
	if _, err := ParseSpec("glsl:" + p); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("undeclared loop: %v, want %q...", err, want)
	}
	sw := write("switch.glsl", strings.Replace(good, "    return v;", "    switch (v & 1u) { default: break; }\n    return v;", 1))
	if _, err := ParseSpec("glsl:" + sw); err == nil || !strings.Contains(err.Error(), "a loop (switch) needs") {
		t.Errorf("undeclared switch: %v", err)
	}
	commented := write("comment.glsl", "// for a while we do nothing\n/* while (true) {} */\n"+good)
	if _, err := ParseSpec("glsl:" + commented); err != nil {
		t.Errorf("loops in comments: %v", err)
	}
	declared := write("declared.glsl", "#define RNG_LOOP_PASSES 5\n"+loop)
	s, err := ParseSpec("glsl:" + declared)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := s.New(4, 1)
	if err != nil {
		t.Fatal(err)
	}
	if l := inst.Loops(); l.Draw != 3+1+5 || l.Init != 3+1+5 {
		t.Errorf("Loops %+v, want the state's 4 passes and the declared 5", l)
	}
	for text, msg := range map[string]string{
		"#define RNG_LOOP_PASSES 0\n" + loop:                            `RNG_LOOP_PASSES must be a number 1..30000, got "0"`,
		"#define RNG_LOOP_PASSES many\n" + loop:                         `RNG_LOOP_PASSES must be a number 1..30000, got "many"`,
		"#define RNG_LOOP_PASSES 5\n#define RNG_LOOP_PASSES 6\n" + loop: "RNG_LOOP_PASSES is defined 2 times; define it once",
	} {
		q := write("bad.glsl", text)
		if _, err := ParseSpec("glsl:" + q); err == nil || err.Error() != "glsl:"+q+": "+msg {
			t.Errorf("%q: %v, want %s", msg, err, msg)
		}
	}
}
