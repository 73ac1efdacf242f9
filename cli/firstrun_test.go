package cli

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"speckle/imageio"
	"speckle/internal/units"
	"speckle/render"
	"speckle/scenes"
	"speckle/study/lesson"
)

// withFlag is args with flag's value replaced (the flag must be there).
func withFlag(t *testing.T, args []string, flag, value string) []string {
	t.Helper()
	i := slices.Index(args, flag)
	if i < 0 {
		t.Fatalf("%s not in %q", flag, args)
	}
	out := slices.Clone(args)
	out[i+1] = value
	return out
}

// Issue #25, item 1: plain `speckle`'s comparison shows an artifact. At its own settings
// (scene, size, photons per iteration, first photon count), Lehmer's rings raise the 90th
// percentile of the per-pixel relative error (imageio.PixelError, the heatmap's) over the
// lehmer-rings lesson's region to at least the lesson's factor (1.3) times philox's; two
// seeds of philox, the noise alone, differ by less than 10 %. Measured on llvmpipe: lehmer
// 0.614, philox seeds 1, 2, 3 0.400, 0.404, 0.397. (The lessons' RMS region error is no
// use at one iteration: a few fireflies make two philox seeds differ by 1.6 times at 160x90.)
func TestFirstRunShowsLehmersRings(t *testing.T) {
	dir := t.TempDir()
	art := firstRun.artifacts[0]
	args := defaultComparison(&strings.Builder{})
	args = withFlag(t, args, "--at", fmt.Sprint(art.photons))
	args = withFlag(t, args, "--gens", art.gen+",philox,philox:seed=2")
	args = withFlag(t, args, "--seeds", "1")
	args = withFlag(t, args, "--out", filepath.Join(dir, "set"))
	r := speckleAt(t, dir, nil, 5*time.Minute, nil, append(args, "--hdr")...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	lesson, err := lesson.LookupLesson(art.lesson)
	if err != nil {
		t.Fatal(err)
	}
	w, h, err := units.ParseSize(firstRun.size, 1, 8192)
	if err != nil {
		t.Fatal(err)
	}
	scene, err := scenes.Open(firstRun.scene)
	if err != nil {
		t.Fatal(err)
	}
	ref, where, err := render.StoredReference(scene, w, h)
	if ref == nil || err != nil {
		t.Fatalf("no reference: %s %v", where, err)
	}
	p90 := func(label string) float64 {
		img, err := imageio.ReadPFM(filepath.Join(dir, "set", fmt.Sprintf("%s-%d.pfm", label, art.photons)))
		if err != nil {
			t.Fatal(err)
		}
		return errorPercentile(img, *ref, lesson.Region.Pixels(w, h), 0.9)
	}
	artifact, philox, philox2 := p90(art.gen), p90("philox"), p90("philox-seed2")
	t.Logf("90th percentile of the region's relative error: %s %.4f, philox %.4f, philox seed 2 %.4f", art.gen, artifact, philox, philox2)
	if ratio := artifact / philox; ratio < lesson.Factor {
		t.Errorf("%s / philox = %.3f, want at least %.2f: the first run shows no rings", art.gen, ratio, lesson.Factor)
	}
	if ratio := philox2 / philox; ratio < 1/1.1 || ratio > 1.1 {
		t.Errorf("philox seed 2 / seed 1 = %.3f: the metric no longer tells noise from rings", ratio)
	}
}

// errorPercentile is the q-quantile of the per-pixel relative error of img against ref
// over rect.
func errorPercentile(img, ref imageio.Image, rect image.Rectangle, q float64) float64 {
	var errs []float64
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			o := 4 * (y*img.W + x)
			a := [3]float32{img.Pix[o], img.Pix[o+1], img.Pix[o+2]}
			r := [3]float32{ref.Pix[o], ref.Pix[o+1], ref.Pix[o+2]}
			errs = append(errs, imageio.PixelError(a, r, true))
		}
	}
	slices.Sort(errs)
	return errs[int(q*float64(len(errs)-1))]
}

// Issue #25, item 6: capture's default --at is auto (the device decides: smaller counts on
// a CPU rasteriser), and its help says so. Before, 1e5,1e6,1e7: four minutes on llvmpipe.
func TestCaptureDefaultsToAutoCounts(t *testing.T) {
	c, _, err := newRoot(&strings.Builder{}, &strings.Builder{}).Find([]string{"capture"})
	if err != nil {
		t.Fatal(err)
	}
	at := c.Flags().Lookup("at")
	if at.DefValue != "auto" || !strings.Contains(at.Usage, "CPU rasteriser") {
		t.Errorf("--at default %q, help %q: want auto, and the help naming the CPU rasteriser's counts", at.DefValue, at.Usage)
	}
}

