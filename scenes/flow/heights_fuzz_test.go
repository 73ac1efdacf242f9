package flow

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"speckle/assets"
	"speckle/internal/fuzzcheck"
)

// FuzzParseHeights: no height file panics the reader; a rejected one gets a
// one-line error; an accepted one is a grid of finite, not all equal heights
// whose flow, sampled as the streamline mode samples it, is finite with its
// longest vector of length 1 (or none at all).
func FuzzParseHeights(f *testing.F) {
	f.Add(assets.Volcano)
	dem, err := ParseHeights("volcano.txt", assets.Volcano)
	if err != nil {
		f.Fatal(err)
	}
	vega, err := json.Marshal(map[string]any{"width": dem.NX, "height": dem.NY, "values": dem.Z}) // vega-datasets' layout
	if err != nil {
		f.Fatal(err)
	}
	f.Add(vega)
	for _, s := range []string{
		"", "# a ramp\n3 2 # nodes\n0 1 2\n1 2 3\n", `{"width": 3, "height": 2, "values": [0, 1, 2, 1, 2, 3]}`,
		"2 2\n1 NaN\n3 4\n", "2 2\n1 Inf\n3 4\n", "2 2\n0 0\n0 1e-45\n", "2 2\n3e38 -3e38\n-3e38 3e38\n",
		"2 2\n1e39 0 0 0\n", "-2 -2\n", "9999999999999999999 2\n", "2 2\n0x10 1 2 3\n", "2 2\n1_0 1 2 3\n",
		`{"width": 2, "height": 2, "values": [1e308, 0, 0, 0]}`, `{"width": 2, "height": 2, "values": [3e38, -3e38, 0, 0]}`,
		`{"width": -1, "height": 2, "values": []}`, `{"width": 1e10, "height": 1e10}`, `{"width": 2, "height": 2, "values": null}`,
		strings.Repeat("[", 100000), "{" + strings.Repeat(`"width": 2,`, 1000) + "}",
		"8192 2\n" + strings.Repeat("1 ", 8192) + strings.Repeat("2 ", 8192),
		"2 2\n" + strings.Repeat("9", 5000) + " 1 2 3\n", "\x89PNG\r\n\x1a\n", "2 2\r\n1 2\r\n3 4\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := ParseHeights("fuzz.txt", data)
		if err != nil {
			fuzzcheck.OneLine(t, err)
			return
		}
		if h.NX < 2 || h.NY < 2 || h.NX > MaxHeightNodes || h.NY > MaxHeightNodes || len(h.Z) != h.NX*h.NY {
			t.Fatalf("accepted a %dx%d grid of %d heights", h.NX, h.NY, len(h.Z))
		}
		flat := true
		for _, z := range h.Z {
			if math.IsNaN(float64(z)) || math.IsInf(float64(z), 0) {
				t.Fatalf("accepted height %v", z)
			}
			flat = flat && z == h.Z[0]
		}
		if flat {
			t.Fatal("accepted a flat field")
		}
		// The streamline mode's default width, the field's aspect.
		w := 480
		g := h.Grid(w, max(1, int(math.Round(float64(w)/h.Aspect()))))
		longest := 0.0
		for i := 0; i < len(g.V); i += 2 {
			if math.IsNaN(float64(g.V[i])) || math.IsInf(float64(g.V[i]), 0) || math.IsNaN(float64(g.V[i+1])) || math.IsInf(float64(g.V[i+1]), 0) {
				t.Fatalf("accepted heights whose flow at node %d is (%v, %v)", i/2, g.V[i], g.V[i+1])
			}
			longest = max(longest, math.Hypot(float64(g.V[i]), float64(g.V[i+1])))
		}
		if longest != 0 && math.Abs(longest-1) > 1e-6 {
			t.Fatalf("longest flow vector %v, want 1", longest)
		}
	})
}
