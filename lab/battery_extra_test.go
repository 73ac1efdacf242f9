package lab

import (
	"fmt"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/internal/stats"
	"speckle/rng"
)

// The GPU's counts of the Extra tests equal the Go reference's, both orders,
// for generators of 32 and 31 output bits (philox; randu and rand48, whose
// low bits are poor): hamming, rank64 and the serial tests over blocks cut
// small (128 values a stream: items straddle blocks, the last one is cut
// short); the birthday spacings in 2, 4 and 8 dimensions over blocks of one
// 8-dimensional group a stream, samples shorter than a stream and samples of
// whole streams.
func TestExtraCountsEqualGo(t *testing.T) {
	saved := dumpChunkBytes
	defer func() { dumpChunkBytes = saved }()
	type size struct {
		streams int
		size    BatterySize
	}
	cases := []struct {
		tests []stats.Test
		chunk int
		sizes []size
	}{
		{[]stats.Test{stats.Hamming, stats.Rank64, stats.Serial, stats.SerialLow}, 150, []size{
			{3, BatterySize{Numbers: 3 * 800, PerStream: 800, Samples: 6}}, // samples of 400
			{4, BatterySize{Numbers: 4 * 384, PerStream: 384, Samples: 2}}, // samples of two whole streams
		}},
		{[]stats.Test{stats.Birthdays2, stats.Birthdays4, stats.Birthdays8, stats.Birthdays2Low, stats.Birthdays4Low, stats.Birthdays8Low}, 4096, []size{
			{3, BatterySize{Numbers: 3 * 16384, PerStream: 16384, Samples: 6}}, // samples of 8,192
			{2, BatterySize{Numbers: 2 * 12288, PerStream: 12288, Samples: 1}}, // one sample of two whole streams
		}},
		// 3 dimensions: groups of 2,048 values (1,536 read), blocks of
		// 2,048, samples not a multiple of a group.
		{[]stats.Test{stats.Birthdays3, stats.Birthdays3Low, stats.Rank64, stats.Hamming}, 3072, []size{
			{3, BatterySize{Numbers: 3 * 10000, PerStream: 10000, Samples: 6}}, // samples of 5,000
			{2, BatterySize{Numbers: 2 * 6144, PerStream: 6144, Samples: 1}},
		}},
	}
	for _, g := range []*rng.Generator{rng.Philox, rng.RANDU, rng.Rand48} {
		for _, c := range cases {
			for _, sz := range c.sizes {
				t.Run(fmt.Sprintf("%s/%d-streams/%v", g.Name, sz.streams, c.tests[0]), func(t *testing.T) {
					checkBatteryAgainstGo(t, g, nil, sz.streams, sz.size, c.tests, c.chunk)
				})
			}
		}
	}
}

// rank64 has two kernels: a subgroup a matrix where the driver has ballot
// and shuffle, else a work group with barriers (the only one llvmpipe runs).
// On a driver with subgroups this checks the barrier version too; both
// against Go, both orders, matrices straddling blocks and cut short.
func TestRank64EachKernelCountsEqualGo(t *testing.T) {
	saved, savedChunk := rank64BySubgroups, dumpChunkBytes
	defer func() { rank64BySubgroups, dumpChunkBytes = saved, savedChunk }()
	subgroup := 0
	gltest.On(t, func(c *gpu.Context) error {
		subgroup = c.Info.SubgroupSize
		return nil
	})
	for _, bySubgroups := range []bool{true, false} {
		rank64BySubgroups = bySubgroups
		name := "barriers"
		if bySubgroups {
			if subgroup == 0 {
				continue // the driver has no subgroups: the barrier version below
			}
			name = fmt.Sprintf("subgroups-of-%d", subgroup)
		}
		for _, g := range []*rng.Generator{rng.Philox, rng.Rand48} {
			t.Run(name+"/"+g.Name, func(t *testing.T) {
				size := BatterySize{Numbers: 3 * 1000, PerStream: 1000, Samples: 6} // samples of 500
				checkBatteryAgainstGo(t, g, nil, 3, size, []stats.Test{stats.Rank64}, 300)
			})
		}
	}
}

// rank64 takes a work group a matrix, so a block of 2^23 positions is
// 65,536 groups, one past the 65,535 llvmpipe takes in one dimension:
// Dispatch folds them into 2-D and the kernel's linear_group unfolds them.
// Both orders, against Go; it fails where the fold is ignored.
func TestRank64PastTheGroupLimitEqualsGo(t *testing.T) {
	saved := dumpChunkBytes
	defer func() { dumpChunkBytes = saved }()
	size := BatterySize{Numbers: 1 << 23, PerStream: 1 << 22, Samples: 8}
	checkBatteryAgainstGo(t, rng.Philox, nil, 2, size, []stats.Test{stats.Rank64}, 1<<22)
}
