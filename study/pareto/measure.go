package pareto

import (
	"fmt"
	"math"
	"time"

	"speckle/gpu"
	"speckle/internal/stats"
	"speckle/lab"
	"speckle/render"
	"speckle/rng"
	"speckle/study"
)

// batterySize is n numbers an order from streams streams in samples.
func batterySize(n int64, streams, samples int) lab.BatterySize {
	return lab.BatterySize{Numbers: n, PerStream: n / int64(streams), Samples: samples}
}

// streamsFor is how many streams sp's battery of n numbers an order
// draws from: MinStreams for every FloorNumbers, at most MaxStreams, and
// halved until the battery and the generator take it (at least
// MinStreams; the error says why not even that).
func streamsFor(sp rng.Spec, seed uint32, n int64, tests []stats.Test) (int, error) {
	s := int(min(max(int64(MinStreams)*(n/FloorNumbers), MinStreams), MaxStreams))
	var err error
	for ; s >= MinStreams; s /= 2 {
		if n%int64(s) != 0 {
			continue
		}
		if err = batterySize(n, s, Samples).Check(s, tests); err == nil {
			if err = checkSpec(sp, seed, n, s, tests); err == nil {
				return s, nil
			}
		}
	}
	return 0, err
}

// checkSpec refuses a generator the battery cannot run at n numbers an
// order from streams streams: as rng test's Check does.
func checkSpec(sp rng.Spec, seed uint32, n int64, streams int, tests []stats.Test) error {
	inst, err := sp.Gen.New(sp.Config(streams, seed))
	if err != nil {
		return err
	}
	if err := sp.Gen.CheckDump(streams, int(min(n/int64(streams), math.MaxInt32))); err != nil {
		return err
	}
	if most := lab.MaxBatteryStreamsFor(inst, tests); streams > most {
		return fmt.Errorf("the battery holds at most %d streams of it", most)
	}
	need := int64(0)
	for _, t := range tests {
		need = max(need, t.MinSampleLen())
	}
	if have := n / Samples; have < need {
		return fmt.Errorf("a sample of %d numbers is shorter than the tests need (%d)", have, need)
	}
	return nil
}

// benchSize is the bench's size on this device: the bench's own default
// layout, each generator timed for budget/(24 x specs), between 20 ms and
// 0.5 s (with the warm-up and the stored half, which lab.Bench always
// times, about a tenth of the budget over all). The stored half keeps
// its full dispatch: tiny ones would take thousands of repetitions, each
// paying the driver's overhead, to add up to the time. Only the consumed
// rate is the plane's.
func benchSize(info gpu.Info, budget time.Duration, specs int) lab.BenchSize {
	s := lab.DefaultBenchSize(info, 4)
	s.MinTime = min(max(budget/time.Duration(24*max(specs, 1)), 20*time.Millisecond), 500*time.Millisecond)
	if info.Software() {
		s.MinReps = 1
	}
	return s
}

// measureSpeed is sp's point with its consumed rate.
func measureSpeed(c *gpu.Context, sp rng.Spec, seed uint32, size lab.BenchSize) (Point, error) {
	p := Point{Generator: sp.Label(), Spec: sp.String(), Seed: sp.Config(1, seed).Seed, Quality: math.NaN()}
	probe, err := sp.New(1, seed)
	if err != nil {
		return p, err
	}
	s := size
	full := lab.DefaultBenchSize(c.Info, probe.StateWords())
	s.SumInvocations = min(s.SumInvocations, full.SumInvocations)
	res, err := lab.Bench(func(streams int) (*render.RNG, error) {
		return render.NewRNG(c, sp.Gen, sp.Config(streams, seed))
	}, s)
	p.ConsumedPerS = res.SumPerS
	return p, err
}

// measureQuality runs the battery on sp at n numbers an order and sets
// p's verdict counts and quality.
func measureQuality(c *gpu.Context, p *Point, sp rng.Spec, seed uint32, n int64, tests []stats.Test) error {
	s, err := streamsFor(sp, seed, n, tests)
	if err != nil {
		return err
	}
	return measureQualityIn(c, p, sp, seed, s, batterySize(n, s, Samples), tests)
}

// measureQualityIn runs the battery of size on sp's streams streams.
func measureQualityIn(c *gpu.Context, p *Point, sp rng.Spec, seed uint32, streams int, size lab.BatterySize, tests []stats.Test) error {
	p.Streams = streams
	r, err := render.NewLayoutRNG(c, sp.Gen, render.PassLayout{Cfg: sp.Config(streams, seed)})
	if err != nil {
		return err
	}
	defer r.Close()
	counts, err := lab.Battery(r, size, tests, nil)
	if err != nil {
		return err
	}
	p.Verdicts, p.Pass, p.Suspect, p.Fail = 0, 0, 0, 0
	for _, res := range study.Evaluate(p.Generator, counts, tests, sp.Gen.Bits()) {
		switch res.Verdict {
		case "PASS":
			p.Pass++
		case "SUSPECT":
			p.Suspect++
		case "FAIL":
			p.Fail++
		default:
			continue // n/a: a test the size cannot grade
		}
		p.Verdicts++
	}
	p.Quality = math.NaN()
	if p.Verdicts > 0 {
		p.Quality = float64(p.Verdicts-p.Fail) / float64(p.Verdicts)
	}
	return nil
}

// Quick is the plane at a small, fixed size, for the window's lab view:
// the consumed bench at 20 ms a generator and the battery at Quick's
// numbers (2^20 an order in 32 samples: the birthday tests' least).
const (
	QuickNumbers = 1 << 20
	QuickSamples = 32
)

// MeasureQuick measures one generator at the quick size.
func MeasureQuick(c *gpu.Context, sp rng.Spec, seed uint32) (Point, error) {
	bs := benchSize(c.Info, 0, 1)
	p, err := measureSpeed(c, sp, seed, bs)
	if err != nil {
		return p, err
	}
	err = measureQualityIn(c, &p, sp, seed, MinStreams, batterySize(QuickNumbers, MinStreams, QuickSamples), stats.Tests)
	return p, err
}
