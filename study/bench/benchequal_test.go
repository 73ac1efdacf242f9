package bench

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes"
	"speckle/study"
)

// bench render at equal time renders each case until its GPU time reaches
// the budget and measures its RMSE against the reference (cornell's stored
// one averaged down to 80x45): eight times the budget gives at least 2x the
// photons (not 8x: llvmpipe shares the machine's cores with other tests, and
// a loaded run gave 3.7x) and an RMSE at least 1.3x lower, with both
// gathers; the table and the JSON carry the figures.
func TestRenderBenchEqualTimeRMSEFalls(t *testing.T) {
	run := func(budget time.Duration) RenderBenchReport {
		b := RenderBench{Scenes: []*scenes.Scene{builtin(t, "cornell")}, Specs: []rng.Spec{spec(t, "philox")},
			Width: 80, Height: 45, PhotonsPerIteration: 4096, Seed: 1, EqualTime: budget,
			Gathers: []render.GridGather{render.GatherCells, render.GatherStochastic}}
		var rep RenderBenchReport
		gltest.On(t, func(c *gpu.Context) (err error) {
			rep, err = b.Run(c)
			return err
		})
		return rep
	}
	short, long := run(250*time.Millisecond), run(2*time.Second)
	for i, s := range short.Cases {
		l := long.Cases[i]
		e, f := s.EqualTime, l.EqualTime
		t.Logf("%s: %.2fs %d photons RMSE %.4g; %.2fs %d photons RMSE %.4g", s.HashGrid, e.GPUSeconds, e.Photons, e.RMSE, f.GPUSeconds, f.Photons, f.RMSE)
		if e.GPUSeconds < 0.25 || f.GPUSeconds < 2 || f.Photons < 2*e.Photons || !(f.RMSE*1.3 < e.RMSE) || !strings.Contains(e.Reference, "cornell-640x360.pfm") {
			t.Errorf("%s: budget 0.25s: %+v; budget 2s: %+v", s.HashGrid, *e, *f)
		}
	}
	var table, js bytes.Buffer
	if err := long.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	if err := long.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"until 2s of GPU time", "stochastic 2", "RMSE", "cornell's reference: 1e10 photons, cornell-640x360.pfm"} {
		if !strings.Contains(table.String(), want) {
			t.Errorf("table without %q:\n%s", want, table.String())
		}
	}
	if !strings.Contains(js.String(), `"rmse"`) || !strings.Contains(js.String(), `"budget_s": 2`) {
		t.Errorf("JSON without the equal-time figures:\n%s", js.String())
	}
}

// At equal time a scene with no reference at the size, a negative budget
// and --breakdown are refused before any GPU work, in one line.
func TestRenderBenchEqualTimeRefusals(t *testing.T) {
	base := RenderBench{Scenes: []*scenes.Scene{builtin(t, "cornell")}, Specs: []rng.Spec{spec(t, "philox")},
		Width: 100, Height: 50, PhotonsPerIteration: 4096, EqualTime: time.Second}
	negative, breakdown := base, base
	negative.Width, negative.Height, negative.EqualTime = 80, 45, -time.Second
	breakdown.Width, breakdown.Height, breakdown.Breakdown = 80, 45, true
	for _, c := range []struct {
		b    RenderBench
		want string
	}{{base, "no reference at 100x50"}, {negative, "must be positive"}, {breakdown, "give one"}} {
		err := c.b.Check()
		var input study.InputError
		if err == nil || !errors.As(err, &input) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%+v: %v, want an input error naming %q", c.b, err, c.want)
		}
	}
}
