package render

import (
	"fmt"
	"testing"

	"speckle/gpu"
	"speckle/rng"
	"speckle/shaders"
)

// sameBits fails the test at the first word where got and want differ.
func sameBits(t *testing.T, what string, got, want []uint64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d words, want %d", what, len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%s: word %d = %#x, inline %#x", what, i, got[i], want[i])
		}
	}
}

// The combined and deferred-only deposits give the inline bytes: cornell
// and caustics with both grid gathers, the same statistics, radiance,
// accumulators and counters (photons, bounces, the flux tally); combined
// with its table of 256 points and of 2 (most points miss it and add to the
// accumulators directly), with a hit buffer for the whole iteration and of
// 3 groups; deferred-only with regions for every bounce, in one chunk and
// in chunks of 2 groups.
func TestCombinedAndDeferredOnlyMatchInline(t *testing.T) {
	savedGroups, savedBits := maxHitGroups, combineBits
	defer func() { maxHitGroups, combineBits = savedGroups, savedBits }()
	for _, name := range []string{"cornell", "caustics"} {
		for _, gather := range []GridGather{GatherCells, GatherPBRT} {
			cfg := SPPMConfig{Width: 40, Height: 24, Photons: 3000, Alpha: 0.7, Generator: rng.Philox, Seed: 9, Gather: gather, FluxTally: true}
			want := depositBits(t, name, cfg, 1100)
			for _, c := range []struct {
				deposit      Deposit
				groups, bits int
			}{
				{DepositCombined, savedGroups, 8}, {DepositCombined, savedGroups, 1}, {DepositCombined, 3, 8},
				{DepositDeferredOnly, savedGroups, 8}, {DepositDeferredOnly, 2, 8},
			} {
				maxHitGroups, combineBits, cfg.Deposit = c.groups, c.bits, c.deposit
				sameBits(t, fmt.Sprintf("%s, %s gather, %s, up to %d groups, table of %d", name, gather, c.deposit, c.groups, 1<<c.bits),
					depositBits(t, name, cfg, 1100), want)
			}
		}
	}
}

// The combined table's hot path: caustics on 8x8 pixels with a radius of a
// tenth of the scene, so each record adds to many of the 64 visible points
// and a group's records to the same ones again and again (the test checks
// that a point took more adds than there are gather groups, so some group
// added to it twice), and the 64-bit sums carry often. The bytes are
// inline's with a table that holds every point and with one of 2.
func TestCombinedTableHotPathMatchesInline(t *testing.T) {
	saved := combineBits
	defer func() { combineBits = saved }()
	scene := builtin(t, "caustics")
	cfg := SPPMConfig{Width: 8, Height: 8, Photons: 2048, Alpha: 0.7, Radius: scene.Scale() / 10, Generator: rng.PCG32, Seed: 5, FluxTally: true}
	want := depositBits(t, "caustics", cfg, 1100)
	pixels := cfg.Width * cfg.Height
	maxM := uint64(0)
	acc := want[len(want)-pixels*shaders.AccumulatorWords-shaders.SPPMCounterWords:]
	for v := range pixels {
		maxM = max(maxM, acc[v*shaders.AccumulatorWords])
	}
	if groups := uint64(cfg.Photons / 64); maxM <= groups {
		t.Fatalf("at most %d adds to a point in %d gather groups: no group adds to a point twice", maxM, groups)
	}
	t.Logf("up to %d adds to one point in %d groups", maxM, cfg.Photons/64)
	cfg.Deposit = DepositCombined
	for _, combineBits = range []int{8, 1} {
		sameBits(t, fmt.Sprintf("table of %d", 1<<combineBits), depositBits(t, "caustics", cfg, 1100), want)
	}
}

// Deferred-only refuses, in one line and before tracing, a photon whose
// every bounce's region does not fit the hit buffer.
func TestDeferredOnlyRefusesRegionsPastTheCap(t *testing.T) {
	saved := maxHitBytesSoftware
	defer func() { maxHitBytesSoftware = saved }()
	maxHitBytesSoftware = 64 << 10 // 64 photons x 16 bounces x 9 words is 36 KiB: 64 KiB holds it, 32 KiB not
	onGL(t, func(c *gpu.Context) error {
		if !c.Info.Software() {
			return nil
		}
		cfg := SPPMConfig{Width: 8, Height: 8, Photons: 256, Alpha: 0.7, Generator: rng.PCG32, Seed: 1, Deposit: DepositDeferredOnly}
		s, err := NewSPPM(c, builtin(t, "cornell"), cfg)
		if err != nil {
			return fmt.Errorf("16 bounces: %v", err)
		}
		s.Close()
		maxHitBytesSoftware = 32 << 10
		s, err = NewSPPM(c, builtin(t, "cornell"), cfg)
		if err == nil {
			s.Close()
			return fmt.Errorf("16 bounces on a 32 KiB hit buffer: accepted")
		}
		t.Log(err)
		return nil
	})
}
