package render

import (
	"fmt"
	"time"

	"speckle/gpu"
	"speckle/shaders"
)

// BenchSize says how much work one timed dispatch does.
type BenchSize struct {
	Invocations int           // N, each with its own stream
	StoreDraws  int           // values per invocation when every value is stored
	SumDraws    int           // values per invocation when values are only summed
	MinTime     time.Duration // keep repeating until this much GPU time is measured
	MinReps     int
	// Batch is the number of dispatches timed together: a lone dispatch of a
	// millisecond or less is dominated by the driver's start-up and drain.
	Batch int
}

// DefaultSumDraws is the values each invocation sums per dispatch unless told.
const DefaultSumDraws = 256

// DefaultBenchSize fills the GPU: on a real GPU a GiB of output per dispatch
// from 2^23 invocations (on an H200 many short-lived invocations store faster
// than fewer long ones: 500 against 335 G floats/s at 2^21 x 128); on a CPU
// rasteriser something that finishes in seconds.
func DefaultBenchSize(info gpu.Info, stateWords int) BenchSize {
	s := BenchSize{Invocations: 1 << 23, StoreDraws: 32, SumDraws: DefaultSumDraws, MinTime: 500 * time.Millisecond, MinReps: 5, Batch: 20}
	if info.Software() {
		s = BenchSize{Invocations: 1 << 14, StoreDraws: 64, SumDraws: DefaultSumDraws, MinTime: 200 * time.Millisecond, MinReps: 2, Batch: 1}
	}
	limit := min(info.MaxSSBOBytes, 1<<30)
	for s.Invocations > 1024 && int64(s.Invocations)*int64(max(stateWords, 1))*4 > limit {
		s.Invocations /= 2
	}
	for s.StoreDraws > 4 && int64(s.Invocations)*int64(s.StoreDraws)*4 > limit {
		s.StoreDraws /= 2
	}
	return s
}

// BenchResult is one generator's throughput.
type BenchResult struct {
	Generator   string  `json:"generator"`
	Options     string  `json:"options,omitempty"`
	StateWords  int     `json:"state_words"`
	Invocations int     `json:"invocations"`
	StoredPerS  float64 `json:"stored_per_s"`   // renderer floats written to a buffer, per second
	SumPerS     float64 `json:"consumed_per_s"` // renderer floats drawn and summed in registers, per second
	StoreDraws  int     `json:"store_draws_per_invocation"`
	SumDraws    int     `json:"sum_draws_per_invocation"`
}

// repeat times run until size's minimum time and repetitions are reached, after
// two warm-up runs, and returns the total GPU time and the repetitions.
func repeat(size BenchSize, run func() (time.Duration, error)) (time.Duration, int, error) {
	// Warm-up: compilation, first touch, and GPU clocks, which rise only
	// after some time under load.
	warm := time.Now()
	for i := 0; i < 2 || time.Since(warm) < size.MinTime/2; i++ {
		if _, err := run(); err != nil {
			return 0, 0, err
		}
	}
	var total time.Duration
	reps := 0
	for total < size.MinTime || reps < size.MinReps {
		d, err := run()
		if err != nil {
			return 0, 0, err
		}
		total += d
		reps++
	}
	return total, reps, nil
}

// WriteCeiling measures how many floats per second the bench's store pattern
// reaches with no generator at all.
func WriteCeiling(ctx *gpu.Context, size BenchSize) (float64, error) {
	src, err := shaders.Build("write_ceiling.comp", "", nil)
	if err != nil {
		return 0, err
	}
	p, err := ctx.Compute(src)
	if err != nil {
		return 0, err
	}
	out, err := ctx.NewBuffer(size.Invocations*size.StoreDraws*4, nil)
	if err != nil {
		return 0, err
	}
	defer out.Delete()
	out.Bind(shaders.RNGOutBinding)
	p.SetUint("invocations", uint32(size.Invocations))
	piece := (shaders.LoopBudget - 1) * 4 // a loop pass stores 4 values; one more pass ends it
	total, reps, err := repeat(size, func() (time.Duration, error) {
		return ctx.Time(func() error {
			for k := 0; k < size.Batch; k++ {
				for m := 0; m < size.StoreDraws; m += piece {
					p.SetUint("first", uint32(m))
					p.SetUint("values", uint32(min(piece, size.StoreDraws-m)))
					if err := ctx.Dispatch(p, size.Invocations); err != nil {
						return err
					}
				}
			}
			return nil
		})
	})
	if err != nil {
		return 0, err
	}
	return float64(reps*size.Batch) * float64(size.Invocations) * float64(size.StoreDraws) / total.Seconds(), nil
}

// Bench measures r's renderer floats per second, stored and consumed, after
// seeding a pool of r.Cfg.Streams slots, which must be size.Invocations.
func Bench(r *RNG, size BenchSize) (BenchResult, error) {
	if r.Cfg.Streams != size.Invocations {
		return BenchResult{}, fmt.Errorf("bench of %d invocations needs a pool of as many streams, not %d", size.Invocations, r.Cfg.Streams)
	}
	res := BenchResult{Generator: r.Gen.Name, StateWords: r.Inst.StateWords(), Invocations: size.Invocations,
		StoreDraws: size.StoreDraws, SumDraws: size.SumDraws}
	if err := r.Seed(); err != nil {
		return res, err
	}
	out, err := r.ctx.NewBuffer(DrawWords(DrawStore, size.Invocations, size.StoreDraws)*4, nil)
	if err != nil {
		return res, err
	}
	defer out.Delete()
	rate := func(mode DrawMode, draws int) (float64, error) {
		iteration := uint32(0)
		total, reps, err := repeat(size, func() (time.Duration, error) {
			iteration += uint32(size.Batch)
			return r.Draw(mode, draws, iteration, size.Batch, out)
		})
		if err != nil {
			return 0, err
		}
		return float64(reps*size.Batch) * float64(size.Invocations) * float64(draws) / total.Seconds(), nil
	}
	if res.StoredPerS, err = rate(DrawStore, size.StoreDraws); err != nil {
		return res, err
	}
	if res.SumPerS, err = rate(DrawSum, size.SumDraws); err != nil {
		return res, err
	}
	return res, nil
}
