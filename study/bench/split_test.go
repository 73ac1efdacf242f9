package bench

import (
	"bytes"
	"encoding/gob"
	"math"
	"reflect"
	"testing"
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

// A bench's parts come back whole through gob (a breakdown of zeros, a
// share of full regions of 0, NaN) and merge in the parts' order.
func TestMergeRenderBenches(t *testing.T) {
	zero := 0.0
	part := func(gen string, b *PhotonBreakdown) RenderBenchReport {
		return RenderBenchReport{Device: "gpu A", Width: 16, Height: 16, PhotonsPerIteration: 1024, Iterations: 1,
			Grids: []BenchGrid{{Name: "cells", Cell: 2, Span: 3, Buckets: 64}},
			Cases: []RenderBenchCase{{Scene: "plane", Generator: gen, PhotonsPerS: 1e6, Eye: math.NaN(), Breakdown: b}}}
	}
	parts := []RenderBenchReport{part("philox", &PhotonBreakdown{FullRegions: &zero, WalkNs: -0.3, WalkNoiseNs: 0.1}), part("lehmer", &PhotonBreakdown{}), part("rand48", nil)}
	parts[2].Device = "gpu B"
	var back []RenderBenchReport
	for _, p := range parts {
		back = append(back, roundTrip(t, p))
	}
	got := MergeRenderBenches(back)
	if got.Device != "gpu A; gpu B" || len(got.Cases) != 3 || !reflect.DeepEqual(got.Grids, parts[0].Grids) {
		t.Fatalf("merged: %+v", got)
	}
	for i, c := range got.Cases {
		want := parts[i].Cases[0]
		if c.Generator != want.Generator || !math.IsNaN(c.Eye) || (c.Breakdown == nil) != (want.Breakdown == nil) {
			t.Errorf("case %d: %+v, want %+v", i, c, want)
		}
	}
	if fr := got.Cases[0].Breakdown.FullRegions; fr == nil || *fr != 0 {
		t.Errorf("FullRegions 0 lost: %v", fr)
	}
	// A difference within its noise travels too: the parent's table says "<noise".
	if b := got.Cases[0].Breakdown; b.WalkNs != -0.3 || b.WalkNoiseNs != 0.1 {
		t.Errorf("walk %g (noise %g) came back, want -0.3 (0.1)", b.WalkNs, b.WalkNoiseNs)
	}
}
