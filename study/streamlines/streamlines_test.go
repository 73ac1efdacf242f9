package streamlines

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/imageio"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes/flow"
	"speckle/study"
)

func specs(t *testing.T, list string) []rng.Spec {
	t.Helper()
	s, err := rng.ParseSpecs(list)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// small is a study that traces in a blink on llvmpipe.
func small(t *testing.T, gens string, jitters ...float64) Streamlines {
	return Streamlines{Field: flow.Gyre(), Specs: specs(t, gens), Jitters: jitters, Width: 24, Height: 12,
		Params: flow.Params{Density: 2, Step: 0.5}, Seed: 0, Map: render.DensityMap}
}

func TestRMSLogDiff(t *testing.T) {
	a := []float64{0, 1, 10, 100}
	if d := rMSLogDiff(a, a); d != 0 {
		t.Errorf("a map against itself: %v", d)
	}
	// One pixel of four differs by log(1+e-1) - log(1) = 1: RMS sqrt(1/4).
	if d := rMSLogDiff([]float64{0, 0, 0, 0}, []float64{math.E - 1, 0, 0, 0}); math.Abs(d-0.5) > 1e-12 {
		t.Errorf("one pixel off by 1 in log: %v, want 0.5", d)
	}
	b := []float64{3, 1, 0, 7}
	if rMSLogDiff(a, b) != rMSLogDiff(b, a) {
		t.Error("not symmetric")
	}
}

// File names: a cell's generator (with its options and its own
// seed) and jitter; the default outputs; a field file's base name.
func TestStreamlineNames(t *testing.T) {
	o := small(t, "lehmer:lehmer-seeding=slm,philox:seed=3", 0, 0.5)
	if got := o.CellFile(o.Specs[0], 0.5); got != "lehmer-slm-jitter0.5.png" {
		t.Errorf("cell file %q", got)
	}
	if got := o.CellFile(o.Specs[1], 0); got != "philox-seed3-jitter0.png" {
		t.Errorf("cell file %q", got)
	}
	if out, err := o.DefaultOut(); err != nil || out != "screenshots/streamlines-gyre" || !o.IsMontage() {
		t.Errorf("montage out %q, %v", out, err)
	}
	one := small(t, "lehmer:lehmer-seeding=slm", 1)
	if out, err := one.DefaultOut(); err != nil || out != "screenshots/gyre-lehmer-slm.png" || one.IsMontage() {
		t.Errorf("picture out %q, %v", out, err)
	}
	if got := fieldBase("/data/my field.v2.txt"); got != "my_field.v2" {
		t.Errorf("field base %q", got)
	}
}

// Check refuses before any GPU work: a cell named twice, two generators
// drawing the same numbers, bad parameters at any jitter; a spec's own seed
// wins over the study's.
func TestStreamlineCheck(t *testing.T) {
	for _, c := range []struct {
		o    func() Streamlines
		want string
	}{
		{func() Streamlines { return small(t, "philox", 0, 0.5, 0) }, "philox, jitter 0 twice"},
		{func() Streamlines { return small(t, "philox", 1, -1) }, "--jitter must be"},
		{func() Streamlines {
			o := small(t, "philox,pcg32,philox:seed=1", 1)
			o.Seed = 1
			return o
		}, "philox and philox seed=1 draw the same numbers (seed 1)"},
		{func() Streamlines {
			o := small(t, "philox", 1)
			o.Params.Density = 0
			return o
		}, "--density must be 1..16"},
	} {
		err := c.o().Check()
		if err == nil || !study.IsInputError(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: want an input error saying %q", err, c.want)
		}
	}
	o := small(t, "philox:seed=3,philox", 1)
	o.Seed = 9
	if a, b := o.Config(o.Specs[0], 1), o.Config(o.Specs[1], 1); a.RNG.Seed != 3 || b.RNG.Seed != 9 || a.Jitter != 1 {
		t.Errorf("seeds %d and %d, jitter %v", a.RNG.Seed, b.RNG.Seed, a.Jitter)
	}
}

// A montage writes a PNG per cell, montage.png and stats.csv; without
// jitter every generator draws the same map (rms_log_diff 0), with it
// another generator differs; progress climbs to the total.
func TestStreamlineMontage(t *testing.T) {
	o := small(t, "philox,lehmer", 0, 1)
	var last, total int64
	o.Progress = func(done, of int64) {
		if done < last || done > of {
			t.Errorf("progress %d of %d after %d", done, of, last)
		}
		last, total = done, of
	}
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "m")
	batch, err := imageio.NewBatch(dir, "streamlines")
	if err != nil {
		t.Fatal(err)
	}
	defer batch.Discard()
	var m Montaged
	gltest.On(t, func(c *gpu.Context) (err error) {
		m, err = o.WriteMontage(c, batch)
		return err
	})
	if err := batch.Commit(); err != nil {
		t.Fatal(err)
	}
	if m.Images != 4 || m.Max <= 0 || last != total || total != 4*24*12*4 {
		t.Errorf("montage %+v, progress %d of %d", m, last, total)
	}
	for _, name := range []string{"montage.png", "philox-jitter0.png", "lehmer-jitter1.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	f, err := os.Open(filepath.Join(dir, "stats.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) != 5 || strings.Join(recs[0], ",") != strings.Join(statsHeader, ",") {
		t.Fatalf("stats.csv: %v, %v", recs, err)
	}
	diff := len(statsHeader) - 1
	if recs[3][3] != "0" || recs[3][diff] != "0.0000" || recs[4][3] != "1" || recs[4][diff] == "0.0000" {
		t.Errorf("lehmer's rows against philox: %v, %v", recs[3], recs[4])
	}
}

