package render

import (
	"fmt"
	"time"

	"speckle/gpu"
	"speckle/internal/stats"
	"speckle/rng"
	"speckle/shaders"
)

// Order is the order in which the battery reads a generator's streams.
type Order int

const (
	// StreamOrder reads stream 0's values, then stream 1's, ... (`rng dump
	// --order stream`): a sample is a run of one stream's values, or
	// whole streams where a sample is longer than a stream.
	StreamOrder Order = iota
	// ConsumedOrder reads value i of every stream, then value i+1, as a
	// dispatch consumes them (`rng dump --order interleaved`).
	ConsumedOrder
)

// Orders are both, in the order the tables show them.
var Orders = []Order{StreamOrder, ConsumedOrder}

func (o Order) String() string { return [...]string{"stream", "consumed"}[o] }

// BatterySize is the work of one battery run over one generator: Numbers
// values in each order, PerStream from each of the pool's streams, cut into
// Samples samples of Numbers/Samples values.
type BatterySize struct {
	Numbers, PerStream int64
	Samples            int
}

// SampleLen is the values of one sample.
func (s BatterySize) SampleLen() int64 { return s.Numbers / s.Samples64() }

// Samples64 is Samples as an int64.
func (s BatterySize) Samples64() int64 { return int64(s.Samples) }

// Segments is how a sample of order o falls into segments, the runs its
// tests never cross: in the stream order a sample ends where a stream does
// (if it is no longer than one), in the consumed order it is one run.
func (s BatterySize) Segments(o Order) stats.Layout {
	l := s.SampleLen()
	if o == ConsumedOrder || l <= s.PerStream {
		return stats.Layout{Segments: 1, Length: l}
	}
	return stats.Layout{Segments: l / s.PerStream, Length: s.PerStream}
}

// CheckBattery refuses sizes the battery cannot cut into whole samples.
func (s BatterySize) Check(streams int) error {
	l := s.SampleLen()
	switch {
	case s.Samples < 1 || s.Numbers < 1 || s.PerStream < 1:
		return fmt.Errorf("numbers, samples and streams must be at least 1")
	case s.Numbers != int64(streams)*s.PerStream:
		return fmt.Errorf("%d numbers do not split into %d streams", s.Numbers, streams)
	case s.Numbers%s.Samples64() != 0:
		return fmt.Errorf("%d numbers do not split into %d samples", s.Numbers, s.Samples)
	case l < stats.TupleMaxSpan:
		return fmt.Errorf("a sample of %d values is shorter than a group of birthdays (%d)", l, stats.TupleMaxSpan)
	case l <= s.PerStream && s.PerStream%l != 0:
		return fmt.Errorf("a stream of %d values does not split into samples of %d", s.PerStream, l)
	case l > s.PerStream && l%s.PerStream != 0:
		return fmt.Errorf("a sample of %d values does not hold whole streams of %d", l, s.PerStream)
	case s.PerStream >= 1<<32 || l >= 1<<31:
		return fmt.Errorf("at most 2^32-1 values per stream and 2^31-1 per sample")
	case s.PerStream < stats.TupleMaxSpan:
		return fmt.Errorf("a stream of %d values is shorter than a group of birthdays (%d)", s.PerStream, stats.TupleMaxSpan)
	}
	return nil
}

// BatteryCounts are the GPU's counts: Counts[order][test] holds, sample
// after sample, test.Bins() counts.
type BatteryCounts struct {
	Size   BatterySize
	Counts [][][]uint64
	// Elapsed is the wall time of generating and counting (GPU finished).
	Elapsed time.Duration
}

// MaxBatteryStreams is the most streams the battery holds at once for
// inst: all of them in one pool, and a block of at least the longest
// item's span of each in one dump chunk.
func MaxBatteryStreams(inst rng.Instance) int {
	return min(MaxInterleavedStreams(inst), dumpChunkBytes/(4*stats.TupleMaxSpan))
}

// positions is how many positions one invocation of a test's kernel takes:
// tests with long items take one item's span, so at most one ends there.
func positions(t stats.Test) int {
	switch t {
	case stats.Rank, stats.Birthdays, stats.Collisions:
		return t.Span()
	}
	return 64
}

