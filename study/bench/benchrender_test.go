package bench

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes"
)

// bench render over several grids runs each case on each (gather and cell
// size, default first), says each grid's shape in the header, and, as every
// grid gathers the same visible points, the breakdown counts the same adds
// per photon on each.
func TestRenderBenchGrids(t *testing.T) {
	b := RenderBench{Scenes: []*scenes.Scene{builtin(t, "cornell")}, Specs: []rng.Spec{spec(t, "philox")},
		Width: 32, Height: 18, PhotonsPerIteration: 2048, Iterations: 1, Seed: 1, Breakdown: true,
		GridCells: []float32{0, 1}, Gathers: []render.GridGather{render.GatherCells, render.GatherPBRT}}
	var rep RenderBenchReport
	gltest.On(t, func(c *gpu.Context) (err error) {
		rep, err = b.Run(c)
		return err
	})
	want := []string{"cells 2", "cells 1", "pbrt 2", "pbrt 1"}
	if len(rep.Cases) != len(want) {
		t.Fatalf("%d cases, want %d", len(rep.Cases), len(want))
	}
	for i, r := range rep.Cases {
		if r.HashGrid.String() != want[i] || r.Breakdown == nil || !(r.PhotonsPerS > 0) {
			t.Fatalf("case %d: grid %s, %+v; want %s", i, r.HashGrid, r, want[i])
		}
		if adds := r.Breakdown.Adds; adds != rep.Cases[0].Breakdown.Adds || !(adds > 0) {
			t.Errorf("grid %s: %g adds per photon, grid %s %g", r.HashGrid, adds, rep.Cases[0].HashGrid, rep.Cases[0].Breakdown.Adds)
		}
	}
	var table bytes.Buffer
	if err := rep.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"grid cells 1: cell side 1 radii, a photon walks up to 3x3x3 cells", "grid pbrt 2: cell side 2 radii, a point is linked into up to 2x2x2 cells"} {
		if !strings.Contains(table.String(), line) {
			t.Errorf("table without %q:\n%s", line, table.String())
		}
	}
}

// bench render over the deposits runs each case with each; the deferred
// deposits' breakdown times the photon, sort (sorted, combined and points
// only) and gather kernels apart (and nothing of the inline cut-down passes), and the
// table's rows show what was timed and a dash for the rest; an unknown
// deposit is refused before any GPU work. Cornell fills none of its hit
// regions (3 slots a photon; it deposits about 1.6 times).
func TestRenderBenchDeposits(t *testing.T) {
	b := RenderBench{Scenes: []*scenes.Scene{builtin(t, "cornell")}, Specs: []rng.Spec{spec(t, "philox")},
		Width: 32, Height: 18, PhotonsPerIteration: 2048, Iterations: 1, Seed: 1, Breakdown: true,
		Deposits: []render.Deposit{render.DepositInline, render.DepositDeferred, render.DepositSorted, render.DepositCombined, render.DepositPoints}}
	var rep RenderBenchReport
	gltest.On(t, func(c *gpu.Context) (err error) {
		rep, err = b.Run(c)
		return err
	})
	var deposits []string
	for _, c := range rep.Cases {
		deposits = append(deposits, c.Deposit)
	}
	if strings.Join(deposits, ",") != "inline,deferred,sorted,combined,points" {
		t.Fatalf("cases %+v", rep.Cases)
	}
	inline, deferred, sorted := rep.Cases[0].Breakdown, rep.Cases[1].Breakdown, rep.Cases[2].Breakdown
	combined, points := rep.Cases[3].Breakdown, rep.Cases[4].Breakdown
	if !(inline.Adds > 0) || inline.GatherNs != 0 || inline.SortNs != 0 || inline.FullRegions != nil {
		t.Errorf("inline breakdown %+v", inline)
	}
	if !(deferred.TraceNs > 0) || !(deferred.GatherNs > 0) || deferred.SortNs != 0 || deferred.WalkNs != 0 || deferred.Adds != 0 || deferred.FullRegions == nil || *deferred.FullRegions != 0 {
		t.Errorf("deferred breakdown %+v", deferred)
	}
	for _, b := range []*PhotonBreakdown{sorted, combined, points} {
		if !(b.TraceNs > 0) || !(b.GatherNs > 0) || !(b.SortNs > 0) || b.WalkNs != 0 || b.Adds != 0 {
			t.Errorf("sorted, combined or points breakdown %+v", b)
		}
	}
	var table bytes.Buffer
	if err := rep.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	// The breakdown's rows (the first table's have four shares in %): scene
	// generator grid (2 words) deposit trace walk atomics sort gather full
	// adds/photon adds/s; which are measured ("-" not).
	var rows []string
	for _, line := range strings.Split(table.String(), "\n") {
		if f := strings.Fields(line); len(f) == 13 && f[0] == "cornell" && strings.Count(line, "%") <= 1 {
			timed := ""
			for _, v := range f[5:] {
				timed += map[bool]string{true: "-", false: "t"}[v == "-"]
			}
			rows = append(rows, f[4]+" "+timed)
		}
	}
	if want := []string{"inline ttt---tt", "deferred t---tt--", "sorted t--ttt--", "combined t--ttt--", "points t--ttt--"}; strings.Join(rows, ",") != strings.Join(want, ",") {
		t.Errorf("breakdown rows %q, want %q, in\n%s", rows, want, table.String())
	}
	b.Deposits = []render.Deposit{render.DepositPoints + 1}
	if err := b.Check(); err == nil || !strings.Contains(err.Error(), "unknown deposit") {
		t.Errorf("Check of an unknown deposit: %v", err)
	}
}

