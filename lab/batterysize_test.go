package lab

import (
	"fmt"
	"strings"
	"testing"

	"speckle/internal/stats"
	"speckle/rng"
)

// Issue 34 item 11: the battery's sizes are checked against the tests that
// run, not the whole battery: streams of 256 values take monobit (whose
// blocks are 64 values a stream) but not birthdays (a group of 512); each
// refusal names the limit of the tests run.
func TestBatteryCheckNamesTheTestsRun(t *testing.T) {
	monobit, rank := []stats.Test{stats.Monobit}, []stats.Test{stats.Rank}
	for _, c := range []struct {
		size  BatterySize
		tests []stats.Test
		want  string // "" for taken
	}{
		{BatterySize{Numbers: 1 << 16, PerStream: 256, Samples: 8}, monobit, ""},
		{BatterySize{Numbers: 1 << 16, PerStream: 256, Samples: 8}, rank, ""},
		{BatterySize{Numbers: 1 << 16, PerStream: 256, Samples: 8}, []stats.Test{stats.Gap, stats.Runs, stats.Pairs}, ""},
		{BatterySize{Numbers: 1 << 16, PerStream: 256, Samples: 8}, nil, ""}, // ca evolve's entropy alone
		{BatterySize{Numbers: 1 << 16, PerStream: 256, Samples: 8}, stats.Tests, "a stream of 256 values is shorter than a group of birthdays (512)"},
		{BatterySize{Numbers: 1 << 16, PerStream: 256, Samples: 8}, []stats.Test{stats.Monobit, stats.Collisions}, "shorter than a group of birthdays (512)"},
		{BatterySize{Numbers: 1 << 12, PerStream: 16, Samples: 8}, rank, "a stream of 16 values is shorter than one item of the rank test (32 values)"},
		{BatterySize{Numbers: 1 << 12, PerStream: 32, Samples: 8}, monobit, "a stream of 32 values is shorter than the battery's blocks for the monobit test (64 values a stream)"},
		{BatterySize{Numbers: 1 << 12, PerStream: 64, Samples: 256}, rank, "a sample of 16 values is shorter than one item of the rank test (32 values)"},
		{BatterySize{Numbers: 1 << 12, PerStream: 64, Samples: 2048}, []stats.Test{stats.Triples}, "a sample of 2 values is shorter than one item of the triples test (3 values)"},
		{BatterySize{Numbers: 1 << 12, PerStream: 64, Samples: 512}, []stats.Test{stats.Gap}, "shorter than one item of the gap test (17 values)"},
		{BatterySize{Numbers: 1 << 12, PerStream: 64, Samples: 4096}, monobit, ""}, // a value a sample
		// birthdays3's groups of 2,048 (512 points of 3 values, padded) and birthdays8's of 4,096.
		{BatterySize{Numbers: 1 << 16, PerStream: 2048, Samples: 8}, []stats.Test{stats.Birthdays3, stats.Birthdays8}, "a stream of 2048 values is shorter than a group of birthdays (4096)"},
		{BatterySize{Numbers: 1 << 16, PerStream: 2048, Samples: 8}, []stats.Test{stats.Birthdays3, stats.Hamming}, ""},
	} {
		err := c.size.Check(int(c.size.Numbers/c.size.PerStream), c.tests)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%+v with %v: %v, want %q", c.size, c.tests, err, c.want)
		}
	}
	inst, err := rng.Philox.New(rng.Config{Seed: 1, Streams: 1})
	if err != nil {
		t.Fatal(err)
	}
	if all, one := MaxBatteryStreams(inst), MaxBatteryStreamsFor(inst, []stats.Test{stats.Monobit}); one < all || all != MaxBatteryStreamsFor(inst, stats.Tests) {
		t.Errorf("at most %d streams with every test, %d with monobit alone", all, one)
	}
}

// The GPU's counts equal the Go reference's where only some tests run and
// streams are shorter than a group of birthdays: blocks of the tests' own
// unit (64 or 32 values a stream, items straddling blocks, the last block
// cut short), samples shorter than a stream and samples of whole streams.
func TestBatteryOfChosenTestsCountsEqualGo(t *testing.T) {
	saved := dumpChunkBytes
	defer func() { dumpChunkBytes = saved }()
	sizes := []struct {
		streams int
		size    BatterySize
	}{
		{3, BatterySize{Numbers: 3 * 256, PerStream: 256, Samples: 6}}, // samples of 128
		{4, BatterySize{Numbers: 4 * 192, PerStream: 192, Samples: 2}}, // samples of two whole streams
	}
	sets := [][]stats.Test{{stats.Monobit}, {stats.Rank}, {stats.Gap, stats.Runs, stats.Rank}, {stats.Bytes, stats.Pairs, stats.Triples}}
	for _, g := range []*rng.Generator{rng.Philox, rng.Rand48, rng.CA} {
		for _, sz := range sizes {
			for _, tests := range sets {
				t.Run(fmt.Sprintf("%s/%d-streams/%v", g.Name, sz.streams, tests), func(t *testing.T) {
					if err := sz.size.Check(sz.streams, stats.Tests); err == nil {
						t.Fatal("the whole battery takes these streams: not the case this test is for")
					}
					checkBatteryAgainstGo(t, g, nil, sz.streams, sz.size, tests, 150)
				})
			}
		}
	}
}
