package render

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/rng"
	"speckle/shaders"
)

// The photon buckets' scan turns counts into each bucket's first record
// and the total: for 2^21 + 5 buckets (four levels, the spread run twice),
// 2^12 and 1,000 (fewer than a block's words: one level under the total),
// random counts give their exclusive prefix sums, and every level's words
// and nothing past them are written.
func TestPointsScanIsAPrefixSum(t *testing.T) {
	cfg := SPPMConfig{Width: 8, Height: 8, Photons: 64, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 9}, Deposit: DepositPoints}
	withSPPM(t, builtin(t, "cornell"), cfg, func(c *gpu.Context, s *SPPM) error {
		saved := s.points.levels
		defer func() { s.points.levels = saved }()
		r := rand.New(rand.NewSource(1))
		for _, buckets := range []int{1<<21 + 5, 1 << 12, 1000} {
			s.points.levels = newPointsLevels(buckets)
			top := s.points.levels[len(s.points.levels)-1]
			words := make([]uint32, top.off+top.n+1)
			for i := range buckets {
				words[i] = uint32(r.Intn(4)) * uint32(r.Intn(2))
			}
			words[len(words)-1] = 0xDEADBEEF
			buf, err := c.NewBuffer(4*len(words), words)
			if err != nil {
				return err
			}
			buf.Bind(shaders.PhotonBucketsBinding)
			err = s.scanBuckets()
			got := make([]uint32, len(words))
			buf.Read(0, got)
			buf.Delete()
			if err != nil {
				return err
			}
			sum := uint32(0)
			for i := 0; i <= buckets; i++ {
				if got[i] != sum {
					return fmt.Errorf("%d buckets (%d levels): bucket %d starts at %d, want %d", buckets, len(s.points.levels), i, got[i], sum)
				}
				if i < buckets {
					sum += words[i]
				}
			}
			if got[top.off] != sum || got[len(got)-1] != 0xDEADBEEF {
				return fmt.Errorf("%d buckets: total %d (want %d), the word past it %#x", buckets, got[top.off], sum, got[len(got)-1])
			}
		}
		return nil
	})
}

// A visible point whose cells hold more hits than the loop budget allows
// (a radius that puts all 1,024 pixels' points and all 8,192 photons' hits
// in one cell, read by every point) ends the render with the loop
// budget's error, as a photon's walk past it does
// (TestSPPMRefusesAPhotonPastTheLoopBudget): the photon pass itself walks
// nothing (no region fills), so the error is the points kernel's.
func TestPointsRefusePastTheLoopBudget(t *testing.T) {
	cfg := SPPMConfig{Width: 32, Height: 32, Photons: 8192, Alpha: 0.7, Radius: 3.8, RNG: rng.Spec{Gen: rng.PCG32, Seed: 1}, Deposit: DepositPoints}
	withSPPM(t, builtin(t, "cornell"), cfg, func(c *gpu.Context, s *SPPM) error {
		refused := s.Iterate(1)
		if refused == nil || !strings.Contains(refused.Error(), "a group of photons traced together may have needed") {
			return fmt.Errorf("Iterate: %v, want the loop budget's error", refused)
		}
		if _, full, _ := s.HitRegions(); full != 0 || s.Iterations != 0 {
			t.Errorf("%d regions full (want none), %d iterations (want 0)", full, s.Iterations)
		}
		return nil
	})
}

// With the adaptive grid, visible points larger than the iteration's cells
// walk the box within their own reach: caustics after 40 iterations (whose
// grid has linked large points through its pool) gives the inline
// statistics and radiance bits with DepositPoints.
func TestPointsDepositWalksLargePoints(t *testing.T) {
	cfg := SPPMConfig{Width: 48, Height: 27, Photons: 1 << 12, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 5}, Gather: GatherAdaptive}
	want, _ := renderBitsN(t, cfg, "caustics", 40, nil)
	cfg.Deposit = DepositPoints
	var pool uint32
	got, _ := renderBitsN(t, cfg, "caustics", 40, func(s *SPPM) {
		var w [shaders.SPPMCounterWords]uint32
		s.counters.Read(0, w[:])
		pool = w[shaders.SPPMCounterGridPool]
	})
	if pool == 0 {
		t.Errorf("no large point went through the pool: the test walks no box")
	}
	sameBits(t, fmt.Sprintf("caustics, adaptive grid, 40 iterations (%d pool links)", pool), got, want)
}