// Battery runs the tests over size.Numbers values of the pool's streams in
// each order: blocks of every stream are drawn on the GPU (rng_dump.comp,
// as `rng dump --order interleaved` draws them), each block counted by
// rng_battery.comp in both orders while the block before it is still at
// hand, and only the counts are read back. progress, if not nil, is told
// how many values (per order) are done.
func (r *RNG) Battery(size BatterySize, tests []stats.Test, progress func(done int64)) (BatteryCounts, error) {
	streams := r.Cfg.Streams
	out := BatteryCounts{Size: size}
	if err := size.Check(streams); err != nil {
		return out, err
	}
	if streams > MaxBatteryStreams(r.Inst) {
		return out, fmt.Errorf("the battery holds every stream at once: at most %d streams of %s", MaxBatteryStreams(r.Inst), r.Gen.Name)
	}
	limit := min(int64(dumpChunkBytes), r.ctx.Info.MaxSSBOBytes)
	// Whole groups of the longest item per stream and block: an invocation
	// that takes one item's span of positions never straddles two streams.
	k := int(min(size.PerStream, limit/int64(4*streams))) / stats.TupleMaxSpan * stats.TupleMaxSpan
	if k < stats.TupleMaxSpan {
		return out, fmt.Errorf("%d streams leave blocks of %d values per stream on this GPU; the battery needs %d: use fewer streams", streams, k, stats.TupleMaxSpan)
	}
	d, err := r.newDumper(false, streams*k)
	if err != nil {
		return out, err
	}
	defer d.out.Delete()
	previous, err := r.ctx.NewBuffer(streams*k*4, nil)
	if err != nil {
		return out, err
	}
	defer previous.Delete()

	type job struct {
		p      *gpu.Program
		counts *gpu.Buffer
		order  Order
		test   stats.Test
	}
	var jobs []job
	defer func() {
		for _, j := range jobs {
			j.counts.Delete()
		}
	}()
	for _, o := range Orders {
		for _, t := range tests {
			defs := map[string]string{
				t.Define():  "1",
				"BINS":      fmt.Sprintf("%du", t.Bins()),
				"POSITIONS": fmt.Sprintf("%du", positions(t)),
			}
			if o == StreamOrder {
				defs["STREAM_ORDER"] = "1"
			}
			src, err := shaders.Build("rng_battery.comp", "", defs)
			if err != nil {
				return out, err
			}
			p, err := r.ctx.Compute(src)
			if err != nil {
				return out, err
			}
			c, err := r.ctx.NewBuffer(size.Samples*t.Bins()*8, nil)
			if err != nil {
				return out, err
			}
			c.Clear()
			jobs = append(jobs, job{p, c, o, t})
		}
	}
	start := time.Now()
	if err := d.start(0, streams); err != nil {
		return out, err
	}
	block, prev := d.out, previous
	for m0 := int64(0); m0 < size.PerStream; m0 += int64(k) {
		if err := d.draw(block, streams, int(m0), k); err != nil {
			return out, err
		}
		valid := int(min(int64(k), size.PerStream-m0)) // the last block is cut short
		for _, j := range jobs {
			if err := r.count(j.p, j.counts, j.order, j.test, size, block, prev, m0, k, valid); err != nil {
				return out, err
			}
		}
		block, prev = prev, block
		if progress != nil {
			progress((m0 + int64(k)) * int64(streams))
		}
	}
	r.ctx.Finish()
	out.Elapsed = time.Since(start)
	out.Counts = make([][][]uint64, len(Orders))
	words := make([]uint32, 0)
	for i, j := range jobs {
		if i%len(tests) == 0 {
			out.Counts[j.order] = make([][]uint64, len(tests))
		}
		n := size.Samples * j.test.Bins()
		words = append(words[:0], make([]uint32, 2*n)...)
		j.counts.Read(0, words)
		c := make([]uint64, n)
		for b := range c {
			c[b] = uint64(words[2*b]) | uint64(words[2*b+1])<<32
		}
		out.Counts[j.order][i%len(tests)] = c
	}
	return out, nil
}

// count runs one test's kernel over the block of values m0 .. m0+k-1 of
// every stream in order o, of which the first `valid` count.
func (r *RNG) count(p *gpu.Program, counts *gpu.Buffer, o Order, t stats.Test, size BatterySize, block, prev *gpu.Buffer, m0 int64, k, valid int) error {
	streams := r.Cfg.Streams
	block.Bind(shaders.BatteryBlockBinding)
	prev.Bind(shaders.BatteryPreviousBinding)
	counts.Bind(shaders.BatteryCountsBinding)
	p.SetUint("streams", uint32(streams))
	p.SetUint("block_len", uint32(k))
	p.SetUint("block_first", uint32(m0))
	positionsInBlock := streams * k
	p.SetUint("block_positions", uint32(positionsInBlock))
	p.SetUint("block_valid", uint32(valid))
	p.SetUint("out_shift", uint32(32-r.Gen.Bits()))
	l := size.SampleLen()
	if o == StreamOrder {
		seg := min(l, size.PerStream)
		p.SetUint("seg_len", uint32(seg))
		p.SetUint("seg_per_stream", uint32(size.PerStream/seg))
		p.SetUint("segs_per_sample", uint32(l/seg))
	} else {
		first := m0 * int64(streams)
		p.SetUint("seg_len", uint32(l))
		p.SetUint("block_sample", uint32(first/l))
		p.SetUint("block_offset", uint32(first%l))
	}
	per := positions(t)
	// A dispatch covers whole groups of positions; the kernel skips those past the block.
	step := shaders.BatteryGroupSize * per * 4096
	for first := 0; first < positionsInBlock; first += step {
		p.SetUint("first_position", uint32(first))
		n := min(step, positionsInBlock-first)
		if err := r.ctx.Dispatch(p, (n+per-1)/per); err != nil {
			return err
		}
	}
	return nil
}