// Issue #25, item 2: from a directory that holds no assets/ (and a binary with none beside
// it: the test binary's folder), the built-in references still give render its RMSE,
// capture its convergence plot and a lesson its criterion.
func TestRunsFromAnotherDirectory(t *testing.T) {
	dir := t.TempDir()
	r := speckleAt(t, dir, nil, 2*time.Minute, nil, "render", "--scene", "cornell", "--size", "80x45", "--photons", "1e4", "--out", "r.png")
	if r.code != 0 || !strings.Contains(r.stdout, "(reference: 1e10 photons, cornell-640x360.pfm (built in) averaged 8x8)") {
		t.Errorf("render: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = speckleAt(t, dir, nil, 2*time.Minute, nil, "capture", "--scene", "caustics", "--size", "80x45", "--gens", "philox", "--at", "1e4,2e4", "--out", "set")
	if _, err := os.Stat(filepath.Join(dir, "set", "convergence.png")); r.code != 0 || err != nil || strings.Contains(r.stderr, "left out") {
		t.Errorf("capture: exit %d, convergence.png: %v, stderr %q", r.code, err, r.stderr)
	}
	r = speckleAt(t, dir, nil, 2*time.Minute, nil, "lesson", "philox-control", "--size", "80x45", "--time-limit", "1", "--photons-per-iteration", "4096", "--out", "l.png")
	if r.code != 0 || !strings.Contains(r.stdout, "l.png: the figure") {
		t.Errorf("lesson: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = speckleAt(t, dir, nil, time.Minute, nil, "gpu")
	if r.code != 0 || !strings.Contains(r.stdout, "built into the binary: 2 .pfm") {
		t.Errorf("gpu: exit %d, stdout %q", r.code, r.stdout)
	}
}

// Issue #25, item 2: --references DIR (and $SPECKLE_REFERENCES) is searched first and is
// where speckle reference writes.
func TestUserReferenceFolder(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "mine")
	if err := os.Mkdir(mine, 0o755); err != nil {
		t.Fatal(err)
	}
	r := speckleAt(t, dir, nil, time.Minute, []string{"SPECKLE_REFERENCES=" + filepath.Join(dir, "typo")},
		"reference", "--scene", "cornell", "--size", "40x24", "--photons", "1e4", "--allow-weak-reference")
	if _, err := os.Stat(filepath.Join(dir, "typo")); r.code != 2 || err == nil {
		t.Errorf("a missing folder of yours: exit %d (want 2), made: %v", r.code, err == nil)
	}
	r = speckleAt(t, dir, nil, 2*time.Minute, []string{"SPECKLE_REFERENCES=" + mine},
		"reference", "--scene", "cornell", "--size", "40x24", "--photons", "1e4", "--allow-weak-reference")
	if _, err := os.Stat(filepath.Join(mine, "cornell-40x24.pfm")); r.code != 0 || err != nil {
		t.Fatalf("reference: exit %d, %v, stderr %q", r.code, err, r.stderr)
	}
	r = speckleAt(t, dir, nil, 2*time.Minute, nil, "render", "--references", mine, "--scene", "cornell", "--size", "40x24", "--photons", "1e3", "--out", "r.png", "--allow-weak-reference")
	if want := "(reference: 1e4 photons, " + filepath.Join(mine, "cornell-40x24.pfm") + ")"; r.code != 0 || !strings.Contains(r.stdout, want) {
		t.Errorf("render --references: exit %d, stdout %q, want %q", r.code, r.stdout, want)
	}
}

// Issue #25, item 4: --radius's help gives each built-in scene's range, which the scene
// enforces, not the flag's outer bound.
func TestRadiusHelpNamesTheScenesRange(t *testing.T) {
	var out strings.Builder
	if code := Main([]string{"render", "--help"}, &out, &out); code != 0 {
		t.Fatalf("exit %d", code)
	}
	help := out.String()
	i := strings.Index(help, "--radius")
	line := help[i : i+strings.Index(help[i:], "\n")]
	for _, name := range scenes.Names() {
		scene, err := scenes.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("%s %g", name, render.RadiusRange(scene).Hi); !strings.Contains(line, want) {
			t.Errorf("--radius help %q does not say %q", line, want)
		}
	}
	if strings.Contains(line, "400") {
		t.Errorf("--radius help %q gives the outer bound 400, which no scene takes", line)
	}
}
