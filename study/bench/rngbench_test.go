package bench

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/lab"
	"speckle/study"
)

// Check refuses each out-of-range size before the GPU, and an option value
// a generator refuses.
func TestRNGBenchCheck(t *testing.T) {
	ok := RNGBench{Specs: specs(t, "lehmer,ranlux")}
	if err := ok.Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		edit func(*RNGBench)
		want string
	}{
		{func(b *RNGBench) { b.Invocations = MaxBenchInvocations + 1 }, "--invocations must be"},
		{func(b *RNGBench) { b.StoreDraws = 6 }, "--store-draws must be a multiple of 4"},
		{func(b *RNGBench) { b.SumDraws = MaxBenchDraws + 1 }, "--sum-draws must be"},
		{func(b *RNGBench) { b.MinTime = -time.Second }, "--min-time must be positive"},
	} {
		b := ok
		c.edit(&b)
		if err := b.Check(); err == nil || !study.IsInputError(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: want an input error saying %q", err, c.want)
		}
	}
}

// A small bench measures each generator (with its own seed shown), counts
// progress to the end, and its table and JSON say the same.
func TestRNGBenchRun(t *testing.T) {
	b := RNGBench{Specs: specs(t, "lehmer:lehmer-seeding=slm,philox:seed=3"),
		Invocations: 1024, StoreDraws: 8, SumDraws: 16, MinTime: time.Millisecond}
	var done int64
	b.Progress = func(d, total int64) { done = d }
	var rep RNGBenchReport
	gltest.On(t, func(c *gpu.Context) (err error) {
		rep, err = b.Run(c)
		return err
	})
	if done != 2 || len(rep.Results) != 2 || rep.WriteCeiling <= 0 || rep.Device == "" {
		t.Fatalf("progress %d, report %+v", done, rep)
	}
	if r := rep.Results[0]; r.Generator != "lehmer" || r.Options != "lehmer-seeding=slm" || r.Invocations != 1024 || r.StoredPerS <= 0 || r.SumPerS <= 0 {
		t.Errorf("lehmer: %+v", r)
	}
	if r := rep.Results[1]; r.Generator != "philox" || r.Options != "seed=3" {
		t.Errorf("philox: %+v", r)
	}
	if len(rep.Arithmetic) != len(lab.ArithmeticOps) || slices.ContainsFunc(rep.Arithmetic, func(a lab.ArithmeticRate) bool { return !(a.OpsPerS > 0) }) {
		t.Errorf("arithmetic ceilings: %+v", rep.Arithmetic)
	}
	var table, js bytes.Buffer
	if err := rep.WriteTable(&table); err != nil || !strings.Contains(table.String(), "lehmer-seeding=slm") || !strings.Contains(table.String(), "G ops/s  fp32 subtract-with-carry") {
		t.Errorf("table: %v\n%s", err, table.String())
	}
	var back RNGBenchReport
	if err := rep.WriteJSON(&js); err != nil || json.Unmarshal(js.Bytes(), &back) != nil || len(back.Results) != 2 || back.Results[1].Options != "seed=3" {
		t.Errorf("JSON: %v\n%s", err, js.String())
	}
}

// A real rate is never printed as 0.0 G/s: a CPU rasteriser's 12 M/s has
// its digits (issue 32, item 9), the H200's hundreds keep one decimal.
func TestRNGBenchTableSmallRates(t *testing.T) {
	for _, c := range []struct {
		perS float64
		want string
	}{
		{777.34e9, "777.3"}, {12.34e9, "12.3"}, {1.234e9, "1.23"}, {0.04e9, "0.0400"},
		{12.3e6, "0.0123"}, {45.6e3, "0.0000456"}, {0, "0.0"},
	} {
		if got := giga(c.perS); got != c.want {
			t.Errorf("giga(%g) = %q, want %q", c.perS, got, c.want)
		}
	}
	rep := RNGBenchReport{Device: "llvmpipe", WriteCeiling: 3.1e7,
		BenchPattern: lab.StorePattern{PerS: 3.1e7}, Patterns: []lab.StorePattern{{PerS: 3.1e7}},
		Arithmetic: []lab.ArithmeticRate{{Op: "fp32 add", OpsPerS: 4.5e7}},
		Results:    []lab.BenchResult{{Generator: "ranlux", StoredPerS: 2.1e6, SumPerS: 8.7e6}}}
	var table strings.Builder
	if err := rep.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(table.String(), " 0.0 ") || strings.Contains(table.String(), " 0.0\n") || !strings.Contains(table.String(), "0.00210") || !strings.Contains(table.String(), "0.0310 G floats/s") {
		t.Errorf("a real rate printed as zero or without its digits:\n%s", table.String())
	}
}