// One picture is a PNG of the study's size; its trace saw every streamline.
func TestStreamlinePicture(t *testing.T) {
	o := small(t, "pcg32", 1)
	path := filepath.Join(t.TempDir(), "p.png")
	var tr Traced
	gltest.On(t, func(c *gpu.Context) (err error) {
		tr, err = o.WritePicture(c, path)
		return err
	})
	img, err := imageio.ReadPNG(path)
	if err != nil || img.Rect.Dx() != 24 || img.Rect.Dy() != 12 {
		t.Fatalf("%v, %v", err, img)
	}
	if tr.Label != "pcg32" || tr.Stats.Streamlines != 24*12*4 || !strings.HasPrefix(tr.String(), "24x12, density 2, jitter 1, step 0.5: 1152 streamlines") {
		t.Errorf("traced %q: %q", tr.Label, tr)
	}
}

// The bench writes a line per generator and jitter with a rate.
func TestStreamlineBench(t *testing.T) {
	b := StreamlineBench{Streamlines: small(t, "philox,lehmer", 1), Time: 0}
	if err := b.Check(); err == nil || !strings.Contains(err.Error(), "--bench-time") {
		t.Errorf("no bench time: %v", err)
	}
	b.Time = 1
	var out strings.Builder
	gltest.On(t, func(c *gpu.Context) error { return b.Run(c, &out) })
	if n := strings.Count(out.String(), "streamlines bench: "); n != 2 || !strings.Contains(out.String(), "steps/s  lehmer, gyre 24x12, density 2") {
		t.Errorf("%d lines:\n%s", n, out.String())
	}
	if strings.Contains(out.String(), "breakdown") {
		t.Errorf("a breakdown nobody asked for:\n%s", out.String())
	}
	out.Reset()
	b.Breakdown = true
	gltest.On(t, func(c *gpu.Context) error { return b.Run(c, &out) })
	if n := strings.Count(out.String(), "  breakdown, GPU ps per step: density-map atomics "); n != 2 {
		t.Errorf("%d breakdown lines:\n%s", n, out.String())
	}
}
