package pareto

import (
	"strings"
	"testing"
	"time"

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

// The battery grows no further than every spec draws each number once
// (study.Repeats): past 2^32 numbers a one-word hash repeats its inputs,
// and a little before its streams repeat one another's; its FAILs would
// score that, not the hash. With a fixed size past it, a warning.
func TestBatteryGrowsWithinThePeriod(t *testing.T) {
	specs, err := rng.ParseSpecs("city:hash-key=paper,philox")
	if err != nil {
		t.Fatal(err)
	}
	o := Pareto{Specs: specs, Seed: 1}
	// At 2^32 city's 2^32 inputs are not spent, but its Weyl-spaced streams
	// have run into one another (study.Overlap): 2^31 is the most.
	if !o.fits(1<<31) || o.fits(1<<32) || o.fits(1<<33) {
		t.Errorf("fits 2^31: %v, 2^32: %v, 2^33: %v; want true, false, false (city's streams overlap at 2^32, its 2^32 inputs are spent past it)", o.fits(1<<31), o.fits(1<<32), o.fits(1<<33))
	}
	if got := o.nextSize(1<<30, time.Second, time.Hour); got != 1<<31 {
		t.Errorf("from 2^30 with an hour left: %d, want 2^31 (city's streams apart, none drawn twice)", got)
	}
	if philox := (Pareto{Specs: specs[1:], Seed: 1}); philox.nextSize(1<<30, time.Second, time.Hour) <= 1<<32 {
		t.Error("philox alone stopped at city's period")
	}
	var lines []string
	o.Log = func(s string) { lines = append(lines, s) }
	o.warnPastPeriod(1 << 33)
	if len(lines) != 1 || !strings.Contains(lines[0], "city paper: ") || !strings.Contains(lines[0], "measure the period") {
		t.Errorf("warnings at 2^33: %q", lines)
	}
}
