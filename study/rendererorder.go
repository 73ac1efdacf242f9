package study

import (
	"fmt"
	"io"
	"math"
	"text/tabwriter"

	"speckle/internal/stats"
	"speckle/lab"
	"speckle/render"
	"speckle/rng"
)

// RendererOrder makes rng test read the numbers exactly as a pass of the
// renderer draws them: the generator is laid out as a render of Width x
// Height pixels with Photons photons an iteration lays it out
// (render.Layout: rand48 leapfrogged over every photon, Sobol's points
// k*Photons+i), and each of the battery's streams is one slot's draws
// through the render, photon after photon, as the renderer's floats.
type RendererOrder struct {
	Scene         string // the render's scene, named in the report
	Pass          render.Pass
	Width, Height int
	Photons       int // per iteration
	// PerPhoton is the values a photon (eye ray) draws: where a quasi-random
	// generator starts its next point; stream generators do not depend on it.
	PerPhoton int
	// Lags is how many lags the lag table shows (0: none).
	Lags int
}

// PassLayout is the pass's generator layout with seed and options.
func (r RendererOrder) PassLayout(seed uint32, options map[string]string) render.PassLayout {
	return render.Layout(r.Pass, r.Width, r.Height, r.Photons, seed, options)
}

// CheckSlots refuses a renderer order the renderer cannot have. Photons 0 is
// auto, checked again once the device is known.
func (r RendererOrder) CheckSlots(slots int) error {
	switch {
	case r.Photons < 0 || r.Photons > render.MaxPhotonsPerIteration:
		return Inputf("--photons-per-iteration must be 1..%d (got %d)", render.MaxPhotonsPerIteration, r.Photons)
	case r.Width < 1 || r.Height < 1 || r.Width > 16384 || r.Height > 16384:
		return Inputf("--size %dx%d: width and height must be 1..16384", r.Width, r.Height)
	case r.PerPhoton < 1 || r.PerPhoton > 1024:
		return Inputf("--draws-per-photon must be 1..1024 (got %d)", r.PerPhoton)
	case r.Lags < 0 || r.Lags > MaxLags:
		return Inputf("--lags must be 0..%d (got %d)", MaxLags, r.Lags)
	}
	if streams := r.PassLayout(0, nil).Cfg.Streams; streams > 0 && slots > streams {
		return Inputf("--streams %d: the %s pass has only %d slots", slots, r.Pass, streams)
	}
	return nil
}

// CheckGen refuses the lag table for a generator without a Go reference
// (glsl:FILE): LagTable draws from it. A nil order has no lag table.
func (r *RendererOrder) CheckGen(g *rng.Generator) error {
	if r == nil || r.Lags == 0 {
		return nil
	}
	if err := g.NoReference("--lags (the lag table is drawn from the Go reference)"); err != nil {
		return Inputf("%v", err)
	}
	return nil
}

// MaxLags bounds the lag table.
const MaxLags = 64

// LagResult is one lag of the lag table: the serial test of the pairs
// (value n, value n+Lag) of a slot's draws.
type LagResult struct {
	Generator string `json:"generator"`
	Lag       int    `json:"lag"`
	Pairs     int64  `json:"pairs"`
	// Z is how far the chi-square lies from its mean, in its standard
	// deviations ((X - dof) / sqrt(2 dof)): where every lag fails, it says
	// which lags are the most correlated.
	Z float64 `json:"z"`
	P float64 `json:"p"`
	// Q is P's Benjamini-Hochberg adjusted p-value among the generator's
	// p-values (rng test's rule: a FAIL exactly where Q <= stats.FDRLevel).
	Q       float64 `json:"q"`
	Verdict string  `json:"verdict"`
	// Draws names the first pair of draws of a path the lag joins.
	Draws string `json:"draws"`
}

// lagCellBits are the top bits of each value of a lag pair: 64 x 64 cells.
const lagCellBits = 6

// LagTable is the lag table of one generator: for lag L = 1..r.Lags, the
// non-overlapping pairs (value n, value n+L) of each of `slots` slots'
// first `perSlot` draws (blocks of 2L values, the first L each paired with
// the one L on) counted in 64 x 64 cells, by Pearson's chi-square. It runs
// on the Go reference (rng.RendererStream), whose values are the GPU's bit
// for bit (render's TestRendererOrderDrawsEqualGo): a lag that fails says
// which draws of one photon's path are correlated.
func (r RendererOrder) LagTable(label string, inst rng.Instance, l render.PassLayout, slots int, perSlot int64) []LagResult {
	draws := make([][]uint32, slots)
	for s := range draws {
		next := rng.RendererStream(inst, l.Cfg.Streams, s, r.PerPhoton, l.SlotSequences)
		draws[s] = make([]uint32, perSlot)
		for m := range draws[s] {
			draws[s][m] = rng.RendererWord(next()) >> (lab.RendererBits - lagCellBits)
		}
	}
	weights := make([]float64, 1<<(2*lagCellBits))
	for i := range weights {
		weights[i] = 1
	}
	var out []LagResult
	for lag := 1; lag <= r.Lags; lag++ {
		counts := make([]uint64, len(weights))
		pairs := int64(0)
		for _, v := range draws {
			for b := 0; b+2*lag <= len(v); b += 2 * lag {
				for j := b; j < b+lag; j++ {
					counts[v[j]<<lagCellBits|v[j+lag]]++
					pairs++
				}
			}
		}
		p := stats.ChiSquare(counts, weights)
		// Q alone (rng test grades it again among the generator's p-values).
		out = append(out, LagResult{label, lag, pairs, chiSquareZ(counts, pairs), p, stats.TwoSided(p), stats.Verdict(p),
			fmt.Sprintf("%s & %s", r.Pass.DrawName(0), r.Pass.DrawName(lag))})
	}
	return out
}

// chiSquareZ is (X - dof) / sqrt(2 dof) for counts expected equal.
func chiSquareZ(counts []uint64, total int64) float64 {
	e := float64(total) / float64(len(counts))
	x := 0.0
	for _, c := range counts {
		d := float64(c) - e
		x += d * d / e
	}
	dof := float64(len(counts) - 1)
	return (x - dof) / math.Sqrt(2*dof)
}

// LagValues is how many draws a slot gives the lag table: enough for about
// 2^22 pairs over all slots, at most what the battery tests.
func LagValues(slots int, perSlot int64) int64 {
	return min(perSlot, max(int64(4096), (int64(1)<<23)/int64(slots)))
}

// WriteLags writes the lag table of each generator.
func WriteLags(w io.Writer, lags []LagResult) error {
	if len(lags) == 0 {
		return nil
	}
	fmt.Fprintf(w, "\nlags: pairs (value n, value n+lag) of a slot's draws, %d x %d cells (chi-square); the first pair of a path each joins\n", 1<<lagCellBits, 1<<lagCellBits)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "generator\tlag\tpairs\tz\tp\tq\tverdict\tdraws")
	for _, l := range lags {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\t%s\t%s\t%s\t%s\n", l.Generator, l.Lag, l.Pairs, l.Z, PText(l.P), PText(l.Q), l.Verdict, l.Draws)
	}
	return tw.Flush()
}
