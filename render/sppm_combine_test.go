package render

import (
	"fmt"
	"testing"

	"speckle/rng"
	"speckle/shaders"
)

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
	cfg := SPPMConfig{Width: 8, Height: 8, Photons: 2048, Alpha: 0.7, Radius: scene.Scale() / 10, RNG: rng.Spec{Gen: rng.PCG32, Seed: 5}, FluxTally: true}
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