// A difference of two timings is printed only where it clears its noise:
// a negative one (the pass without atomics slower than the whole, as the
// H200 gave) or one within the passes' spread reads "<noise:N", never a
// negative or zero time.
func TestBreakdownDifferencesNeverNegative(t *testing.T) {
	for _, c := range []struct {
		diff, noise float64
		want        string
	}{
		{-0.21, 0.05, "<noise:0.05"},
		{0, 0, "<noise:0"},
		{0.04, 0.05, "<noise:0.05"},
		{0.5, 0.05, "0.5"},
		{0.91, 0, "0.91"},
	} {
		if got := diffCell(c.diff, c.noise); got != c.want {
			t.Errorf("diffCell(%g, %g) = %q, want %q", c.diff, c.noise, got, c.want)
		}
	}
	var table bytes.Buffer
	rep := RenderBenchReport{Cases: []RenderBenchCase{{Scene: "cornell", Generator: "lehmer", Deposit: render.DepositInline.String(),
		Breakdown: &PhotonBreakdown{TraceNs: 0.35, WalkNs: 0.5, AtomicsNs: -0.21, WalkNoiseNs: 0.02, AtomicsNoiseNs: 0.03, Adds: 12}}}}
	if err := rep.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	if s := table.String(); strings.Contains(s, "-0.21") || !strings.Contains(s, "<noise:0.03") {
		t.Errorf("a negative difference printed:\n%s", s)
	}
	// JSON too: the difference within its noise is left out, its noise kept.
	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Results []struct {
			Breakdown map[string]float64 `json:"photon_breakdown"`
		} `json:"results"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	b := back.Results[0].Breakdown
	if _, ok := b["atomics_ns"]; ok || b["atomics_noise_ns"] != 0.03 || b["walk_ns"] != 0.5 || b["trace_ns"] != 0.35 {
		t.Errorf("JSON breakdown %v: want walk_ns 0.5, trace_ns 0.35, atomics_noise_ns 0.03 and no atomics_ns", b)
	}
	for k, v := range b {
		if v < 0 {
			t.Errorf("JSON breakdown %s = %g: a negative time", k, v)
		}
	}
}

// A case's rate is its blocks' median: one slow block moves it nothing.
func TestMedianOfBlocks(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64
	}{{[]float64{9, 9.1, 4, 9.2, 9.05}, 9.05}, {[]float64{3, 1}, 2}, {[]float64{7}, 7}} {
		if got := median(c.xs); got != c.want {
			t.Errorf("median(%v) = %g, want %g", c.xs, got, c.want)
		}
	}
}
