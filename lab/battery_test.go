package lab

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/internal/stats"
	"speckle/render"
	"speckle/rng"
)

// batteryOnCPU is what the battery counts, from the Go reference, over the
// generator's first size.PerStream values of each stream.
func batteryOnCPU(inst rng.Instance, bits, streams int, size BatterySize, o Order, t stats.Test) []uint64 {
	values := make([][]uint32, streams)
	for s := range values {
		st := inst.Stream(s)
		values[s] = make([]uint32, size.PerStream)
		for m := range values[s] {
			values[s][m] = st.U32()
		}
	}
	return tallyOnCPU(values, bits, size, o, t)
}

// tallyOnCPU is what the battery counts over the streams' values: the
// order's sequence cut into samples and segments, each segment through
// stats.Tally.
func tallyOnCPU(values [][]uint32, bits int, size BatterySize, o Order, t stats.Test) []uint64 {
	var seq []uint32
	if o == StreamOrder {
		seq = slices.Concat(values...)
	} else {
		for m := range values[0] {
			for s := range values {
				seq = append(seq, values[s][m])
			}
		}
	}
	seg := size.Segments(o)
	counts := make([]uint64, size.Samples*t.Bins())
	for i := 0; i < len(seq); i += int(seg.Length) {
		sample := i / int(size.SampleLen())
		stats.Tally(t, seq[i:i+int(seg.Length)], bits, counts[sample*t.Bins():(sample+1)*t.Bins()])
	}
	return counts
}

// The GPU's counts equal the Go reference's for every test, both orders
// and every generator, across blocks cut small (1,024 values per stream,
// so items and samples straddle blocks and the last block is cut short),
// with samples shorter than a stream and samples of whole streams.
func TestBatteryCountsEqualGo(t *testing.T) {
	saved := dumpChunkBytes
	defer func() { dumpChunkBytes = saved }()
	sizes := []struct {
		streams int
		size    BatterySize
	}{
		{3, BatterySize{Numbers: 3 * 2048, PerStream: 2048, Samples: 6}}, // samples of 1,024: two per stream
		{4, BatterySize{Numbers: 4 * 1536, PerStream: 1536, Samples: 2}}, // samples of two whole streams
	}
	for _, g := range exactGenerators() {
		for _, opts := range paperSets(g) {
			for _, sz := range sizes {
				name := g.Name
				if opts != nil {
					name += "/" + describe(opts)
				}
				t.Run(fmt.Sprintf("%s/%d-streams/%d-samples", name, sz.streams, sz.size.Samples), func(t *testing.T) {
					checkBatteryAgainstGo(t, g, opts, sz.streams, sz.size, stats.Tests, 1100)
				})
			}
		}
	}
}

// checkBatteryAgainstGo runs the battery's tests on the GPU over streams of g
// (seed 7), dumping chunks of chunkWords words a stream, and fails t where a
// count differs from the Go model's (batteryOnCPU) in either order.
func checkBatteryAgainstGo(t *testing.T, g *rng.Generator, opts map[string]string, streams int, size BatterySize, tests []stats.Test, chunkWords int) {
	t.Helper()
	cfg := rng.Config{Seed: 7, Streams: streams, Options: opts}
	inst, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	dumpChunkBytes = 4 * streams * max(chunkWords, inst.StateWords())
	var got BatteryCounts
	gltest.On(t, func(c *gpu.Context) error {
		r, err := render.NewRNG(c, g, cfg)
		if err != nil {
			return err
		}
		defer r.Close()
		got, err = Battery(r, size, tests, nil)
		return err
	})
	for _, o := range Orders {
		for i, test := range tests {
			want := batteryOnCPU(inst, g.Bits(), streams, size, o, test)
			if !slices.Equal(got.Counts[o][i], want) {
				t.Errorf("%s order, %s: GPU counts differ from Go's (first difference at %d)", o, test, firstDiff(got.Counts[o][i], want))
			}
		}
	}
}

