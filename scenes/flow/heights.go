package flow

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"speckle/internal/numcheck"
	"speckle/internal/printable"
)

// MaxHeightNodes bounds a height field's width and height (nodes).
const MaxHeightNodes = 8192

// Limits on heights, so that Grid's float32 gradients neither overflow nor
// vanish: a gradient is at most 2 MaxHeight x (MaxHeightNodes-1) pixels per
// node (a 1-pixel-wide image), 1.6e34 < 3.4e38; the largest is at least
// MinHeightSpread / 16382 steps x 1/16384 node per pixel, 3.7e-29, a normal
// float32 that normalising can divide by.
const (
	MaxHeight       = 1e30
	MinHeightSpread = 1e-20
)

// heightRange bounds each height.
var heightRange = numcheck.Closed(-MaxHeight, MaxHeight)

// Heights is a terrain height field on a regular grid of nodes; its flow is
// the downhill gradient.
type Heights struct {
	name   string
	NX, NY int
	Z      []float32 // NX*NY heights, row-major from the top row
}

func (h *Heights) Name() string { return h.name }

// Aspect assumes square cells: the nodes span (NX-1) x (NY-1) spacings.
func (h *Heights) Aspect() float64 { return float64(h.NX-1) / float64(h.NY-1) }

// at is the height at node (i, j).
func (h *Heights) at(i, j int) float32 { return h.Z[j*h.NX+i] }

// Grid is -grad z at the nodes (central differences inside, one-sided at the
// border), in pixel units of a w x h image.
func (h *Heights) Grid(w, hgt int) *Grid {
	g := NewGrid(w, hgt, h.NX, h.NY)
	sx, sy := float64(g.ScaleX), float64(g.ScaleY)
	z := func(i, j int) float64 { return float64(h.Z[j*h.NX+i]) }
	for j := 0; j < h.NY; j++ {
		for i := 0; i < h.NX; i++ {
			i0, i1 := max(i-1, 0), min(i+1, h.NX-1)
			j0, j1 := max(j-1, 0), min(j+1, h.NY-1)
			dx := (z(i1, j) - z(i0, j)) / float64(i1-i0)
			dy := (z(i, j1) - z(i, j0)) / float64(j1-j0)
			k := 2 * (j*h.NX + i)
			g.V[k], g.V[k+1] = float32(-dx*sx), float32(-dy*sy)
		}
	}
	g.normalize()
	return g
}

// ParseHeights reads a height field. Two formats are accepted:
//
//   - Speckle's text grid: `#` starts a comment (to the end of the line); the
//     first two numbers are the width and height in nodes (2..8192 each), then
//     width*height heights follow, whitespace-separated, row by row from the
//     top row. assets/volcano.txt is an example.
//   - JSON {"width": W, "height": H, "values": [W*H numbers, row by row]}, the
//     layout of vega-datasets' volcano.json.
//
// Heights must be finite and not all equal. name is used in error messages,
// which are one line: "NAME: line 3: height "x" is not a number".
func ParseHeights(name string, data []byte) (*Heights, error) {
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%s: %s", printable.Quote(name), fmt.Sprintf(format, a...))
	}
	var h *Heights
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		var j struct {
			Width, Height *int
			Values        []float64
		}
		if err := json.Unmarshal(t, &j); err != nil {
			return nil, fail("not a height field: %v", err)
		}
		if j.Width == nil || j.Height == nil {
			return nil, fail("a JSON height field needs \"width\", \"height\" and \"values\"")
		}
		if err := checkNodes(*j.Width, *j.Height); err != nil {
			return nil, fail("%v", err)
		}
		if len(j.Values) != *j.Width**j.Height {
			return nil, fail("a %dx%d grid needs %d heights, found %d", *j.Width, *j.Height, *j.Width**j.Height, len(j.Values))
		}
		h = &Heights{name: name, NX: *j.Width, NY: *j.Height, Z: make([]float32, len(j.Values))}
		for i, v := range j.Values {
			h.Z[i] = float32(v)
			if err := heightRange.Check(v); err != nil {
				return nil, fail("height %d (row %d, column %d) %v", i, i/h.NX, i%h.NX, err)
			}
		}
	} else {
		var err error
		if h, err = parseText(name, data); err != nil {
			return nil, err
		}
	}
	lo, hi := h.Z[0], h.Z[0]
	for _, z := range h.Z {
		lo, hi = min(lo, z), max(hi, z)
	}
	if lo == hi {
		return nil, fail("every height is %v: a flat field has no flow", lo)
	}
	if float64(hi)-float64(lo) < MinHeightSpread {
		return nil, fail("the heights span %s..%s: the highest must be at least %s above the lowest, or the gradients vanish in float32",
			numcheck.Format32(lo), numcheck.Format32(hi), numcheck.Format(MinHeightSpread))
	}
	return h, nil
}

func checkNodes(w, h int) error {
	if w < 2 || h < 2 || w > MaxHeightNodes || h > MaxHeightNodes {
		return fmt.Errorf("width and height must be 2..%d nodes (got %dx%d)", MaxHeightNodes, w, h)
	}
	return nil
}

// parseText reads the text grid format, naming lines in its errors.
func parseText(name string, data []byte) (*Heights, error) {
	shown := printable.Quote(name) // in messages: a path may hold terminal escapes
	var h *Heights
	var dims []int
	n := 0
	for lineNo, line := range bytes.Split(data, []byte("\n")) {
		if c := bytes.IndexByte(line, '#'); c >= 0 {
			line = line[:c]
		}
		for _, f := range bytes.Fields(line) {
			where := fmt.Sprintf("%s: line %d", shown, lineNo+1)
			tok := string(f)
			if h == nil {
				v, err := strconv.Atoi(tok)
				if err != nil {
					return nil, fmt.Errorf("%s: expected the grid's width and height in nodes, got %q", where, truncate(tok))
				}
				dims = append(dims, v)
				if len(dims) == 2 {
					if err := checkNodes(dims[0], dims[1]); err != nil {
						return nil, fmt.Errorf("%s: %v", where, err)
					}
					h = &Heights{name: name, NX: dims[0], NY: dims[1], Z: make([]float32, dims[0]*dims[1])}
				}
				continue
			}
			if n == len(h.Z) {
				return nil, fmt.Errorf("%s: more heights than a %dx%d grid holds (%d)", where, h.NX, h.NY, len(h.Z))
			}
			v, err := strconv.ParseFloat(tok, 32)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("%s: height %q (row %d, column %d) is not a finite number", where, truncate(tok), n/h.NX, n%h.NX)
			}
			if v64, _ := strconv.ParseFloat(tok, 64); !heightRange.Contains(v64) {
				return nil, fmt.Errorf("%s: height (row %d, column %d) %v", where, n/h.NX, n%h.NX, heightRange.Check(v64))
			}
			h.Z[n] = float32(v)
			n++
		}
	}
	switch {
	case h == nil && len(dims) == 0:
		return nil, fmt.Errorf("%s: empty: expected the grid's width and height, then the heights", shown)
	case h == nil:
		return nil, fmt.Errorf("%s: the grid's height (in nodes) is missing after its width", shown)
	case n < len(h.Z):
		return nil, fmt.Errorf("%s: a %dx%d grid needs %d heights, found %d", shown, h.NX, h.NY, len(h.Z), n)
	}
	return h, nil
}

func truncate(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}
