package pareto

import (
	"testing"

	"speckle/internal/stats"
	"speckle/lab"
	"speckle/rng"
)

// The battery draws from more streams as it grows (a GPU fills only with
// thousands), 128 per 2^22 numbers up to 4,096, fewer where a generator's
// state allows fewer, and never a count the battery refuses.
func TestStreamsGrowWithTheSize(t *testing.T) {
	philox, _ := rng.ParseSpec("philox")
	for n, want := range map[int64]int{1 << 22: 128, 1 << 24: 512, 1 << 27: 4096, 1 << 33: 4096} {
		if got, err := streamsFor(philox, 1, n, stats.Tests); err != nil || got != want {
			t.Errorf("philox at %d: %d streams (%v), want %d", n, got, err, want)
		}
	}
	for _, g := range rng.All {
		sp := rng.Spec{Gen: g}
		s, err := streamsFor(sp, 1, 1<<30, stats.Tests)
		if err != nil {
			t.Errorf("%s at 2^30: %v", g.Name, err)
			continue
		}
		inst, _ := sp.New(s, 1)
		if s < MinStreams || s > lab.MaxBatteryStreamsFor(inst, stats.Tests) || batterySize(1<<30, s, Samples).Check(s, stats.Tests) != nil {
			t.Errorf("%s: %d streams", g.Name, s)
		}
	}
}