func firstDiff(a, b []uint64) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// countChosen runs the battery's kernels over chosen values (values[t] is
// stream t, of `bits` output bits) in blocks of k values per stream, as
// Battery runs them over the blocks it draws.
func countChosen(c *gpu.Context, values [][]uint32, bits int, size BatterySize, k int) ([][][]uint64, error) {
	streams := len(values)
	counter, err := newBatteryCounter(c, streams, bits, k, size, stats.Tests)
	if err != nil {
		return nil, err
	}
	defer counter.Delete()
	var bufs [2]*gpu.Buffer
	for i := range bufs {
		if bufs[i], err = c.NewBuffer(streams*k*4, nil); err != nil {
			return nil, err
		}
		defer bufs[i].Delete()
	}
	words := make([]uint32, streams*k)
	for m0 := 0; m0 < int(size.PerStream); m0 += k {
		clear(words)
		for t, v := range values {
			copy(words[t*k:(t+1)*k], v[m0:min(m0+k, len(v))])
		}
		bufs[0].Write(0, words)
		if err := counter.count(bufs[0], bufs[1], int64(m0), k); err != nil {
			return nil, err
		}
		// As Battery does: the next Write overwrites a block the kernels
		// read (as the previous one). Unfinished, this test's counts came
		// out wrong on the H100 (driver 580), in both orders, once the
		// consumed order read transposed copies (not on llvmpipe), while
		// Battery, which finishes every block, counted right there.
		c.Finish()
		bufs[0], bufs[1] = bufs[1], bufs[0]
	}
	return counter.read(), c.CheckError("the battery's kernels")
}

// chosenDays are groups of birthdays a sort or the urns can get wrong: days
// all equal, sorted and reversed runs, a few days repeated in random order,
// one urn (the top 16 bits) for all, the extremes; each a function of the
// value's index m and a random number r.
var chosenDays = []func(m int, r uint32) uint32{
	func(m int, r uint32) uint32 { return 0 },
	func(m int, r uint32) uint32 { return 0xabcdef },
	func(m int, r uint32) uint32 { return uint32(m) },         // spacings all 1
	func(m int, r uint32) uint32 { return uint32(5000 - m) },  // reversed
	func(m int, r uint32) uint32 { return r % 4 << 16 },       // 4 days, in random order
	func(m int, r uint32) uint32 { return r % 600 * 997 },     // many spacings repeated
	func(m int, r uint32) uint32 { return 0x1234<<8 | r&255 }, // one cell, 256 days
	func(m int, r uint32) uint32 { return uint32(m%37) * 3 },  // sawtooth runs
	func(m int, r uint32) uint32 { return uint32(m&1) * 0xffffff },
	func(m int, r uint32) uint32 { return r & 0xffffff },
}

// The GPU's counts equal the Go reference's on chosen values that test
// birthdays' sorts and collisions' urns (chosenDays, switching every 600 values,
// so some groups hold one kind and others two), for every test and order:
// over blocks of 512 values per stream, with segments of 700 values (groups
// straddle blocks) and of whole streams of 1,100, and generators of 32 and
// 24 output bits (the bits below the days are random).
func TestBatteryCountsEqualGoOnChosenValues(t *testing.T) {
	sizes := []struct {
		streams int
		size    BatterySize
	}{
		{3, BatterySize{Numbers: 3 * 2100, PerStream: 2100, Samples: 9}}, // samples of 700: three per stream
		{4, BatterySize{Numbers: 4 * 1100, PerStream: 1100, Samples: 2}}, // samples of two whole streams
	}
	random := rand.New(rand.NewPCG(1, 2))
	for _, bits := range []int{32, 24} {
		for _, sz := range sizes {
			values := make([][]uint32, sz.streams)
			for s := range values {
				values[s] = make([]uint32, sz.size.PerStream)
				for m := range values[s] {
					day := chosenDays[(m/600+s)%len(chosenDays)](m, random.Uint32())
					values[s][m] = (day<<8 | random.Uint32()&255) >> (32 - bits)
				}
			}
			t.Run(fmt.Sprintf("%d-bits/%d-streams/%d-samples", bits, sz.streams, sz.size.Samples), func(t *testing.T) {
				var got [][][]uint64
				gltest.On(t, func(c *gpu.Context) (err error) {
					got, err = countChosen(c, values, bits, sz.size, 512)
					return err
				})
				for _, o := range Orders {
					for i, test := range stats.Tests {
						want := tallyOnCPU(values, bits, sz.size, o, test)
						if !slices.Equal(got[o][i], want) {
							t.Errorf("%s order, %s: GPU counts differ from Go's (first difference at %d)", o, test, firstDiff(got[o][i], want))
						}
					}
				}
			})
		}
	}
}

