package capture

import (
	"fmt"
	"math"
	"time"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/render"
	"speckle/study"
)

// A capture's units are its renders, one generator with one seed through
// every count: independent of each other, so that devices (or processes)
// may render them apart and Gather write the set as one render would.
// Unit u is generator u/Seeds with its (u%Seeds)-th seed.

// Shot is a unit's render at one count: the J-th of At.
type Shot struct {
	J        int
	Photons  int64   // emitted so far
	Seconds  float64 // since the unit's render began
	Radiance imageio.Image
}

// Units is how many renders a resolved capture makes.
func (o Capture) Units() int { return len(o.Specs) * o.Seeds }

// RenderUnit renders unit u of a resolved capture (see Resolved) through
// every count and hands each count's shot to shot.
func (o Capture) RenderUnit(c *gpu.Context, u int, shot func(Shot) error) error {
	if u < 0 || u >= o.Units() {
		return fmt.Errorf("capture unit %d: there are %d", u, o.Units())
	}
	i, k := u/o.Seeds, u%o.Seeds
	last := o.At[len(o.At)-1]
	cfg, err := o.Config(o.seeded(o.Specs[i], k))
	if err != nil {
		return err
	}
	cfg.Photons = o.PhotonsPerIteration
	s, err := render.NewSPPM(c, o.Scene, cfg)
	if err != nil {
		return err
	}
	defer s.Close()
	start := time.Now()
	done := int64(u) * last
	progress := func(n int64) { o.Progress.Report(done+n, int64(o.Units())*last) }
	return study.Progressive(s, o.At, progress, func(j int) error {
		c.Finish()
		secs := time.Since(start).Seconds()
		if err := study.CheckTraced(s, o.At[j]); err != nil {
			return err
		}
		img, err := study.Radiance(s)
		if err != nil {
			return err
		}
		return shot(Shot{J: j, Photons: s.Emitted, Seconds: secs, Radiance: img})
	})
}

// record keeps unit u's shot in the table: every seed's error and time,
// the first seed's pictures written.
func (o Capture) record(t *table, u int, s Shot) error {
	i, k := u/o.Seeds, u%o.Seeds
	if i >= len(t.cells) || s.J < 0 || s.J >= len(o.At) {
		return fmt.Errorf("capture unit %d: no count %d", u, s.J)
	}
	cell := &t.cells[i][s.J]
	cell.photons = s.Photons
	if len(cell.errs) == 0 { // seeds may come in any order: each has its place
		cell.errs, cell.rmses, cell.flies, cell.secs = make([]float64, o.Seeds), make([]float64, o.Seeds), make([]float64, o.Seeds), make([]float64, o.Seeds)
	}
	cell.secs[k] = s.Seconds
	cell.errs[k], cell.rmses[k], cell.flies[k] = math.NaN(), math.NaN(), math.NaN()
	if t.ref != nil {
		cell.errs[k], _ = o.Metric.Of(s.Radiance, *t.ref)
		cell.rmses[k], _ = imageio.RMSE(s.Radiance, *t.ref)
		if n, err := imageio.Fireflies(s.Radiance, *t.ref); err == nil {
			cell.flies[k] = float64(n)
		}
	}
	if k > 0 {
		return nil
	}
	return o.writeCell(cell, s.Radiance, o.Specs[i].FileName(), o.At[s.J], t.ref != nil)
}
