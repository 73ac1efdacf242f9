package pareto

import (
	"fmt"
	"math"
	"time"

	"speckle/gpu"
	"speckle/internal/stats"
	"speckle/internal/units"
	"speckle/rng"
	"speckle/study"
)

// Defaults and limits of the run.
const (
	DefaultTime = time.Minute
	MaxTime     = 24 * time.Hour
	// MinStreams and Samples are the battery's layout at its smallest
	// size: rng test's defaults. A larger size draws from more streams,
	// 128 for every 2^22 numbers up to MaxStreams (a GPU fills only with
	// thousands; rng test's H200 runs use 4,096), fewer where a
	// generator's state or dump allows fewer (streamsFor).
	MinStreams = 128
	MaxStreams = 4096
	Samples    = 128
	// FloorNumbers is the battery's least size: rng test's default (64
	// groups of 512 values in each of 128 samples for the birthday tests).
	FloorNumbers = 1 << 22
	// MaxNumbers bounds the size a run grows to (2^34 numbers an order
	// from 128 streams is 2^27 a stream).
	MaxNumbers = 1 << 34
)

// Pareto measures, for each of Specs on this GPU, the speed (the bench's
// consumed floats per second) and the quality (the share of the battery's
// verdicts that are not FAIL), and marks the Pareto frontier. The battery
// runs at FloorNumbers first; then, as long as the time left allows by
// the last pass's rate, again at the largest power of two times the size
// that fits, and the last pass's verdicts are the points' (one size for
// every generator).
type Pareto struct {
	Specs []rng.Spec
	Seed  uint32 // of each generator without a seed of its own
	// Time is about how long the whole run takes (0: DefaultTime).
	Time time.Duration
	// Numbers, if not 0, is the battery's numbers per order: no sizing.
	Numbers int64
	Tests   []stats.Test // nil: stats.Tests, the default nine
	// Progress hears generators done in the current phase; Log a line
	// per phase (what runs and at what size).
	Progress study.Progress
	Log      func(string)
}

// Report is a run's outcome and its provenance.
type Report struct {
	Device   string   `json:"device"`
	Software bool     `json:"cpu_rasteriser"`
	Seed     uint32   `json:"seed"`
	Tests    []string `json:"tests"`
	Numbers  int64    `json:"numbers_per_order"`
	Samples  int      `json:"samples"`
	// Passes are the battery's sizes run, the last the points'.
	Passes []int64 `json:"battery_passes"`
	// Bench is the consumed bench's layout.
	SumInvocations int     `json:"sum_invocations"`
	SumDraws       int     `json:"sum_draws_per_invocation"`
	BenchSeconds   float64 `json:"bench_min_seconds"`
	TimeBudget     float64 `json:"time_budget_s"`
	Seconds        float64 `json:"seconds"`
	Points         []Point `json:"points"`
	relNote        string  // the figure's relative axis, in words
}

// Point is one generator's place on the plane.
type Point struct {
	Generator    string  `json:"generator"` // its label
	Spec         string  `json:"spec"`
	Seed         uint32  `json:"seed"`
	Streams      int     `json:"streams"` // the battery's
	ConsumedPerS float64 `json:"consumed_per_s"`
	// Verdicts are the battery's (tests x orders); Quality the share of
	// them that are not FAIL, 0..1.
	Verdicts int     `json:"verdicts"`
	Pass     int     `json:"pass"`
	Suspect  int     `json:"suspect"`
	Fail     int     `json:"fail"`
	Quality  float64 `json:"quality"`
	Frontier bool    `json:"frontier"`
	// Paper is the paper's row for the same hash, if it has one.
	Paper *PaperRow `json:"paper,omitempty"`
}

func (o Pareto) tests() []stats.Test {
	if o.Tests == nil {
		return stats.Tests
	}
	return o.Tests
}

func (o Pareto) budget() time.Duration {
	if o.Time == 0 {
		return DefaultTime
	}
	return o.Time
}

func (o Pareto) log(format string, a ...any) {
	if o.Log != nil {
		o.Log(fmt.Sprintf(format, a...))
	}
}

// floor is the least battery size the tests take, from FloorNumbers up.
func (o Pareto) floor() (int64, error) {
	for n := int64(FloorNumbers); n <= MaxNumbers; n *= 2 {
		if batterySize(n, MinStreams, Samples).Check(MinStreams, o.tests()) == nil {
			return n, nil
		}
	}
	return 0, study.Inputf("--tests: no battery size up to %s numbers an order holds them", units.FormatCount(MaxNumbers))
}