// The battery refuses counts that do not add up to the items its numbers
// hold (a GPU that did no work returns zeros), and takes those that do.
func TestBatteryRefusesCountsThatDoNotAddUp(t *testing.T) {
	size := BatterySize{Numbers: 1 << 16, PerStream: 1 << 12, Samples: 2}
	for _, o := range Orders {
		l := size.Segments(o)
		for _, test := range []stats.Test{stats.Bytes, stats.Pairs, stats.Triples, stats.Birthdays, stats.Collisions, stats.Rank} {
			c := make([]uint64, size.Samples*test.Bins())
			if err := checkItems(c, test, o, size, 32); err == nil {
				t.Errorf("%s %s: zero counts taken", test, o)
			}
			for s := range size.Samples {
				c[s*test.Bins()] = uint64(test.Items(l, 32))
			}
			if err := checkItems(c, test, o, size, 32); err != nil {
				t.Errorf("%s %s: %v", test, o, err)
			}
			c[0]++
			if err := checkItems(c, test, o, size, 32); err == nil {
				t.Errorf("%s %s: one count too many taken", test, o)
			}
		}
		if err := checkItems(make([]uint64, size.Samples*stats.Gap.Bins()), stats.Gap, o, size, 32); err != nil {
			t.Errorf("gap's items depend on the numbers, yet: %v", err)
		}
	}
}

// A sample's count past 2^32 carries into its high word: 2^27 values of all
// ones hold exactly 2^32 ones (monobit's one bin), in both orders.
func TestBatteryCountsCarryPast32Bits(t *testing.T) {
	const k, blocks = 1 << 20, 1 << 7
	size := BatterySize{Numbers: k * blocks, PerStream: k * blocks, Samples: 1}
	var got [][][]uint64
	gltest.On(t, func(c *gpu.Context) (err error) {
		counter, err := newBatteryCounter(c, 1, 32, k, size, []stats.Test{stats.Monobit})
		if err != nil {
			return err
		}
		defer counter.Delete()
		ones := make([]uint32, k)
		for i := range ones {
			ones[i] = 0xFFFFFFFF
		}
		var bufs [2]*gpu.Buffer
		for i := range bufs {
			if bufs[i], err = c.NewBuffer(k*4, ones); err != nil {
				return err
			}
			defer bufs[i].Delete()
		}
		for b := range blocks { // every block the same ones
			if err := counter.count(bufs[b%2], bufs[1-b%2], int64(b*k), k); err != nil {
				return err
			}
			c.Finish()
		}
		got = counter.read()
		return c.CheckError("the battery's kernels")
	})
	for _, o := range Orders {
		if n := got[o][0][0]; n != 1<<32 {
			t.Errorf("%s order: %d ones counted in 2^27 words of all ones, want 2^32", o, n)
		}
	}
}

// The consumed order's transposed blocks (rng_battery_transpose.comp) hold
// whole tiles of 32 streams and a partial one: 45 streams, blocks of 512
// values a stream over 1,024 (two blocks, items straddling them), samples
// of 5,120 values, every test, counts equal Go's.
func TestConsumedOrderOverManyStreamsEqualsGo(t *testing.T) {
	saved := dumpChunkBytes
	defer func() { dumpChunkBytes = saved }()
	size := BatterySize{Numbers: 45 * 1024, PerStream: 1024, Samples: 9}
	checkBatteryAgainstGo(t, rng.Philox, nil, 45, size, stats.Tests, 512)
}

// A transposition of more than 65,535 tiles (the work groups llvmpipe
// takes in one dimension; gpu.Dispatch folds them into two): 2 streams of
// 2^22 values in one block make 2^17 tiles, and the consumed order's
// counts still equal Go's.
func TestConsumedOrderPastTheGroupLimitEqualsGo(t *testing.T) {
	saved := dumpChunkBytes
	defer func() { dumpChunkBytes = saved }()
	size := BatterySize{Numbers: 1 << 23, PerStream: 1 << 22, Samples: 8}
	checkBatteryAgainstGo(t, rng.Philox, nil, 2, size, []stats.Test{stats.Monobit, stats.Runs}, 1<<22)
}
