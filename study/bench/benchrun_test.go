package bench

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/rng"
	"speckle/scenes"
)

// A bench of one small case measures a rate and splits the GPU time
// between the passes; both reports say so.
func TestRenderBench(t *testing.T) {
	b := RenderBench{Scenes: []*scenes.Scene{builtin(t, "plane")}, Specs: []rng.Spec{spec(t, "lehmer")},
		Width: 8, Height: 6, PhotonsPerIteration: 256, Iterations: 2, Seed: 1}
	var rep RenderBenchReport
	gltest.On(t, func(c *gpu.Context) (err error) {
		rep, err = b.Run(c)
		return err
	})
	if len(rep.Cases) != 1 {
		t.Fatalf("%d cases", len(rep.Cases))
	}
	r := rep.Cases[0]
	if shares := r.Eye + r.Grid + r.Photon + r.Update; !(r.PhotonsPerS > 0) || math.Abs(shares-1) > 1e-9 || r.Generator != "lehmer" || r.Photons != 256 {
		t.Errorf("case %+v (shares add to %g)", r, shares)
	}
	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Device  string            `json:"device"`
		Results []RenderBenchCase `json:"results"`
	}
	if err := json.Unmarshal(js.Bytes(), &out); err != nil || out.Device == "" || len(out.Results) != 1 || out.Results[0].Scene != "plane" {
		t.Errorf("JSON %s: %v", js.String(), err)
	}
	var table bytes.Buffer
	if err := rep.WriteTable(&table); err != nil || !strings.Contains(table.String(), "photons/s") || !strings.Contains(table.String(), "lehmer") {
		t.Errorf("table %q: %v", table.String(), err)
	}
}

// --breakdown splits the photon pass: every part's time is there, the adds
// per photon follow from the visible points the walk found, and the table
// shows them.
func TestRenderBenchBreakdown(t *testing.T) {
	b := RenderBench{Scenes: []*scenes.Scene{builtin(t, "cornell")}, Specs: []rng.Spec{spec(t, "philox")},
		Width: 32, Height: 18, PhotonsPerIteration: 2048, Iterations: 1, Seed: 1, Breakdown: true}
	var rep RenderBenchReport
	gltest.On(t, func(c *gpu.Context) (err error) {
		rep, err = b.Run(c)
		return err
	})
	if len(rep.Cases) != 1 || rep.Cases[0].Breakdown == nil {
		t.Fatalf("cases %+v", rep.Cases)
	}
	bd := rep.Cases[0].Breakdown
	if !(bd.TraceNs > 0) || !(bd.Adds > 0) || math.Mod(bd.Adds*2048, 4) != 0 {
		t.Errorf("breakdown %+v", bd)
	}
	var table bytes.Buffer
	if err := rep.WriteTable(&table); err != nil || !strings.Contains(table.String(), "adds/photon") {
		t.Errorf("table %q: %v", table.String(), err)
	}
}
