package lab

import (
	"fmt"
	"os"
	"time"

	"speckle/gpu"
	"speckle/internal/stats"
	"speckle/render"
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

// BatteryCounts are the GPU's counts: Counts[order][test] holds, sample
// after sample, test.Bins() counts (nil for an order not counted).
type BatteryCounts struct {
	Size   BatterySize
	Counts [][][]uint64
	// Elapsed is the wall time of generating and counting (GPU finished).
	Elapsed time.Duration
}

// MaxBatteryStreams is the most streams the battery holds at once for
// inst running every test (MaxBatteryStreamsFor).
func MaxBatteryStreams(inst rng.Instance) int { return MaxBatteryStreamsFor(inst, stats.Tests) }

// MaxBatteryStreamsFor is the most streams the battery holds at once for
// inst running tests: all of them in one pool, and a block of at least the
// tests' block unit of each in one dump chunk.
func MaxBatteryStreamsFor(inst rng.Instance, tests []stats.Test) int {
	return min(MaxInterleavedStreams(inst), dumpChunkBytes/(4*blockPositions(tests)))
}

// sortsGroups is whether the test's kernel is rng_battery_groups.comp, where
// a work group sorts one group of birthdays in shared memory (birthday
// spacings in any dimensions) or throws it into urns (collisions).
func sortsGroups(t stats.Test) bool { return t.IsSpacings() || t == stats.Collisions }

// groupPerItem is whether a work group counts one item of test t together
// (its kernel's loop passes fixed, a block one dispatch): the groups kernel's
// tests, and rank64, a row an invocation (rng_battery_rank64.comp).
func groupPerItem(t stats.Test) bool { return sortsGroups(t) || t == stats.Rank64 }

// rank64BySubgroups lets rank64 reduce a matrix by subgroup ballots where
// the driver has them (tests turn it off to check the barrier version on
// such a driver too).
var rank64BySubgroups = true

// batteryKernel is the kernel that counts test t.
func batteryKernel(t stats.Test) string {
	switch {
	case sortsGroups(t):
		return "rng_battery_groups.comp"
	case t == stats.Rank64:
		return "rng_battery_rank64.comp"
	}
	return "rng_battery.comp"
}

// Battery runs the tests over size.Numbers values of the pool's streams in
// each order: blocks of every stream are drawn on the GPU (rng_dump.comp,
// as `rng dump --order interleaved` draws them), each block counted by
// rng_battery.comp (batteryKernel: rng_battery_groups.comp for birthdays
// and collisions, rng_battery_rank64.comp for rank64) in both orders while
// the block before it is still at hand, and only the counts are read back. progress, if not nil, is told how many values (per
// order) are done.
func Battery(r *render.RNG, size BatterySize, tests []stats.Test, progress func(done int64)) (BatteryCounts, error) {
	streams, bits := r.Cfg.Streams, r.Gen.Bits()
	if size.Renderer != nil {
		streams, bits = size.Renderer.Slots, RendererBits
	}
	out := BatteryCounts{Size: size}
	if err := size.Check(streams, tests); err != nil {
		return out, err
	}
	if most := MaxBatteryStreamsFor(r.Inst, tests); streams > most {
		return out, fmt.Errorf("the battery holds every stream at once: at most %d streams of %s", most, r.Gen.Name)
	}
	limit := dumpLimit(r)
	// Whole groups of the widest invocation of the tests run per stream and
	// block (512 values with birthdays or collisions): an invocation never
	// straddles two streams. (In the renderer order a quasi-random block
	// also holds whole photons.)
	unit := blockPositions(tests)
	if _, quasi := r.Inst.(rng.QuasiRandom); quasi && size.Renderer != nil && size.Renderer.PerPhoton > 0 {
		unit = lcm(unit, size.Renderer.PerPhoton)
	}
	k, err := blockLen(size, streams, limit, unit)
	if err != nil {
		return out, err
	}
	src, current, err := batterySource(r, size, streams, k)
	if err != nil {
		return out, err
	}
	defer current.Delete()
	return countBlocks(r.Context(), src, current, streams, bits, k, size, tests, progress)
}

// blockLen is the values of each stream in one of the battery's blocks: a
// multiple of unit, all of them under limit bytes.
func blockLen(size BatterySize, streams int, limit int64, unit int) (int, error) {
	k := int(min(size.PerStream, limit/int64(4*streams))) / unit * unit
	if k < unit {
		return 0, fmt.Errorf("%d streams leave blocks of %d values per stream on this GPU; the battery needs %d: use fewer streams", streams, k, unit)
	}
	return k, nil
}

// countBlocks draws size.PerStream values of each stream from src, block
// after block of k values (the first into current), and counts them with the
// tests' kernels (bits: the values' output bits).
func countBlocks(ctx *gpu.Context, src blockSource, current *gpu.Buffer, streams, bits, k int, size BatterySize, tests []stats.Test, progress func(done int64)) (BatteryCounts, error) {
	out := BatteryCounts{Size: size}
	previous, err := ctx.NewBuffer(streams*k*4, nil)
	if err != nil {
		return out, err
	}
	defer previous.Delete()
	c, err := newBatteryCounter(ctx, streams, bits, k, size, tests)
	if err != nil {
		return out, err
	}
	defer c.Delete()

	prof := newBatteryProfile(ctx)
	c.prof = prof
	start := time.Now()
	block, prev := current, previous
	for m0 := int64(0); m0 < size.PerStream; m0 += int64(k) {
		if err := prof.time("draw", func() error { return src.draw(block, streams, int(m0), k) }); err != nil {
			return out, err
		}
		if err := c.count(block, prev, m0, k); err != nil {
			return out, err
		}
		block, prev = prev, block
		// Wait for the block: progress then counts numbers the GPU has
		// tested, and the driver never holds more than a block of work. (Queued
		// unsynchronised, runs past about 16 s of GPU work came back with zero
		// counts and no GL error on the H200; with this wait 2^36 numbers, 31 s,
		// test correctly.)
		ctx.Finish()
		if progress != nil {
			progress((m0 + int64(k)) * int64(streams))
		}
	}
	out.Elapsed = time.Since(start)
	prof.write(os.Stderr, size.PerStream*int64(streams))
	// A GPU that lost its context (a reset) answers every later call with
	// zeros: say so rather than test them.
	if err := ctx.CheckError("the battery's kernels"); err != nil {
		return out, err
	}
	out.Counts = c.read()
	for o, byTest := range out.Counts {
		for i, counts := range byTest { // none for an order not counted
			if err := checkItems(counts, tests[i], Order(o), size, bits); err != nil {
				return out, err
			}
		}
	}
	return out, nil
}

// blockSource draws the battery's blocks: values m0 .. m0+k-1 of each of n
// streams into out, stream-major.
type blockSource interface {
	draw(out *gpu.Buffer, n, m0, k int) error
}

// batterySource is where Battery's numbers come from, ready at value 0 of
// every stream, with the buffer of its first block: a dump of the pool's
// streams, or the renderer's draws (size.Renderer).
func batterySource(r *render.RNG, size BatterySize, streams, k int) (blockSource, *gpu.Buffer, error) {
	if size.Renderer != nil {
		src, err := newRendererSource(r, *size.Renderer)
		if err != nil {
			return nil, nil, err
		}
		b, err := r.Context().NewBuffer(streams*k*4, nil)
		return src, b, err
	}
	d, err := newBlockDumper(r, streams, k)
	if err != nil {
		return nil, nil, err
	}
	return d, d.out, nil
}

func lcm(a, b int) int {
	g, x := a, b
	for x != 0 {
		g, x = x, g%x
	}
	return a / g * b
}

// checkItems refuses counts that do not add up to the items a sample holds:
// a GPU that skipped work (or lost its context without saying so) must not
// have its zeros tested as numbers.
func checkItems(c []uint64, t stats.Test, o Order, size BatterySize, outBits int) error {
	want := t.Items(size.Segments(o), outBits)
	if want < 0 {
		return nil
	}
	bins := t.Bins()
	for s := range size.Samples {
		sum := uint64(0)
		for _, v := range c[s*bins : (s+1)*bins] {
			sum += v
		}
		if sum != uint64(want) {
			return fmt.Errorf("the GPU's %s counts of sample %d (%s order) add up to %d items, not the %d its numbers hold: not testing them", t, s, o, sum, want)
		}
	}
	return nil
}

// batteryCounter is the battery's counting side: each test's kernel in
// each order and its counts, fed block after block (Battery draws them;
// tests write chosen values).
type batteryCounter struct {
	ctx           *gpu.Context
	streams, bits int
	size          BatterySize
	tests         []stats.Test
	jobs          []batteryJob // order-major, the tests in each
	prof          *batteryProfile
	consumed      *transposer // the consumed order's blocks (nil: none, or one stream)
}

// batteryJob is one test in one order: its program and its counts.
type batteryJob struct {
	p      *gpu.Program
	counts *gpu.Buffer
	order  Order
	test   stats.Test
}

// newBatteryCounter builds the kernels of the tests in size's orders for
// streams streams of a generator of `bits` output bits, and zeroes their counts.
func newBatteryCounter(ctx *gpu.Context, streams, bits, k int, size BatterySize, tests []stats.Test) (*batteryCounter, error) {
	c := &batteryCounter{ctx: ctx, streams: streams, bits: bits, size: size, tests: tests}
	for _, o := range size.orders() {
		if o == ConsumedOrder {
			var err error
			if c.consumed, err = newTransposer(ctx, streams, k); err != nil {
				return nil, err
			}
		}
		for _, t := range tests {
			defs := map[string]string{
				t.Define():  "1",
				"BINS":      fmt.Sprintf("%du", t.Bins()),
				"POSITIONS": fmt.Sprintf("%du", positions(t)),
			}
			if o == StreamOrder {
				defs["STREAM_ORDER"] = "1"
			}
			if t.Low() {
				defs["LOW_BITS"] = "1"
			}
			if g := histGroupSize(t); g != shaders.BatteryGroupSize {
				defs["HIST_GROUP_SIZE"] = fmt.Sprint(g)
			}
			if n := ctx.Info.SubgroupSize; t == stats.Rank64 && rank64BySubgroups && (n == 32 || n == 64) {
				defs["SUBGROUP_SIZE"] = fmt.Sprint(n)
			}
			if t.IsSpacings() {
				defs["DIMS"] = fmt.Sprintf("%du", t.Dims())
				defs["GROUP_SPAN"] = fmt.Sprintf("%du", t.Span())
			}
			src, err := shaders.Build(batteryKernel(t), "", defs)
			if err != nil {
				c.Delete()
				return nil, err
			}
			p, err := ctx.Compute(src)
			if err != nil {
				c.Delete()
				return nil, err
			}
			counts, err := ctx.NewBuffer(size.Samples*t.Bins()*8, nil)
			if err != nil {
				c.Delete()
				return nil, err
			}
			counts.Clear()
			c.jobs = append(c.jobs, batteryJob{p, counts, o, t})
		}
	}
	return c, nil
}

// histGroupSize is rng_battery.comp's work group for test t: 256 for the
// tests of 256 bins or more, whose group histogram's flush (a global add a
// non-zero bin) cost 0.7 global adds a value in groups of 64 for serial
// (4,352 bins, 4,096 values a group; 0.26 in groups of 256; docs/lab.md);
// BatteryGroupSize for the others. The groups
// kernel keeps BatteryGroupSize (a group of birthdays is KEYS of each).
func histGroupSize(t stats.Test) int {
	if !groupPerItem(t) && t.Bins() >= 256 {
		return 4 * shaders.BatteryGroupSize
	}
	return shaders.BatteryGroupSize
}

// Delete frees the counts (the programs stay in the context's cache).
func (c *batteryCounter) Delete() {
	for _, j := range c.jobs {
		j.counts.Delete()
	}
	c.jobs = nil
	c.consumed.Delete()
	c.consumed = nil
}

// count runs every job over the block of values m0 .. m0+k-1 of every
// stream (stream-major), prev holding the k values before them.
func (c *batteryCounter) count(block, prev *gpu.Buffer, m0 int64, k int) error {
	valid := int(min(int64(k), c.size.PerStream-m0)) // the last block is cut short
	inOrder := [][2]*gpu.Buffer{StreamOrder: {block, prev}, ConsumedOrder: {block, prev}}
	if c.consumed != nil {
		err := c.prof.time("transpose", func() (err error) {
			cur, before, err := c.consumed.next(block)
			inOrder[ConsumedOrder] = [2]*gpu.Buffer{cur, before}
			return err
		})
		if err != nil {
			return err
		}
	}
	for _, j := range c.jobs {
		b := inOrder[j.order]
		count := func() error { return c.countJob(j, b[0], b[1], m0, k, valid) }
		if err := c.prof.time(j.test.String()+" "+j.order.String(), count); err != nil {
			return err
		}
	}
	return nil
}

// read returns the counts: [order][test] of Orders and c.tests, sample
// after sample, test.Bins() each.
func (c *batteryCounter) read() [][][]uint64 {
	out := make([][][]uint64, len(Orders))
	var words []uint32
	for i, j := range c.jobs {
		if i%len(c.tests) == 0 {
			out[j.order] = make([][]uint64, len(c.tests))
		}
		n := c.size.Samples * j.test.Bins()
		words = append(words[:0], make([]uint32, 2*n)...)
		j.counts.Read(0, words)
		counts := make([]uint64, n)
		for b := range counts {
			counts[b] = uint64(words[2*b]) | uint64(words[2*b+1])<<32
		}
		out[j.order][i%len(c.tests)] = counts
	}
	return out
}

// countJob runs one job's kernel over the block, of which the first
// `valid` values of each stream count.
func (c *batteryCounter) countJob(j batteryJob, block, prev *gpu.Buffer, m0 int64, k, valid int) error {
	p, size := j.p, c.size
	block.Bind(shaders.BatteryBlockBinding)
	prev.Bind(shaders.BatteryPreviousBinding)
	j.counts.Bind(shaders.BatteryCountsBinding)
	p.SetUint("streams", uint32(c.streams))
	p.SetUint("block_len", uint32(k))
	p.SetUint("block_first", uint32(m0))
	positionsInBlock := c.streams * k
	p.SetUint("block_positions", uint32(positionsInBlock))
	p.SetUint("block_valid", uint32(valid))
	p.SetUint("out_shift", uint32(32-c.bits))
	l := size.SampleLen()
	if j.order == StreamOrder {
		seg := min(l, size.PerStream)
		p.SetUint("seg_len", uint32(seg))
		p.SetUint("seg_per_stream", uint32(size.PerStream/seg))
		p.SetUint("segs_per_sample", uint32(l/seg))
	} else {
		first := m0 * int64(c.streams)
		p.SetUint("seg_len", uint32(l))
		p.SetUint("block_sample", uint32(first/l))
		p.SetUint("block_offset", uint32(first%l))
	}
	per := positions(j.test)
	if groupPerItem(j.test) {
		// A work group per item's span of positions, whose loop passes are
		// fixed (a few hundred): the block is one dispatch, which Dispatch
		// folds into 2-D past the driver's work groups per dimension; the
		// spare groups of the last row lie past the block and count nothing.
		p.SetUint("first_position", 0)
		return c.ctx.Dispatch(p, (positionsInBlock+per-1)/per*p.LocalSize[0])
	}
	// A dispatch covers whole groups of positions; the kernel skips those past the block.
	step := p.LocalSize[0] * per * 4096
	for first := 0; first < positionsInBlock; first += step {
		p.SetUint("first_position", uint32(first))
		n := min(step, positionsInBlock-first)
		if err := c.ctx.Dispatch(p, (n+per-1)/per); err != nil {
			return err
		}
	}
	return nil
}
