package render

import (
	"fmt"
	"slices"
	"testing"

	"speckle/gpu"
	"speckle/internal/stats"
	"speckle/rng"
)

// batteryOnCPU is what the battery counts, from the Go reference: the
// order's sequence cut into samples and segments, each segment through
// stats.Tally.
func batteryOnCPU(inst rng.Instance, bits, streams int, size BatterySize, o Order, t stats.Test) []uint64 {
	n := int(size.PerStream)
	values := make([][]uint32, streams)
	for s := range values {
		st := inst.Stream(s)
		values[s] = make([]uint32, n)
		for m := range values[s] {
			values[s][m] = st.U32()
		}
	}
	var seq []uint32
	if o == StreamOrder {
		seq = slices.Concat(values...)
	} else {
		for m := 0; m < n; m++ {
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
	for _, g := range rng.All {
		for _, sz := range sizes {
			t.Run(fmt.Sprintf("%s/%d-streams/%d-samples", g.Name, sz.streams, sz.size.Samples), func(t *testing.T) {
				cfg := rng.Config{Seed: 7, Streams: sz.streams}
				inst, err := g.New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				dumpChunkBytes = 4 * sz.streams * max(1100, inst.StateWords())
				var got BatteryCounts
				onGL(t, func(c *gpu.Context) error {
					r, err := NewRNG(c, g, cfg)
					if err != nil {
						return err
					}
					defer r.Close()
					got, err = r.Battery(sz.size, stats.Tests, nil)
					return err
				})
				for _, o := range Orders {
					for i, test := range stats.Tests {
						want := batteryOnCPU(inst, g.Bits(), sz.streams, sz.size, o, test)
						if !slices.Equal(got.Counts[o][i], want) {
							t.Errorf("%s order, %s: GPU counts differ from Go's (first difference at %d)", o, test, firstDiff(got.Counts[o][i], want))
						}
					}
				}
			})
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