// Check refuses bad options before any GPU work.
func (o Pareto) Check() error {
	switch {
	case len(o.Specs) == 0:
		return study.Inputf("no generator to measure")
	case o.Time < 0 || o.Time > MaxTime:
		return study.Inputf("--time must be positive and at most %v (got %v)", MaxTime, o.Time)
	case o.Numbers != 0 && (o.Numbers < 1 || o.Numbers > MaxNumbers || o.Numbers%(MinStreams*Samples) != 0):
		return study.Inputf("--numbers must be a multiple of %d up to %s (got %d)", MinStreams*Samples, units.FormatCount(MaxNumbers), o.Numbers)
	}
	n := o.Numbers
	if n == 0 {
		var err error
		if n, err = o.floor(); err != nil {
			return err
		}
	} else if err := batterySize(n, MinStreams, Samples).Check(MinStreams, o.tests()); err != nil {
		return study.Inputf("--numbers: %v", err)
	}
	for _, sp := range o.Specs {
		if _, err := streamsFor(sp, o.Seed, n, o.tests()); err != nil {
			return study.Inputf("%s: %v", sp.Label(), err)
		}
	}
	return study.DrawnOnce("--gens", o.Specs, o.Seed)
}

// Run measures the speeds, then the battery at growing sizes, and marks
// the frontier.
func (o Pareto) Run(c *gpu.Context) (Report, error) {
	start := time.Now()
	rep := Report{Device: c.Info.String(), Software: c.Info.Software(), Seed: o.Seed, Samples: Samples,
		TimeBudget: o.budget().Seconds()}
	for _, t := range o.tests() {
		rep.Tests = append(rep.Tests, t.String())
	}
	if rep.Software && o.Numbers == 0 {
		o.log("pareto: %s is a CPU rasteriser: the battery stays near its smallest size (%s numbers an order) and the run may take longer than %v", c.Info.Renderer, units.FormatLimit(FloorNumbers), o.budget())
	}
	bs := benchSize(c.Info, o.budget(), len(o.Specs))
	rep.SumInvocations, rep.SumDraws, rep.BenchSeconds = bs.SumInvocations, bs.SumDraws, bs.MinTime.Seconds()
	o.log("pareto: speed: %d generators, consumed floats/s, %v each", len(o.Specs), bs.MinTime.Round(time.Millisecond))
	for i, sp := range o.Specs {
		p, err := measureSpeed(c, sp, o.Seed, bs)
		if err != nil {
			return rep, fmt.Errorf("%s: %v", sp.Label(), err)
		}
		rep.Points = append(rep.Points, p)
		o.Progress.Report(int64(i+1), int64(len(o.Specs)))
	}
	if err := o.quality(c, &rep, start); err != nil {
		return rep, err
	}
	MarkFrontier(rep.Points)
	AttachPaper(rep.Points)
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// quality runs the battery passes: the floor (or Numbers), then while the
// time left allows, the largest size the last pass's rate says fits.
func (o Pareto) quality(c *gpu.Context, rep *Report, start time.Time) error {
	n := o.Numbers
	if n == 0 {
		var err error
		if n, err = o.floor(); err != nil {
			return err
		}
	}
	o.warnPastPeriod(n)
	for {
		o.log("pareto: quality: the battery (%d tests, both orders) at %s numbers an order, %d generators", len(o.tests()), units.FormatLimit(n), len(o.Specs))
		t0 := time.Now()
		for i, sp := range o.Specs {
			if err := measureQuality(c, &rep.Points[i], sp, o.Seed, n, o.tests()); err != nil {
				return fmt.Errorf("%s: %v", sp.Label(), err)
			}
			o.Progress.Report(int64(i+1), int64(len(o.Specs)))
		}
		rep.Numbers, rep.Passes = n, append(rep.Passes, n)
		if o.Numbers != 0 {
			return nil
		}
		left := o.budget() - time.Since(start)
		next := o.nextSize(n, time.Since(t0), left)
		if next == 0 {
			return nil
		}
		n = next
	}
}

// nextSize is the largest power-of-two multiple of n whose pass, at the
// last pass's seconds per number (its fixed costs included, so an
// overestimate), fits in left and every spec takes; 0 if none does.
func (o Pareto) nextSize(n int64, took, left time.Duration) int64 {
	perNumber := took.Seconds() / float64(n)
	best := int64(0)
	for m := 2 * n; m <= MaxNumbers && perNumber*float64(m) <= left.Seconds(); m *= 2 {
		if o.fits(m) {
			best = m
		}
	}
	return best
}

// fits says whether every spec takes a battery of n numbers an order
// without drawing a number twice (study.Repeats: within its period, its
// streams apart): past that, a spec's FAILs would measure its period or
// its streams' overlap, not its quality, so the battery grows no further.
func (o Pareto) fits(n int64) bool {
	for _, sp := range o.Specs {
		s, err := streamsFor(sp, o.Seed, n, o.tests())
		if err != nil {
			return false
		}
		if why, err := study.Repeats(sp, s, o.Seed, n); err != nil || why != "" {
			return false
		}
	}
	return true
}

// warnPastPeriod says, spec by spec, where a battery of n numbers (the
// floor, or --numbers as given) draws some of the spec's numbers twice
// (study.Repeats).
func (o Pareto) warnPastPeriod(n int64) {
	for _, sp := range o.Specs {
		if s, err := streamsFor(sp, o.Seed, n, o.tests()); err == nil {
			if why, err := study.Repeats(sp, s, o.Seed, n); err == nil && why != "" {
				o.log("pareto: warning: %s: %s", sp.Label(), why)
			}
		}
	}
}

// Share is q as a percentage with the digits it needs.
func Share(q float64) string {
	if math.IsNaN(q) {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*q)
}
