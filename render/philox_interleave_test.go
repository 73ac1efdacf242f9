// lab's Draw on a Philox pool set by hand (RNG.WritePool, which only
// tests need: export_test.go), so the test lives beside the pool, outside
// package render as it imports lab.
package render_test

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/lab"
	"speckle/render"
	"speckle/rng"
)

// philoxStart is a Philox pool slot's state: the current block (64-bit),
// the lanes of it not yet drawn, and the stream (rng/philox.glsl's rng_store).
type philoxStart struct {
	block  uint64
	left   uint32
	stream uint32
}

// next is the stream position the slot draws next: the lanes of block
// `block` already drawn past its start (a fresh stream: block all ones,
// none left, so position 0).
func (s philoxStart) next() uint64 { return 4*(s.block+1) - uint64(s.left) }

// philoxStarts: fresh streams 0..4, streams whose next block is 2^32 - k
// (the carry of the block index into counter word 2 at each position k of a
// wide draw of 4 blocks), one past 2^32 blocks already at a high word of 7,
// and streams left mid-block (1..3 lanes left) next to the carry.
func philoxStarts() []philoxStart {
	var starts []philoxStart
	for t := range 5 {
		starts = append(starts, philoxStart{block: math.MaxUint64, stream: uint32(t)})
	}
	for k := range 4 {
		starts = append(starts, philoxStart{block: 1<<32 - 1 - uint64(k), stream: uint32(100 + k)})
	}
	starts = append(starts, philoxStart{block: 7<<32 | 0xFFFFFFFD, stream: math.MaxUint32})
	for left := uint32(1); left <= 3; left++ {
		starts = append(starts, philoxStart{block: 1<<32 - uint64(left), left: left, stream: 200 + left})
	}
	return starts
}

// TestPhiloxInterleave: the bench kernels' wide draw (--philox-interleave
// N: N blocks computed side by side) stores, and then sums, exactly the Go
// reference's floats in order, for N = 1..4 and 7 rounds: from fresh
// streams, across the 2^32 carry of the block index at every position of a
// wide draw, past it, and from streams left mid-block; over two stored
// dispatches (the pool carrying each stream) whose draws are not all
// multiples of 4N (the rest drawn in fours), then a summing one.
func TestPhiloxInterleave(t *testing.T) {
	const seed = 0x9E3779B9
	starts := philoxStarts()
	counts := []int{36, 40} // 4N·q + 4r for every N: wide draws, then fours
	for _, c := range []struct{ n, rounds int }{{1, 10}, {2, 10}, {3, 10}, {4, 10}, {4, 7}} {
		t.Run(fmt.Sprintf("interleave=%d/rounds=%d", c.n, c.rounds), func(t *testing.T) {
			cfg := rng.Config{Seed: seed, Streams: len(starts), Options: map[string]string{
				"philox-interleave": strconv.Itoa(c.n), "philox-rounds": strconv.Itoa(c.rounds)}}
			inst, err := rng.Philox.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if got := inst.Defines()["PHILOX_INTERLEAVE"]; got != strconv.Itoa(c.n) {
				t.Fatalf("PHILOX_INTERLEAVE = %q, want %d", got, c.n)
			}
			stored, sums := philoxDrawsFrom(t, cfg, starts, counts)
			for i, s := range starts {
				ref := inst.(rng.Seeker).StreamAt(int(s.stream), s.next())
				m := 0
				for d, count := range counts {
					for k := range count {
						if w, want := stored[d][(k/4*len(starts)+i)*4+k%4], math.Float32bits(ref.F32()); w != want {
							t.Fatalf("slot %d (block %#x, %d left, stream %d), dispatch %d, draw %d (value %d): GPU %08x, Go %08x",
								i, s.block, s.left, s.stream, d, k, s.next()+uint64(m), w, want)
						}
						m++
					}
				}
				var sum [4]float32
				for k := range counts[0] {
					sum[k%4] += ref.F32()
				}
				for j := range 4 {
					if w, want := sums[i*4+j], math.Float32bits(sum[j]); w != want {
						t.Fatalf("slot %d: summed draws, component %d: GPU %08x, Go %08x", i, j, w, want)
					}
				}
			}
		})
	}
}

// philoxDrawsFrom puts a pool of cfg's Philox at starts, runs a stored lab.Draw
// per count (iterations 0, 1, ...) and then a summing one of counts[0]
// draws, and returns the stored words of each and the sums' bits.
func philoxDrawsFrom(t *testing.T, cfg rng.Config, starts []philoxStart, counts []int) (stored [][]uint32, sums []uint32) {
	t.Helper()
	gltest.On(t, func(c *gpu.Context) error {
		r, err := render.NewRNG(c, rng.Philox, cfg)
		if err != nil {
			return err
		}
		defer r.Close()
		if err := r.Seed(); err != nil {
			return err
		}
		for i, s := range starts {
			if err := r.WritePool(i, []uint32{uint32(s.block), uint32(s.block >> 32), s.left, s.stream}); err != nil {
				return err
			}
		}
		out, err := c.NewBuffer(lab.DrawWords(lab.DrawStore, len(starts), max(counts[0], counts[1]))*4, nil)
		if err != nil {
			return err
		}
		defer out.Delete()
		for it, count := range counts {
			if _, err := lab.Draw(r, lab.DrawStore, count, uint32(it), 1, out); err != nil {
				return err
			}
			words := make([]uint32, lab.DrawWords(lab.DrawStore, len(starts), count))
			out.Read(0, words)
			stored = append(stored, words)
		}
		if _, err := lab.Draw(r, lab.DrawSum, counts[0], uint32(len(counts)), 1, out); err != nil {
			return err
		}
		sums = make([]uint32, lab.DrawWords(lab.DrawSum, len(starts), counts[0]))
		out.Read(0, sums)
		return nil
	})
	return stored, sums
}
