package render

import (
	"fmt"
	"math"
	"strings"
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
	withSPPM(t, builtin(t, name), cfg, func(c *gpu.Context, s *SPPM) error {
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

// hitCase is how a deferred deposit is sized in a test: the deposit, the
// most hit groups (maxHitGroups), slots a photon (hitSlotsPerPhoton) and the
// combined table's bits (combineBits).
type hitCase struct {
	deposit Deposit
	groups  int
	slots   float64
	bits    int
}

// Every deferred deposit gives the inline bytes: cornell and caustics (BVH,
// glass, fewer deposits a photon) with both grid gathers give the same
// statistics, radiance, accumulators and counters (photons, bounces, the
// flux tally). Deferred, sorted and combined with a hit buffer for the
// whole iteration and of a few groups (chunks of 128..320 photons in calls
// of 1,100), regions so small that most groups fill theirs and deposit the
// rest inline, or none at all (every deposit inline); combined also with
// its table of 2 points (most points miss it and add to the accumulators
// directly). Points (each visible point gathering from the sorted
// hits) with a buffer for the whole iteration, of 2 groups, and with
// regions that fill (TestPointsDepositMatchesInline: its own grids).
func TestDeferredDepositMatchesInline(t *testing.T) {
	savedGroups, savedSlots, savedBits := maxHitGroups, hitSlotsPerPhoton, combineBits
	defer func() { maxHitGroups, hitSlotsPerPhoton, combineBits = savedGroups, savedSlots, savedBits }()
	var cases []hitCase
	for _, d := range []Deposit{DepositDeferred, DepositSorted, DepositCombined} {
		cases = append(cases, []hitCase{{d, savedGroups, 3, 8}, {d, 2, 3, 8}, {d, 3, 0.5, 8}, {d, 5, 1.0 / 16, 8}, {d, savedGroups, 0, 8}}...)
	}
	cases = append(cases, hitCase{DepositCombined, savedGroups, 3, 1}, hitCase{DepositCombined, 3, 0.5, 1},
		hitCase{DepositPoints, savedGroups, 3, 8}, hitCase{DepositPoints, 2, 3, 8}, hitCase{DepositPoints, 3, 0.5, 8})
	for _, name := range []string{"cornell", "caustics"} {
		for _, gather := range []GridGather{GatherCells, GatherPBRT} {
			cfg := SPPMConfig{Width: 40, Height: 24, Photons: 3000, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 9}, Gather: gather, FluxTally: true}
			want := depositBits(t, name, cfg, 1100)
			for _, c := range cases {
				cfg.Deposit, maxHitGroups, hitSlotsPerPhoton, combineBits = c.deposit, c.groups, c.slots, c.bits
				sameBits(t, fmt.Sprintf("%s, %s gather, %s", name, gather, c), depositBits(t, name, cfg, 1100), want)
			}
		}
	}
}

func (c hitCase) String() string {
	groups, slots := "as many groups as needed", fmt.Sprintf("%g slots a photon", c.slots)
	if c.groups != math.MaxInt {
		groups = fmt.Sprintf("up to %d groups", c.groups)
	}
	return fmt.Sprintf("%s, a hit buffer of %s, %s, a table of %d", c.deposit, groups, slots, 1<<c.bits)
}

// sameBits fails the test at the first word where got and want differ.
func sameBits(t *testing.T, what string, got, want []uint64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d words, want %d", what, len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%s: word %d = %#x, want %#x", what, i, got[i], want[i])
		}
	}
}

// The hit buffer fits its byte cap, deferred and sorted (ten words a
// record and the bins) and points (22 words a slot), and holds at least
// one group; it holds no more
// groups than an iteration needs; where one region does not fit the cap,
// it is refused in one line.
func TestHitBufferFitsItsCap(t *testing.T) {
	for _, d := range []Deposit{DepositDeferred, DepositSorted, DepositCombined, DepositPoints} {
		for _, photons := range []int{1, 3000, 1 << 20, 1 << 24} {
			for _, software := range []bool{false, true} {
				limit := map[bool]int{false: maxHitBytes, true: maxHitBytesSoftware}[software]
				h, err := newHitLayout(photons, 64, limit, d)
				if err != nil || 4*h.words(h.groups) > limit || h.groups < 1 || h.groups > (photons+63)/64 || h.chunk() != 64*h.groups || h.sorted != d.Sorted() || h.points != (d == DepositPoints) {
					t.Errorf("%s, %d photons, software %v: %+v, %d bytes, cap %d, %v", d, photons, software, h, 4*h.words(h.groups), limit, err)
				}
			}
		}
	}
	_, err := newHitLayout(1<<20, 64, 1<<10, DepositPoints)
	if err == nil || !strings.Contains(err.Error(), "does not fit") || strings.Contains(err.Error(), "\n") {
		t.Errorf("points on a 1 KiB buffer: %v", err)
	}
}

