package streamlines

import (
	"fmt"
	"io"
	"time"

	"speckle/gpu"
	"speckle/render"
	"speckle/scenes/flow"
	"speckle/study"
)

// StreamlineBench measures streamline steps per second for each generator
// and jitter of a study: whole traces timed on the GPU (GL_TIME_ELAPSED, or
// glFinish and the wall clock on llvmpipe).
type StreamlineBench struct {
	Streamlines
	Time time.Duration // GPU time measured per case, after the warm-up
	// Breakdown also times each case cut down (render.StreamlinePart) and
	// prints the GPU time per step of each part.
	Breakdown bool
}

// StreamlineBreakdown splits a trace's GPU time per step (ns) by what
// leaving a part out saves: the density map's atomic adds (same paths), the
// generator's draws (against a cheap hash's, on paths of the same kind), and
// the rest, the field's look-ups and the step's arithmetic.
type StreamlineBreakdown struct {
	VisitsNs, GeneratorNs, RestNs float64
}

// breakdown measures the cut-down traces of cfg; full is the whole trace's
// ns per step, measured already.
func (b StreamlineBench) breakdown(c *gpu.Context, cfg render.StreamlineConfig, full float64) (StreamlineBreakdown, error) {
	var ns [3]float64
	ns[0] = full
	for part := render.StreamlineNoVisits; part <= render.StreamlineHashJitter; part++ {
		cfg.Part = part
		s, err := render.NewStreamlines(c, b.Field, cfg)
		if err != nil {
			return StreamlineBreakdown{}, err
		}
		total, reps, st, err := b.measure(c, s)
		s.Close()
		if err != nil {
			return StreamlineBreakdown{}, err
		}
		ns[part] = total.Seconds() * 1e9 / float64(st.Steps*int64(reps))
	}
	return StreamlineBreakdown{VisitsNs: ns[0] - ns[1], GeneratorNs: ns[1] - ns[2], RestNs: ns[2]}, nil
}

// benchWarmUp is the time each case runs before it is measured: programs
// built, memory first touched, and GPU clocks up (they rise only after some
// time under load).
const benchWarmUp = 250 * time.Millisecond

// Check refuses bad options before any GPU work.
func (b StreamlineBench) Check() error {
	if b.Time <= 0 || b.Time > time.Hour {
		return study.Inputf("--bench-time must be more than 0 and at most 1h (got %v)", b.Time)
	}
	return b.Streamlines.Check()
}

// Run measures each case and writes a line per case to w as it finishes.
func (b StreamlineBench) Run(c *gpu.Context, w io.Writer) error {
	for _, sp := range b.Specs {
		for _, jit := range b.Jitters {
			cfg := b.Config(sp, jit)
			s, err := render.NewStreamlines(c, b.Field, cfg)
			if err != nil {
				return fmt.Errorf("%s: %v", b.Label(sp), err)
			}
			total, reps, st, err := b.measure(c, s)
			s.Close()
			if err != nil {
				return err
			}
			steps := st.Steps * int64(reps)
			fmt.Fprintf(w, "streamlines bench: %.4g steps/s  %s, %s %dx%d, density %d, jitter %g, step %g, max-steps %d: %d steps per trace (mean length %.1f px), %.4g s per trace (%d traces) on %s\n",
				float64(steps)/total.Seconds(), b.Label(sp), b.Field.Name(), b.Width, b.Height, cfg.Density, cfg.Jitter, cfg.Step,
				s.Cfg.MaxSteps, st.Steps, st.MeanLength(cfg.Step), total.Seconds()/float64(reps), reps, c.Info)
			if b.Breakdown {
				bd, err := b.breakdown(c, cfg, total.Seconds()*1e9/float64(steps))
				if err != nil {
					return fmt.Errorf("%s: %v", b.Label(sp), err)
				}
				all := bd.VisitsNs + bd.GeneratorNs + bd.RestNs
				fmt.Fprintf(w, "  breakdown, GPU ps per step: density-map atomics %.2f (%.0f %%), generator %.2f (%.0f %%), field look-ups and arithmetic %.2f (%.0f %%)\n",
					1e3*bd.VisitsNs, 100*bd.VisitsNs/all, 1e3*bd.GeneratorNs, 100*bd.GeneratorNs/all, 1e3*bd.RestNs, 100*bd.RestNs/all)
			}
		}
	}
	return nil
}

// measure warms s up, then runs whole traces until b.Time of GPU time is
// measured (at least one); every trace of a configuration is the same.
func (b StreamlineBench) measure(c *gpu.Context, s *render.Streamlines) (time.Duration, int, flow.Stats, error) {
	run := func() (time.Duration, error) {
		s.Reset()
		c.Finish()
		return c.Time(s.Run)
	}
	for warm := time.Now(); time.Since(warm) < benchWarmUp; {
		if _, err := run(); err != nil {
			return 0, 0, flow.Stats{}, err
		}
	}
	var total time.Duration
	reps := 0
	for total < b.Time || reps < 1 {
		d, err := run()
		if err != nil {
			return 0, 0, flow.Stats{}, err
		}
		total += d
		reps++
	}
	return total, reps, s.Stats(), nil
}
