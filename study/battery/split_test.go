package battery

import (
	"bytes"
	"encoding/gob"
	"math"
	"testing"

	"speckle/study"
)

// roundTrip sends v through gob as a split's worker does.
func roundTrip[T any](t *testing.T, v T) T {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(v); err != nil {
		t.Fatal(err)
	}
	var out T
	if err := gob.NewDecoder(&buf).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// An rng test's parts merge in their order: generators, results and lags.
func TestMergeRNGTests(t *testing.T) {
	part := func(gen string) RNGTestReport {
		return RNGTestReport{Device: "gpu A", Numbers: 64, Streams: 4, Samples: 8, Layout: "streams",
			Generators: []TestedGenerator{{Label: gen, Seconds: 1}},
			Results:    []TestResult{{Generator: gen, Test: "monobit", P: math.NaN()}, {Generator: gen, Test: "bytes", P: 0.5}},
			Lags:       []study.LagResult{{Generator: gen, Lag: 1}}}
	}
	got := MergeRNGTests([]RNGTestReport{roundTrip(t, part("philox")), roundTrip(t, part("lehmer"))})
	if got.Device != "gpu A" || got.Layout != "streams" || len(got.Generators) != 2 || len(got.Results) != 4 || len(got.Lags) != 2 {
		t.Fatalf("merged: %+v", got)
	}
	if got.Generators[1].Label != "lehmer" || got.Results[1].Test != "bytes" || got.Results[2].Generator != "lehmer" ||
		!math.IsNaN(got.Results[0].P) || got.Lags[1].Generator != "lehmer" {
		t.Errorf("order: %+v", got)
	}
}
