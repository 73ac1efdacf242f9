package capture

import (
	"image/gif"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/imageio"
	"speckle/imageio/figtest"
	"speckle/rng"
	"speckle/study"
)

// Check refuses two generators that are one (the CLI's deprecated --lux 3
// folded into ranlux), before any GPU work.
func TestCaptureCheckRefusesTheSameGeneratorTwice(t *testing.T) {
	o := Capture{Setup: study.Setup{Scene: builtin(t, "plane"), Width: 8, Height: 6, Alpha: 0.7},
		Specs: []rng.Spec{spec(t, "ranlux").With(map[string]string{"lux": "3"}), spec(t, "ranlux:lux=3")}}
	if err := o.Check(); !study.IsInputError(err) || !strings.Contains(err.Error(), "ranlux:lux=3 is named twice") {
		t.Errorf("ranlux and ranlux:lux=3 with lux 3: %v", err)
	}
	o.Specs[0] = spec(t, "ranlux")
	if err := o.Check(); err != nil {
		t.Errorf("ranlux and ranlux:lux=3: %v", err)
	}
}

// A capture of specs in the full grammar writes each one's images under its
// file name at each count, a CSV row per image at the exact counts with the
// spec's label and a finite RMSE (plane has an exact image), the montage and
// the plot; the set lands in place only on Commit.
func TestCaptureWritesTheSet(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "set")
	set, err := imageio.NewBatch(dir, "capture")
	if err != nil {
		t.Fatal(err)
	}
	defer set.Discard()
	var done, total int64
	o := Capture{Setup: study.Setup{Scene: builtin(t, "plane"), Width: 16, Height: 12, Alpha: 0.7, Seed: 1},
		Specs: []rng.Spec{spec(t, "lehmer:lehmer-seeding=slm"), spec(t, "philox:seed=3")}, At: []int64{500, 1200}, Seeds: 1,
		Set: set, Progress: func(d, t int64) { done, total = d, t }}
	var res Captured
	gltest.On(t, func(c *gpu.Context) (err error) {
		res, err = o.Run(c)
		return err
	})
	if res.Images != 4 || done != 2400 || total != 2400 {
		t.Errorf("captured %+v, progress %d of %d", res, done, total)
	}
	for _, f := range []string{"lehmer-slm-500.png", "lehmer-slm-1.2e3.png", "philox-seed3-500.png", "philox-seed3-1.2e3.png",
		"montage.png", "convergence.png", "convergence.svg", "convergence.pdf"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	// montage.png is a slide, its rows labelled in their generators' colours.
	if m, err := imageio.ReadPNG(filepath.Join(dir, "montage.png")); err != nil {
		t.Error(err)
	} else if m.Rect.Dx() != imageio.SlideWidth || m.Rect.Dy() != imageio.SlideHeight ||
		countColour(m, imageio.GeneratorColor("lehmer")) < 20 || countColour(m, imageio.GeneratorColor("philox")) < 20 {
		t.Errorf("montage.png %v, want a %dx%d slide with lehmer's and philox's colours", m.Rect, imageio.SlideWidth, imageio.SlideHeight)
	}
	metric, rows, err := figtest.ReadConvergenceCSV(filepath.Join(dir, "convergence.csv"))
	if err != nil || len(rows) != 4 || metric != imageio.DefaultMetric {
		t.Fatalf("convergence.csv: %s, %v, %v", metric, rows, err)
	}
	want := []struct {
		label   string
		photons int64
	}{{"lehmer slm", 500}, {"lehmer slm", 1200}, {"philox seed=3", 500}, {"philox seed=3", 1200}}
	for i, row := range rows {
		if row.Generator != want[i].label || row.Photons != want[i].photons || !(row.Error > 0) || math.IsInf(row.Error, 0) ||
			row.Seeds != 1 || row.Min != row.Error || row.Max != row.Error || !math.IsNaN(row.Slope) || !(row.RMSE > 0) { // two counts: no slope
			t.Errorf("row %d: %+v, want %s at %d photons", i, row, want[i].label, want[i].photons)
		}
	}
}

// captureRows runs a small capture of plane into a new set and returns its
// CSV rows and the set's folder.
func captureRows(t *testing.T, o Capture) ([]imageio.ConvergenceRow, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "set")
	set, err := imageio.NewBatch(dir, "capture")
	if err != nil {
		t.Fatal(err)
	}
	defer set.Discard()
	o.Setup = study.Setup{Scene: builtin(t, "plane"), Width: 16, Height: 12, Alpha: 0.7, Seed: 1, Metric: o.Metric}
	o.At, o.Set = []int64{500, 1200}, set
	o.Seeds = max(o.Seeds, 1)
	gltest.On(t, func(c *gpu.Context) error { _, err := o.Run(c); return err })
	_, rows, err := figtest.ReadConvergenceCSV(filepath.Join(dir, "convergence.csv"))
	if err != nil {
		t.Fatal(err)
	}
	return rows, dir
}

