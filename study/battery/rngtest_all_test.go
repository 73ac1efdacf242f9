package battery

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"strconv"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/internal/stats"
	"speckle/render"
	"speckle/study"
)

// All 21 tests at a size llvmpipe manages (2^21 numbers, 8 samples of
// 2^18: birthdays8's least), graded by the rule (FDRRule): philox FAILs
// none, RANDU many; and the CSV says what the JSON says, row by row.
func TestAllTestsGradedTogether(t *testing.T) {
	o := RNGTest{Specs: specs(t, "philox,randu"), Seed: 7, Numbers: 1 << 21, Streams: 128, Samples: 8, Tests: stats.All}
	if err := o.Check(); err != nil {
		t.Fatal(err)
	}
	var rep RNGTestReport
	gltest.On(t, func(c *gpu.Context) (err error) {
		rep, err = o.Run(c)
		return err
	})
	fails := map[string]int{}
	for _, r := range rep.Results {
		if r.Verdict == "FAIL" {
			fails[r.Generator]++
		}
		if (r.Verdict == "FAIL") != (r.Q <= stats.FDRLevel) {
			t.Errorf("%s %s %s: q %g, %s", r.Generator, r.Test, r.Order, r.Q, r.Verdict)
		}
	}
	t.Logf("FAILs: %v of %d results each", fails, 2*len(stats.All))
	if len(rep.Results) != 2*2*len(stats.All) || fails["philox"] != 0 || fails["randu"] < 20 {
		t.Errorf("%d results; FAILs: %v (want none for philox, 20 or more of 42 for randu)", len(rep.Results), fails)
	}
	if rep.Generators[0].Seed != 7 || rep.Renderer != nil {
		t.Errorf("generators %+v, renderer %+v", rep.Generators, rep.Renderer)
	}
	csvAgreesWithJSON(t, rep)
}

// The renderer order's pass is on every CSV row as in the JSON.
func TestCSVCarriesTheRendererLayout(t *testing.T) {
	o := RNGTest{Streams: 64, Renderer: &study.RendererOrder{Scene: "cornell", Pass: render.PhotonPass, Width: 64, Height: 48, Photons: 1 << 12}}
	rep := RNGTestReport{Numbers: 1 << 16, Streams: 64, Samples: 8, Renderer: o.rendererLayout(),
		Generators: []TestedGenerator{{Label: "philox", Seed: 3}, {Label: "rand48", Seed: 5, Note: "n"}},
		Results: []TestResult{tr("philox", "gap", "renderer", 1<<16, 0.5, 0.25, 0.5, "PASS"),
			tr("rand48", "gap", "renderer", 1<<16, 1e-9, nanP(), 4e-9, "FAIL")}}
	if rep.Renderer.Pass != render.PhotonPass.String() || rep.Renderer.PhotonsPerIteration != 1<<12 {
		t.Errorf("layout %+v", rep.Renderer)
	}
	csvAgreesWithJSON(t, rep)
}

// csvAgreesWithJSON checks each CSV row against the JSON's result, its
// generator and the layout.
func csvAgreesWithJSON(t *testing.T, rep RNGTestReport) {
	t.Helper()
	var cb, jb bytes.Buffer
	if err := rep.WriteCSV(&cb); err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteJSON(&jb); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&cb).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var js map[string]any
	if err := json.Unmarshal(jb.Bytes(), &js); err != nil {
		t.Fatal(err)
	}
	seeds := map[string]any{}
	for _, g := range js["generators"].([]any) {
		g := g.(map[string]any)
		seeds[g["generator"].(string)] = g["seed"]
	}
	layout, _ := js["renderer"].(map[string]any)
	results := js["results"].([]any)
	if len(rows) != len(results)+1 {
		t.Fatalf("%d CSV rows for %d results", len(rows)-1, len(results))
	}
	for i, row := range rows[1:] {
		res := results[i].(map[string]any)
		want := map[string]any{"streams": js["streams"], "samples": js["samples"], "seed": seeds[res["generator"].(string)]}
		for k, v := range res {
			want[k] = v
		}
		for _, k := range []string{"scene", "pass", "width", "height", "photons_per_iteration"} {
			want[k] = layout[k] // nil outside the renderer order: an empty cell
		}
		for c, name := range rows[0] {
			if name == "note" {
				continue
			}
			w := cell(want[name])
			if want[name] == nil && (name == "p" || name == "ks_p" || name == "q") {
				w = "NaN" // null in the JSON
			}
			if got := row[c]; got != w {
				t.Errorf("row %d, %s: CSV %q, JSON %v", i+1, name, got, want[name])
			}
		}
	}
}

// cell is how the CSV writes a JSON value (none: an empty cell).
func cell(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1<<53 {
			return strconv.FormatFloat(v, 'f', -1, 64)
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	case string:
		return v
	}
	return "?"
}

// Rank on RANLUX's 24-bit words gets a second-level p-value
// (stats.SecondLevel: the spread of the samples' singular matrices), which
// KS could not give at 1,024 matrices a sample; RANLUX passes it.
func TestRankSecondLevelOnRanlux(t *testing.T) {
	for k, r := range battery(t, "ranlux", stats.Rank) {
		if math.IsNaN(r.KS) || r.Verdict == "FAIL" {
			t.Errorf("%v: KS p %g, %s", k, r.KS, r.Verdict)
		}
	}
}
