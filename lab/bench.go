package lab

import (
	"fmt"
	"math/bits"
	"strconv"
	"time"

	"speckle/gpu"
	"speckle/render"
	"speckle/rng"
	"speckle/shaders"
)

// BenchSize says how much work one timed dispatch does.
type BenchSize struct {
	Invocations    int           // N, each with its own stream, when every value is stored
	StoreDraws     int           // values per invocation when every value is stored
	SumInvocations int           // invocations when values are only summed
	SumDraws       int           // values per invocation when values are only summed
	MinTime        time.Duration // keep repeating until this much GPU time is measured
	MinReps        int
	// Batch is the number of dispatches timed together: a lone dispatch of a
	// millisecond or less is dominated by the driver's start-up and drain.
	Batch int
}

// DefaultSumDraws is the values each invocation sums per dispatch unless told.
const DefaultSumDraws = 256

// DefaultBenchSize fills the GPU: on a real GPU 256 MiB of output per
// dispatch from 2^18 invocations of 256 values, and 2^21 invocations
// summing 256 (on an H200 a dispatch of small groups sweeping 1 GiB stores
// at about half the rate of one of 256 MiB: WriteCeilings measures both;
// 2^21 x 32 stored rand48 at 777 G/s and 2^18 x 256 at 940, a stream's
// state loaded and stored once per 256 values instead of 32, while summing
// is fastest with the most invocations: 1,856 against 1,636); on a CPU
// rasteriser something that finishes in seconds.
func DefaultBenchSize(info gpu.Info, stateWords int) BenchSize {
	s := BenchSize{Invocations: 1 << 18, StoreDraws: 256, SumInvocations: 1 << 21, SumDraws: DefaultSumDraws,
		MinTime: 500 * time.Millisecond, MinReps: 5, Batch: 20}
	if info.Software() {
		s = BenchSize{Invocations: 1 << 14, StoreDraws: 64, SumInvocations: 1 << 14, SumDraws: DefaultSumDraws,
			MinTime: 200 * time.Millisecond, MinReps: 2, Batch: 1}
	}
	limit := min(info.MaxSSBOBytes, 1<<30)
	for s.Invocations > 1024 && int64(s.Invocations)*int64(max(stateWords, 1))*4 > limit {
		s.Invocations /= 2
	}
	for s.SumInvocations > 1024 && int64(s.SumInvocations)*int64(max(stateWords, 1))*4 > limit {
		s.SumInvocations /= 2
	}
	for s.StoreDraws > 4 && int64(s.Invocations)*int64(s.StoreDraws)*4 > limit {
		s.StoreDraws /= 2
	}
	return s
}

