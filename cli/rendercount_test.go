package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/imageio/figtest"
)

// render and capture trace exactly the photons asked for where the count is
// no multiple of the iteration size (a last, shorter iteration), and say so:
// render's line states the photon pass's own count, capture's file names and
// CSV rows the count each cell was taken at (issue #9 item 5).
func TestRenderAndCaptureTraceExactCounts(t *testing.T) {
	dir := t.TempDir()
	r := speckle(t, nil, "render", "--scene", "plane", "--gen", "pcg32", "--photons", "7e4", "--size", "32x24", "--out", filepath.Join(dir, "r.png"))
	if r.code != 0 || !strings.Contains(r.stdout, ", 70000 photons in ") {
		t.Errorf("render --photons 7e4: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	r = speckle(t, nil, "render", "--scene", "plane", "--gen", "pcg32", "--photons", "1234", "--photons-per-iteration", "500", "--size", "16x12", "--out", filepath.Join(dir, "s.png"))
	if r.code != 0 || !strings.Contains(r.stdout, ", 1234 photons in 3 iterations") {
		t.Errorf("render --photons 1234 --photons-per-iteration 500: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	capDir := filepath.Join(dir, "cap")
	r = speckle(t, nil, "capture", "--scene", "plane", "--gens", "philox", "--at", "1e3,2e3,2.5e3", "--photons-per-iteration", "700", "--size", "16x12", "--out", capDir)
	if r.code != 0 {
		t.Fatalf("capture: exit %d, %s", r.code, r.stderr)
	}
	for _, f := range []string{"philox-1e3.png", "philox-2e3.png", "philox-2.5e3.png"} {
		if _, err := os.Stat(filepath.Join(capDir, f)); err != nil {
			t.Error(err)
		}
	}
	_, rows, err := figtest.ReadConvergenceCSV(filepath.Join(capDir, "convergence.csv"))
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, row := range rows {
		got = append(got, row.Photons)
	}
	if len(got) != 3 || got[0] != 1000 || got[1] != 2000 || got[2] != 2500 {
		t.Errorf("convergence.csv's photon counts %v, want [1000 2000 2500]", got)
	}
}

// A render whose photons would need more loop passes than one GPU
// invocation is trusted with (a radius that makes every gather walk all
// 65,536 pixels' points) fails in one line and writes no image. (Exit 1,
// a failure at run time, where cli.go's run tells those from usage errors.)
func TestRenderRefusesPhotonsPastTheLoopBudget(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.png")
	r := speckle(t, nil, "render", "--scene", "cornell", "--gen", "pcg32", "--photons", "64", "--size", "256x256", "--radius", "3.8", "--out", out)
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	last := lines[len(lines)-1]
	if r.code == 0 || len(lines) != 1 || !strings.Contains(last, "a group of photons traced together may have needed") || strings.Contains(r.stderr, "goroutine") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an image was written")
	}
}
