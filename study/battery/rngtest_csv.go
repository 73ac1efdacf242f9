package battery

import (
	"encoding/csv"
	"io"
	"strconv"
)

// RendererLayout is the renderer order's pass, as the report's JSON and
// every CSV row state it.
type RendererLayout struct {
	Scene               string `json:"scene"`
	Pass                string `json:"pass"`
	Width               int    `json:"width"`
	Height              int    `json:"height"`
	PhotonsPerIteration int    `json:"photons_per_iteration"`
}

// rendererLayout is o's renderer pass, nil outside the renderer order.
func (o RNGTest) rendererLayout() *RendererLayout {
	r := o.Renderer
	if r == nil {
		return nil
	}
	return &RendererLayout{Scene: r.Scene, Pass: r.Pass.String(), Width: r.Width, Height: r.Height, PhotonsPerIteration: r.Photons}
}

// csvHeader is the CSV's columns: a result, its generator's note, its q
// (FDRRule), and the layout its numbers were drawn in (the renderer's
// columns empty in the stream and the consumed order).
var csvHeader = []string{"generator", "test", "order", "numbers", "p", "ks_p", "verdict", "note",
	"q", "streams", "samples", "seed", "scene", "pass", "width", "height", "photons_per_iteration"}

// WriteCSV writes one row per generator, test and order; note is the
// generator's degenerate seeds or states, empty if none. Every row carries
// the layout, as the JSON states it once.
func (r RNGTestReport) WriteCSV(w io.Writer) error {
	c := csv.NewWriter(w)
	c.Write(csvHeader)
	gens := map[string]TestedGenerator{}
	for _, g := range r.Generators {
		gens[g.Label] = g
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	n := func(v int) string { return strconv.Itoa(v) }
	pass := []string{"", "", "", "", ""}
	if p := r.Renderer; p != nil {
		pass = []string{p.Scene, p.Pass, n(p.Width), n(p.Height), n(p.PhotonsPerIteration)}
	}
	for _, res := range r.Results {
		g := gens[res.Generator]
		row := []string{res.Generator, res.Test, res.Order, strconv.FormatInt(res.Numbers, 10), f(res.P), f(res.KS), res.Verdict, g.Note,
			f(res.Q), n(r.Streams), n(r.Samples), strconv.FormatUint(uint64(g.Seed), 10)}
		c.Write(append(row, pass...))
	}
	c.Flush()
	return c.Error()
}