// BenchResult is one generator's throughput.
type BenchResult struct {
	Generator      string  `json:"generator"`
	Options        string  `json:"options,omitempty"`
	StateWords     int     `json:"state_words"`
	Invocations    int     `json:"invocations"`     // of the stored bench
	SumInvocations int     `json:"sum_invocations"` // of the consumed bench
	StoredPerS     float64 `json:"stored_per_s"`    // renderer floats written to a buffer, per second
	SumPerS        float64 `json:"consumed_per_s"`  // renderer floats drawn and summed in registers, per second
	// DumpStoredPerS is the dump order's stored rate, for generators whose
	// dump streams are strided (rng.StridedDump: Sobol, dimension-major as
	// the seed's CUDA kernel writes them); 0 for the others.
	DumpStoredPerS float64 `json:"dump_order_stored_per_s,omitempty"`
	StoreDraws     int     `json:"store_draws_per_invocation"`
	SumDraws       int     `json:"sum_draws_per_invocation"`
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

// StorePattern is one way of writing a buffer on the GPU: a dispatch of
// Invocations invocations in work groups of GroupSize, Values 32-bit values
// each, as a column of its own (the bench's pattern) or, GridStride, as
// persistent invocations striding over the whole buffer; a store writes a
// uvec4, or one word with Words (as the dump kernel did). PerS is the
// values per second measured.
type StorePattern struct {
	Invocations int     `json:"invocations"`
	Values      int     `json:"values_per_invocation"`
	GroupSize   int     `json:"group_size"`
	GridStride  bool    `json:"grid_stride,omitempty"`
	Words       bool    `json:"word_stores,omitempty"`
	PerS        float64 `json:"per_s"`
}

// Bytes is what one dispatch of the pattern writes.
func (p StorePattern) Bytes() int64 { return int64(p.Invocations) * int64(p.Values) * 4 }

func (p StorePattern) String() string {
	how := "columns"
	if p.GridStride {
		how = "grid-stride"
	}
	if p.Words {
		how += " of single words"
	}
	return fmt.Sprintf("%d MiB a dispatch: %d invocations x %d values, %s, groups of %d",
		p.Bytes()>>20, p.Invocations, p.Values, how, p.GroupSize)
}

// storePatterns are the patterns WriteCeilings tries besides the bench's
// own: dispatches of 64 MiB to 1 GiB, one uvec4 or a column of 32 values
// per invocation, groups of 128 to 1024, and persistent grid-stride
// invocations. On an H200 the column pattern stored 510 G floats/s over
// 1 GiB and 1,062 over 256 MiB (measured); which pattern is best is the
// driver's and the GPU's matter, so all are measured.
func storePatterns(limit int64) []StorePattern {
	all := []StorePattern{
		{Invocations: 1 << 23, Values: 32, GroupSize: 128},
		{Invocations: 1 << 21, Values: 32, GroupSize: 128},
		{Invocations: 1 << 21, Values: 32, GroupSize: 256},
		{Invocations: 1 << 19, Values: 32, GroupSize: 128},
		{Invocations: 1 << 24, Values: 4, GroupSize: 256},
		{Invocations: 1 << 22, Values: 4, GroupSize: 256},
		{Invocations: 1 << 18, Values: 1 << 10, GroupSize: 1024, GridStride: true},
		{Invocations: 1 << 17, Values: 1 << 11, GroupSize: 1024, GridStride: true},
		{Invocations: 1 << 18, Values: 1 << 8, GroupSize: 1024, GridStride: true},
		{Invocations: 1 << 18, Values: 1 << 8, GroupSize: 128, Words: true},
		{Invocations: 1 << 21, Values: 32, GroupSize: 128, Words: true},
	}
	var out []StorePattern
	for _, p := range all {
		if p.Bytes() <= limit {
			out = append(out, p)
		}
	}
	return out
}

// WriteCeilings measures how many values per second this device stores with
// the bench's own pattern (size's invocations and store draws, the generator
// kernel's groups of 128) and, on a real GPU, with each of storePatterns: the
// write ceiling is the best of them. On a CPU rasteriser only the bench's
// pattern runs (the others would take minutes).
func WriteCeilings(ctx *gpu.Context, size BenchSize) (bench StorePattern, all []StorePattern, err error) {
	bench = StorePattern{Invocations: size.Invocations, Values: size.StoreDraws, GroupSize: 128}
	patterns := []StorePattern{bench}
	limit := min(ctx.Info.MaxSSBOBytes, 1<<30)
	if !ctx.Info.Software() {
		for _, p := range storePatterns(limit) {
			if p != bench {
				patterns = append(patterns, p)
			}
		}
	}
	largest := int64(0)
	for _, p := range patterns {
		largest = max(largest, p.Bytes())
	}
	out, err := ctx.NewBuffer(int(largest), nil)
	if err != nil {
		return bench, nil, err
	}
	defer out.Delete()
	for i := range patterns {
		if patterns[i].PerS, err = storeRate(ctx, out, patterns[i], size); err != nil {
			return bench, nil, fmt.Errorf("store pattern %v: %v", patterns[i], err)
		}
	}
	return patterns[0], patterns, nil
}

// Best is the fastest of patterns.
func Best(patterns []StorePattern) StorePattern {
	var best StorePattern
	for _, p := range patterns {
		if p.PerS > best.PerS {
			best = p
		}
	}
	return best
}

// storeRate times pattern p for size's minimum time, Batch dispatches at a time.
func storeRate(ctx *gpu.Context, out *gpu.Buffer, p StorePattern, size BenchSize) (float64, error) {
	defines := map[string]string{"WG_SIZE": strconv.Itoa(p.GroupSize)}
	words4 := p.Invocations * p.Values / 4
	perPass := 4 // values a loop pass stores
	if p.Words {
		defines["WORD_STORES"] = "1"
		perPass = 1
	}
	if p.GridStride {
		defines["GRID_STRIDE"] = "1"
		// A pass per uvec4 of the invocation's share, one more to leave.
		if words4/p.Invocations+2 > shaders.LoopBudget {
			return 0, fmt.Errorf("%d passes per invocation pass the loop budget", words4/p.Invocations+2)
		}
	}
	src, err := shaders.Build("write_ceiling.comp", "", defines)
	if err != nil {
		return 0, err
	}
	prog, err := ctx.Compute(src)
	if err != nil {
		return 0, err
	}
	out.Bind(shaders.RNGOutBinding)
	prog.SetUint("invocations", uint32(p.Invocations))
	prog.SetUint("words4", uint32(words4))
	piece := (shaders.LoopBudget - 1) * perPass // one more pass ends the loop
	dispatch := func() error {
		if p.GridStride {
			return ctx.Dispatch(prog, p.Invocations)
		}
		for m := 0; m < p.Values; m += piece {
			prog.SetUint("first", uint32(m))
			prog.SetUint("values", uint32(min(piece, p.Values-m)))
			if err := ctx.Dispatch(prog, p.Invocations); err != nil {
				return err
			}
		}
		return nil
	}
	total, reps, err := repeat(size, func() (time.Duration, error) {
		return ctx.Time(func() error {
			for k := 0; k < size.Batch; k++ {
				if err := dispatch(); err != nil {
					return err
				}
			}
			return nil
		})
	})
	if err != nil {
		return 0, err
	}
	return float64(reps*size.Batch) * float64(p.Invocations) * float64(p.Values) / total.Seconds(), nil
}

// Bench measures a generator's renderer floats per second, stored (and, for
// strided dumps, in dump order) from a pool of size.Invocations streams and
// consumed from one of size.SumInvocations, each pool made by open.
func Bench(open func(streams int) (*render.RNG, error), size BenchSize) (BenchResult, error) {
	res := BenchResult{Invocations: size.Invocations, SumInvocations: size.SumInvocations,
		StoreDraws: size.StoreDraws, SumDraws: size.SumDraws}
	rate := func(streams int, mode DrawMode, draws int, more func(r *render.RNG, out *gpu.Buffer) error) (float64, error) {
		r, err := open(streams)
		if err != nil {
			return 0, err
		}
		defer r.Close()
		res.Generator, res.StateWords = r.Gen.Name, r.Inst.StateWords()
		if err := r.Seed(); err != nil {
			return 0, err
		}
		out, err := r.Context().NewBuffer(DrawWords(mode, streams, draws)*4, nil)
		if err != nil {
			return 0, err
		}
		defer out.Delete()
		iteration := uint32(0)
		total, reps, err := repeat(size, func() (time.Duration, error) {
			iteration += uint32(size.Batch)
			return Draw(r, mode, draws, iteration, size.Batch, out)
		})
		if err != nil {
			return 0, err
		}
		if more != nil {
			if err := more(r, out); err != nil {
				return 0, err
			}
		}
		return float64(reps*size.Batch) * float64(streams) * float64(draws) / total.Seconds(), nil
	}
	var err error
	res.StoredPerS, err = rate(size.Invocations, DrawStore, size.StoreDraws, func(r *render.RNG, out *gpu.Buffer) (err error) {
		if _, ok := r.Inst.(rng.StridedDump); ok {
			res.DumpStoredPerS, err = dumpRate(r, size, out)
		}
		return err
	})
	if err != nil {
		return res, err
	}
	res.SumPerS, err = rate(size.SumInvocations, DrawSum, size.SumDraws, nil)
	return res, err
}

// dumpStreams is how many streams the dump-order bench writes: Sobol's
// dimensions, as the seed's CUDA kernel's grid has them.
const dumpStreams = 1024

// dumpRate times the strided dump kernel storing `rng dump --format f32`'s
// floats, as many as the stored bench: dumpStreams streams, each shared by
// 2^k invocations (size.Invocations in all) taking every 2^k-th quad of
// values (DUMP_X4, as rng dump does).
func dumpRate(r *render.RNG, size BenchSize, out *gpu.Buffer) (float64, error) {
	streams := min(dumpStreams, size.Invocations)
	lanes := bits.Len(uint(size.Invocations/streams)) - 1
	count := size.StoreDraws << lanes
	if render.PassesFor(r.Inst.Loops(), 1, size.StoreDraws) > shaders.LoopBudget {
		return 0, fmt.Errorf("%d dump values per invocation pass the loop budget", size.StoreDraws)
	}
	p, err := r.Program("rng_dump.comp", map[string]string{"DUMP_F32": "1", "DUMP_X4": "1"})
	if err != nil {
		return 0, err
	}
	r.Bind(p, 0)
	out.Bind(shaders.RNGOutBinding)
	for name, v := range map[string]int{"count": count, "first_stream": 0, "chunk_streams": streams,
		"block_first": 0, "first_value": 0, "values": count, "lanes_log2": lanes} {
		p.SetUint(name, uint32(v))
	}
	total, reps, err := repeat(size, func() (time.Duration, error) {
		return r.Context().Time(func() error {
			for k := 0; k < size.Batch; k++ {
				if err := r.Context().Dispatch(p, streams<<lanes); err != nil {
					return err
				}
			}
			return nil
		})
	})
	if err != nil {
		return 0, err
	}
	return float64(reps*size.Batch) * float64(streams) * float64(count) / total.Seconds(), nil
}
