package cli

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A render's progress comes at regular intervals from its start, with a
// true rate: off a terminal, a line every SPECKLE_PROGRESS_INTERVAL (here
// 200 ms), the first well before the end (batches of 64 iterations made it
// come at 84 %), percentages rising, and the last line's rate within a
// factor of two of the rate the render reports at its end.
func TestRenderProgressAtRegularIntervals(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.png")
	r := speckle(t, []string{progressIntervalEnv + "=200ms"}, "render", "--scene", "caustics", "--photons", "6e5", "--size", "160x90", "--out", out)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	line := regexp.MustCompile(`(?m)^render caustics philox: +(\d+)% \d+/\d+ k photons, ([0-9.e+]+) k photons/s, ETA \S+$`)
	lines := line.FindAllStringSubmatch(r.stderr, -1)
	if len(lines) < 3 {
		t.Fatalf("%d progress lines:\n%s", len(lines), r.stderr)
	}
	last := -1
	for _, l := range lines {
		pct, _ := strconv.Atoi(l[1])
		if pct <= last {
			t.Errorf("percentages do not rise: %q", r.stderr)
		}
		last = pct
	}
	if first, _ := strconv.Atoi(lines[0][1]); first > 60 {
		t.Errorf("the first progress line came at %d %%", first)
	}
	final := regexp.MustCompile(`([0-9.e+]+) photons/s`).FindStringSubmatch(r.stdout)
	rate, _ := strconv.ParseFloat(lines[len(lines)-1][2], 64)
	want, err := strconv.ParseFloat(strings.TrimSpace(final[1]), 64)
	if err != nil || rate*1e3 < want/2 || rate*1e3 > 2*want {
		t.Errorf("the last line's rate %g k photons/s against the render's %g photons/s", rate, want)
	}
}

// rng dump's progress goes to the command's error stream (the one Main is
// given), not to the process's os.Stderr: in stream and renderer order.
func TestDumpProgressOnTheCommandsStream(t *testing.T) {
	t.Setenv(progressIntervalEnv, "1ns")
	for _, order := range []string{"stream", "renderer"} {
		var stdout, stderr strings.Builder
		out := filepath.Join(t.TempDir(), "d.bin")
		if code := Main([]string{"rng", "dump", "--gen", "pcg32", "--device", "cpu", "--order", order, "--streams", "3", "--count", "64", "--out", out}, &stdout, &stderr); code != 0 {
			t.Fatalf("%s order: exit %d: %s", order, code, stderr.String())
		}
		if !regexp.MustCompile(`(?m)^dump pcg32: +\d+% \d+/3 (streams|slots)`).MatchString(stderr.String()) {
			t.Errorf("%s order: no progress line on the command's stream: %q", order, stderr.String())
		}
	}
}