// --seeds K renders with seeds s..s+K-1: a capture of philox over seeds 1
// and 2 has as mean and band what captures of philox:seed=1 and
// philox:seed=2 measure alone, and is the same when run again.
func TestCaptureSeeds(t *testing.T) {
	two, _ := captureRows(t, Capture{Specs: []rng.Spec{spec(t, "philox")}, Seeds: 2})
	again, _ := captureRows(t, Capture{Specs: []rng.Spec{spec(t, "philox")}, Seeds: 2})
	one, _ := captureRows(t, Capture{Specs: []rng.Spec{spec(t, "philox:seed=1"), spec(t, "philox:seed=2")}})
	for k, r := range two {
		a, b := one[k].Error, one[k+len(two)].Error
		if r.Seeds != 2 || r.Min != min(a, b) || r.Max != max(a, b) || math.Abs(r.Error-(a+b)/2) > 1e-6*r.Error || a == b { // the CSV keeps 7 digits
			t.Errorf("row %d: %+v; seeds alone %v, %v", k, r, a, b)
		}
		if r.Error != again[k].Error || r.Min != again[k].Min || r.Max != again[k].Max || r.RMSE != again[k].RMSE {
			t.Errorf("row %d not reproduced: %+v then %+v", k, r, again[k])
		}
	}
}

// --views heatmap, --hdr and --animate: the heatmap montage, a PFM per cell
// and a GIF of one frame per count; --animate=frames a numbered PNG per count.
func TestCaptureFigures(t *testing.T) {
	_, dir := captureRows(t, Capture{Specs: []rng.Spec{spec(t, "philox"), spec(t, "lehmer")}, Heatmaps: true, HDR: true,
		Animate: AnimateGIF, Setup: study.Setup{Metric: imageio.MetricRelMSE}})
	for _, f := range []string{"heatmap.png", "montage.png", "philox-500.pfm", "lehmer-1.2e3.pfm"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if img, err := imageio.ReadPFM(filepath.Join(dir, "philox-1.2e3.pfm")); err != nil || img.W != 16 || img.H != 12 {
		t.Errorf("PFM %dx%d, %v", img.W, img.H, err)
	}
	f, err := os.Open(filepath.Join(dir, "animation.gif"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil || len(g.Image) != 2 {
		t.Fatalf("GIF: %v, %d frames, want 2", err, len(g.Image))
	}
	_, dir = captureRows(t, Capture{Specs: []rng.Spec{spec(t, "philox")}, NoMontage: true, Animate: AnimateFrames})
	names, _ := os.ReadDir(dir)
	var got []string
	for _, n := range names {
		got = append(got, n.Name())
	}
	if want := imageio.ManifestName + " convergence.csv convergence.pdf convergence.png convergence.svg frame-001.png frame-002.png philox-1.2e3.png philox-500.png"; strings.Join(got, " ") != want {
		t.Errorf("set %v, want %s", got, want)
	}
}

// A capture's title names the seeds each row ran, and the generators whose
// replicates step by more than one seed.
func TestCaptureSeedsText(t *testing.T) {
	for _, c := range []struct {
		specs string
		seeds int
		want  string
	}{
		{"philox,lehmer", 1, "seed 7"},
		{"philox,lehmer", 4, "seeds 7 to 10; lehmer's step 2^26 (images: the first)"},
		{"philox,pcg32", 4, "seeds 7 to 10 (images: the first)"},
		{"philox:seed=3,lehmer", 1, "seed 7 unless the generator names one"},
		{"philox:seed=3,lehmer", 2, "2 seeds from each generator's own; lehmer's step 2^26 (images: the first)"},
	} {
		specs, err := rng.ParseSpecs(c.specs)
		if err != nil {
			t.Fatal(err)
		}
		o := Capture{Setup: study.Setup{Seed: 7}, Specs: specs, Seeds: c.seeds}
		if got := o.seedsText(); got != c.want {
			t.Errorf("%s, %d seeds: %q, want %q", c.specs, c.seeds, got, c.want)
		}
	}
}

// The heatmaps' scale is robust: a few outliers (fireflies) do not set it,
// and its top is rounded up to two significant digits.
func TestHeatmapScaleIsRobust(t *testing.T) {
	errs := make([]float64, 1000)
	for i := range errs {
		errs[i] = 0.01 + 0.1*float64(i%100)/100 // up to 0.109
	}
	for i := 0; i < 30; i++ { // 3 % outliers, 100 times larger
		errs[i] = 10
	}
	top := robustTop(errs, heatmapPercentile)
	if top < 0.1 || top > 0.11 {
		t.Errorf("top %g, want about 0.11: the outliers must not set it", top)
	}
	if got := robustTop([]float64{0.01234}, 0.95); got != 0.013 {
		t.Errorf("top %g, want 0.013 (two significant digits, rounded up)", got)
	}
}
