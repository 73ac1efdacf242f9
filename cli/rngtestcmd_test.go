package cli

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rng test end to end: RANDU's triples fail in both orders, the table
// states the thresholds and the speed, and the CSV, JSON and grid files
// are written.
func TestRngTestCommand(t *testing.T) {
	dir := t.TempDir()
	csvPath, jsonPath, gridPath := filepath.Join(dir, "t.csv"), filepath.Join(dir, "t.json"), filepath.Join(dir, "t.png")
	r := speckle(t, nil, "rng", "test", "--gens", "randu,philox", "--tests", "triples,pairs", "--numbers", "2^20", "--streams", "64",
		"--samples", "16", "--csv", csvPath, "--json-file", jsonPath, "--out", gridPath)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{"randu", "philox", "triples", "FAIL where Benjamini-Hochberg at false discovery rate q = 0.01", "numbers/s"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the table lacks %q:\n%s", want, r.stdout)
		}
	}
	if c, err := os.ReadFile(csvPath); err != nil || !strings.Contains(string(c), "randu,triples,stream,1048576,") || strings.Count(string(c), "\n") != 1+2*2*2 {
		t.Errorf("CSV: %v\n%s", err, c)
	}
	var rep struct {
		Results []struct{ Generator, Test, Order, Verdict string }
	}
	if b, err := os.ReadFile(jsonPath); err != nil || json.Unmarshal(b, &rep) != nil || len(rep.Results) != 8 {
		t.Fatalf("JSON: %v\n%s", err, b)
	}
	for _, res := range rep.Results {
		if res.Generator == "randu" && res.Test == "triples" && res.Verdict != "FAIL" {
			t.Errorf("randu triples, %s order: %s", res.Order, res.Verdict)
		}
	}
	f, err := os.Open(gridPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("grid: %v", err)
	}
}

// Bad sizes, tests and output paths: one line, exit status 2, before the
// GPU (none here), nothing written.
func TestRngTestBadInput(t *testing.T) {
	noGPU := []string{"__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json"}
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--numbers", "1000", "--streams", "64"}, "not a multiple of --streams"},
		{[]string{"--numbers", "1e3x"}, "like 1e7 or 2^30"},
		{[]string{"--samples", "2"}, "--samples must be"},
		{[]string{"--tests", "triples,nope"}, `unknown test "nope"`},
		{[]string{"--tests", "all", "--samples", "64"}, "--tests birthdays8 needs samples of at least 2^18 values for its second-level test (--numbers / --samples is 2^16): give --numbers 2^24 or more, or --samples 16 or fewer"},
		{[]string{"--gens", "nope"}, "unknown generator"},
		{[]string{"--csv", filepath.Join(dir, "no", "such", "dir", "t.csv")}, "t.csv"},
	} {
		r := speckle(t, noGPU, append([]string{"rng", "test"}, c.args...)...)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q: want exit 2 and one line saying %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

// rng list marks RANDU as the teaching control it is.
func TestRngListMarksTheControl(t *testing.T) {
	r := speckle(t, nil, "rng", "list")
	i := strings.Index(r.stdout, "\nrandu ")
	if r.code != 0 || i < 0 || !strings.Contains(r.stdout[i:], "(teaching control") {
		t.Errorf("rng list does not mark randu as a control:\n%s", r.stdout)
	}
}

// Issue 34 item 11: streams shorter than a group of birthdays are refused
// for what runs, not for the whole battery: `--tests monobit` with streams
// of 256 values runs (exit 0, both orders of each generator tested); the
// whole battery on the same streams, and monobit on streams shorter than its
// blocks, are refused in one line naming the limit of the tests run.
func TestRngTestLimitsOfTheTestsRun(t *testing.T) {
	run := []string{"rng", "test", "--gens", "philox,rand48", "--numbers", "2^16", "--streams", "256", "--samples", "8"}
	r := speckle(t, nil, append(run, "--tests", "monobit")...)
	if r.code != 0 || strings.Count(r.stdout, "monobit  stream    65536") != 2 || strings.Count(r.stdout, "monobit  consumed  65536") != 2 {
		t.Errorf("--tests monobit on streams of 256: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	noGPU := []string{"__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--tests", "monobit,collisions"}, "a stream of 256 values is shorter than a group of birthdays (512)"},
		{[]string{"--samples", "16"}, "a stream of 256 values is shorter than a group of birthdays (512)"},
		{[]string{"--tests", "rank", "--streams", "4096"}, "a stream of 16 values is shorter than one item of the rank test (32 values)"},
		{[]string{"--tests", "monobit", "--streams", "2048"}, "a stream of 32 values is shorter than the battery's blocks for the monobit test (64 values a stream)"},
	} {
		args := append(append([]string{}, run...), c.args...)
		r := speckle(t, noGPU, args...)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q: want exit 2 and one line saying %q", c.args, r.code, r.stderr, c.want)
		}
	}
}
