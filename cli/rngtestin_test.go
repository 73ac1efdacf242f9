package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// speckleIn runs speckle with stdin read from a pipe that carries in.
func speckleIn(t *testing.T, in []byte, args ...string) result {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = childEnv(args, nil)
	var out, errb bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(in), &out, &errb
	err := cmd.Run()
	return resultOf(t, err, out.String(), errb.String())
}

type inReport struct {
	Streams    int
	Generators []struct{ Generator string }
	Results    []struct {
		Generator, Test, Order, Verdict string
		P                               *float64 `json:"p"`
		KS                              *float64 `json:"ks_p"`
	}
}

func inJSON(t *testing.T, r result) inReport {
	t.Helper()
	var rep inReport
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &rep) != nil {
		t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	return rep
}

// Issue 35 item 4: rng dump's philox in the stream order, in rng test's
// default layout (128 streams of 32,768: a sample is a stream), tested with
// --in from a file and from a pipe, gives exactly the p-values of rng test
// --gens philox in the stream order, every test of the default battery; the
// label is the file's name, or stdin; stdin is read no further than
// --numbers words (it holds more here).
func TestRngTestInEqualsGens(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "philox.bin")
	if r := speckle(t, nil, "rng", "dump", "--gen", "philox", "--streams", "128", "--count", "32768", "--out", path); r.code != 0 {
		t.Fatalf("dump: exit %d: %s", r.code, r.stderr)
	}
	gens := inJSON(t, speckle(t, nil, "rng", "test", "--gens", "philox", "--json"))
	file := inJSON(t, speckle(t, nil, "rng", "test", "--in", path, "--json"))
	words, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	stdin := inJSON(t, speckleIn(t, append(words, make([]byte, 4096)...), "rng", "test", "--in", "-", "--json"))
	for _, c := range []struct {
		name string
		rep  inReport
	}{{"philox.bin", file}, {"stdin", stdin}} {
		if c.rep.Streams != 1 || len(c.rep.Generators) != 1 || c.rep.Generators[0].Generator != c.name {
			t.Errorf("%s: streams %d, generators %v", c.name, c.rep.Streams, c.rep.Generators)
		}
		var stream int
		for _, want := range gens.Results {
			if want.Order != "stream" {
				continue
			}
			got := c.rep.Results[stream]
			stream++
			if got.Generator != c.name || got.Test != want.Test || got.Order != "stream" || !sameP(got.P, want.P) || !sameP(got.KS, want.KS) {
				t.Errorf("%s, %s: %s %s p %v KS %v; philox's stream order: p %v KS %v", c.name, want.Test, got.Test, got.Order, val(got.P), val(got.KS), val(want.P), val(want.KS))
			}
		}
		if stream != len(c.rep.Results) || stream == 0 {
			t.Errorf("%s: %d results, philox has %d in the stream order", c.name, len(c.rep.Results), stream)
		}
	}
}

func sameP(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func val(p *float64) any {
	if p == nil {
		return "null"
	}
	return *p
}

// RANDU's dump fails: as u32 (all 32 bits tested, its top bit never set)
// and as f32 floats, whose 24 fraction bits fail triples (its planes).
func TestRngTestInRanduFails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "randu.bin")
	for _, format := range []string{"u32", "f32"} {
		if r := speckle(t, nil, "rng", "dump", "--gen", "randu", "--streams", "128", "--count", "8192", "--format", format, "--out", path); r.code != 0 {
			t.Fatalf("dump: exit %d: %s", r.code, r.stderr)
		}
		rep := inJSON(t, speckle(t, nil, "rng", "test", "--in", path, "--format", format, "--numbers", "2^20", "--samples", "16", "--tests", "triples,monobit", "--json"))
		for _, res := range rep.Results {
			if res.Test == "triples" && res.Verdict != "FAIL" {
				t.Errorf("randu %s, triples: %s", format, res.Verdict)
			}
		}
	}
}

// Bad inputs and flags that do not apply: one line, exit 2, nothing on
// stdout, before the GPU (none here); a short pipe says how many words came.
func TestRngTestInBadInput(t *testing.T) {
	noGPU := []string{"__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json"}
	dir := t.TempDir()
	odd, short := filepath.Join(dir, "odd.bin"), filepath.Join(dir, "short.bin")
	os.WriteFile(odd, make([]byte, 4001), 0o644)
	os.WriteFile(short, make([]byte, 4000), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--in", odd}, "--in " + odd + " holds 4001 bytes, not a multiple of 4: not 32-bit words"},
		{[]string{"--in", dir}, "--in " + dir + " is a directory: give a file of 32-bit words, or - for stdin"},
		{[]string{"--in", filepath.Join(dir, "none.bin")}, "none.bin: no such file or directory"},
		{[]string{"--in", short}, "--in short.bin holds 1000 words (4000 bytes): --numbers 2^22 needs at least 4194304 words (16777216 bytes)"},
		{[]string{"--in", short, "--numbers", "2^11", "--samples", "5", "--tests", "monobit"}, "--numbers, --streams and --samples: 2048 numbers do not split into 5 samples"},
		{[]string{"--in", short, "--numbers", "1280", "--samples", "5", "--tests", "monobit"}, "--in short.bin holds 1000 words (4000 bytes): --numbers 1280 needs at least 1280 words (5120 bytes): give --numbers 1000 or fewer"},
		{[]string{"--in", short, "--streams", "4", "--gens", "philox"}, "--in tests one input's words as one stream, in the stream order only: --gens, --streams do not apply to it"},
		{[]string{"--in", short, "--format", "packed"}, `--format must be u32 or f32`},
		{[]string{"--in", short, "--numbers", "2^32", "--samples", "16"}, "--in reads its words as one stream: --numbers at most 2^32 - 1 (got 2^32)"},
		{[]string{"--format", "f32"}, "--format is the format of --in's words: give --in FILE or - (generators' numbers need none)"},
	} {
		r := speckle(t, noGPU, append([]string{"rng", "test"}, c.args...)...)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q: want exit 2 and one line saying %q", c.args, r.code, r.stderr, c.want)
		}
	}
	nan := make([]byte, 4*40960)
	copy(nan[8:], []byte{0, 0, 0xc0, 0x7f}) // word 2: a NaN
	r := speckleIn(t, nan, "rng", "test", "--in", "-", "--format", "f32", "--numbers", "40960", "--samples", "5", "--tests", "monobit")
	if want := "stdin: word 2 is NaN, not a float in [0, 1) (--format f32)"; r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, want) || r.stdout != "" {
		t.Errorf("a NaN as f32: exit %d, stderr %q: want exit 2 and one line saying %q", r.code, r.stderr, want)
	}
	r = speckleIn(t, make([]byte, 4002), "rng", "test", "--in", "-")
	if want := "stdin ended after 1000 words and 2 bytes: --numbers 2^22 needs 4194304"; r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, want) || r.stdout != "" {
		t.Errorf("a short pipe: exit %d, stderr %q: want exit 2 and one line saying %q", r.code, r.stderr, want)
	}
}