// The sorted gather's order is a sort: after an iteration of caustics, the
// records' indices in sort order are each filled slot once, their count the
// total, and their bins (sort_bin, computed here from the stored positions)
// do not decrease but where float32 rounding puts a position in another
// cell on the GPU than here (a few in a thousand at most).
func TestSortedHitsAreInBinOrder(t *testing.T) {
	cfg := SPPMConfig{Width: 40, Height: 24, Photons: 3000, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 9}, Deposit: DepositSorted}
	withSPPM(t, builtin(t, "caustics"), cfg, func(c *gpu.Context, s *SPPM) error {
		if err := s.Iterate(1); err != nil {
			return err
		}
		h := s.hitLayout
		w := make([]uint32, h.words(h.groups))
		s.hits.Read(0, w)
		slots := h.groups * h.groupSlots
		field := func(k, r int) uint32 { return w[h.groups+k*slots+r] }
		total := int(w[len(w)-1])
		filled := map[int]bool{}
		for g := 0; g < h.groups; g++ {
			for k := 0; k < int(w[g]); k++ {
				filled[g*h.groupSlots+k] = true
			}
		}
		if total != len(filled) || total < 1000 {
			return fmt.Errorf("%d records sorted, %d stored (want the same, and many)", total, len(filled))
		}
		bin := func(r int) uint32 {
			var b [3]uint32
			for i := range 3 {
				x := math.Float32frombits(field(i, r))
				b[i] = uint32(int32(math.Floor(float64((x-s.grid.origin[i])/s.grid.cell))) >> 1)
			}
			return (part1by2(b[0]) | part1by2(b[1])<<1 | part1by2(b[2])<<2) & (shaders.DepositSortBins - 1)
		}
		down := 0
		for i := range total {
			r := int(field(9, i))
			if !filled[r] {
				return fmt.Errorf("sorted record %d is slot %d: not filled, or twice", i, r)
			}
			delete(filled, r)
			if i > 0 && bin(r) < bin(int(field(9, i-1))) {
				down++
			}
		}
		if down > total/200 {
			t.Errorf("the bins go down %d times in %d sorted records", down, total)
		}
		return nil
	})
}

// part1by2 spreads the low 10 bits of v to every third bit (as lib/gather.glsl).
func part1by2(v uint32) uint32 {
	v &= 0x3FF
	v = (v | v<<16) & 0x30000FF
	v = (v | v<<8) & 0x300F00F
	v = (v | v<<4) & 0x30C30C3
	return (v | v<<2) & 0x9249249
}

// HitRegions says what the photon pass stored: cornell (about 1.6 deposits
// a photon) fills none of its regions of 3 slots a photon, and nearly all
// of 4 slots a group, which then hold 4 records each.
func TestHitRegionsCountFullRegions(t *testing.T) {
	saved := hitSlotsPerPhoton
	defer func() { hitSlotsPerPhoton = saved }()
	for _, slots := range []float64{3, 1.0 / 16} {
		hitSlotsPerPhoton = slots
		cfg := SPPMConfig{Width: 40, Height: 24, Photons: 3000, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 9}, Deposit: DepositDeferred}
		withSPPM(t, builtin(t, "cornell"), cfg, func(c *gpu.Context, s *SPPM) error {
			if err := s.Iterate(1); err != nil {
				return err
			}
			regions, full, records := s.HitRegions()
			t.Logf("%g slots a photon: %d regions, %d full, %d records", slots, regions, full, records)
			switch {
			case regions != (cfg.Photons+63)/64:
				t.Errorf("%d regions for %d photons", regions, cfg.Photons)
			case slots == 3 && (full != 0 || records < cfg.Photons):
				t.Errorf("3 slots a photon: %d regions full, %d records", full, records)
			case slots < 1 && (full < regions*9/10 || records > 4*regions):
				t.Errorf("4 slots a group: %d of %d regions full, %d records", full, regions, records)
			}
			return nil
		})
	}
}

// DepositPoints gives the inline bytes where its walk differs: the
// adaptive grid's and fixed cells of 2 radii (the 2x2x2 walk, buckets
// de-duplicated) and fixed cells of 1 (the box of 3x3x3 cells, each hit
// taken by its cell's key), each with the buckets the chunk's slots call
// for and with 64 photon buckets (walked cells often share a bucket: one
// walked twice would add its hits twice; fewer buckets would make
// llvmpipe's loop budget refuse the walk), in one chunk and in chunks of 3
// groups traced in calls of 1,100 photons.
func TestPointsDepositMatchesInline(t *testing.T) {
	savedGroups, savedBuckets := maxHitGroups, maxPhotonBuckets
	defer func() { maxHitGroups, maxPhotonBuckets = savedGroups, savedBuckets }()
	grids := []struct {
		gather GridGather
		cell   float32
	}{{GatherAdaptive, 2}, {GatherCells, 2}, {GatherCells, 1}}
	for _, name := range []string{"cornell", "caustics"} {
		for _, grid := range grids {
			cfg := SPPMConfig{Width: 40, Height: 24, Photons: 3000, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 9}, Gather: grid.gather, GridCell: grid.cell, FluxTally: true}
			maxHitGroups, maxPhotonBuckets = savedGroups, savedBuckets
			want := depositBits(t, name, cfg, 1100)
			cfg.Deposit = DepositPoints
			for _, groups := range []int{savedGroups, 3} {
				for _, buckets := range []int{savedBuckets, 64} {
					maxHitGroups, maxPhotonBuckets = groups, buckets
					what := fmt.Sprintf("%s, %s cells of %g radii, up to %d groups, up to %d photon buckets", name, grid.gather, grid.cell, groups, buckets)
					sameBits(t, what, depositBits(t, name, cfg, 1100), want)
				}
			}
		}
	}
}
