package render

import (
	"fmt"
	"math"
	"testing"

	"speckle/gpu"
	"speckle/rng"
	"speckle/shaders"
)

// depositBits renders iterations of cfg on scene name, traced in calls of
// step photons: the statistics, the radiance, the accumulators of the last
// iteration and every counter, as bits.
func depositBits(t *testing.T, name string, cfg SPPMConfig, step int) (bits []uint64) {
	t.Helper()
	onGL(t, func(c *gpu.Context) error {
		s, err := NewSPPM(c, builtin(t, name), cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		if err := s.Iterate(1); err != nil {
			return err
		}
		// The second iteration cut into calls, its accumulators read before
		// the update folds them in.
		for s.traced+step < cfg.Photons || !s.open {
			if _, err := s.Trace(step); err != nil {
				return err
			}
		}
		acc := make([]uint32, cfg.Width*cfg.Height*shaders.AccumulatorWords)
		s.acc.Read(0, acc)
		if _, err := s.Trace(step); err != nil {
			return err
		}
		if s.Iterations != 2 {
			return fmt.Errorf("%d iterations, want 2", s.Iterations)
		}
		for _, v := range readStats(s) {
			bits = append(bits, math.Float64bits(v))
		}
		px, err := s.Radiance()
		if err != nil {
			return err
		}
		for _, v := range px {
			bits = append(bits, uint64(math.Float32bits(v)))
		}
		var counters [shaders.SPPMCounterWords]uint32
		s.counters.Read(0, counters[:])
		for _, w := range append(acc, counters[:]...) {
			bits = append(bits, uint64(w))
		}
		return nil
	})
	return bits
}

// The deferred gather deposits the same bytes as the inline one: cornell
// and caustics (BVH, glass, fewer deposits a photon) with both grid
// gathers give the same statistics, radiance, accumulators and counters
// (photons, bounces, the flux tally) with hit buffers of many chunks an
// iteration, and with regions so small that most groups fill theirs and
// deposit the rest inline, or none at all (every deposit inline).
func TestDeferredDepositMatchesInline(t *testing.T) {
	savedBytes, savedSlots := maxHitBytesSoftware, hitSlotsPerPhoton
	defer func() { maxHitBytesSoftware, hitSlotsPerPhoton = savedBytes, savedSlots }()
	for _, name := range []string{"cornell", "caustics"} {
		for _, gather := range []GridGather{GatherCells, GatherPBRT} {
			cfg := SPPMConfig{Width: 40, Height: 24, Photons: 3000, Alpha: 0.7, Generator: rng.Philox, Seed: 9, Gather: gather, FluxTally: true}
			want := depositBits(t, name, cfg, 1100)
			cfg.Deposit = DepositDeferred
			for _, c := range []struct {
				bytes int
				slots float64
			}{{4 << 20, 3}, {20000, 3}, {5000, 0.5}, {100000, 1.0 / 16}, {1 << 20, 0}} {
				maxHitBytesSoftware, hitSlotsPerPhoton = c.bytes, c.slots
				got := depositBits(t, name, cfg, 1100)
				if len(got) != len(want) {
					t.Fatalf("%d words, want %d", len(got), len(want))
				}
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("%s, %s gather, hit buffer of %d bytes, %g slots a photon: word %d = %#x, inline %#x", name, gather, c.bytes, c.slots, i, got[i], want[i])
					}
				}
			}
		}
	}
}
