package lesson

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"strconv"
	"strings"

	"speckle/imageio"
	"speckle/internal/units"
	"speckle/lab"
	"speckle/study/battery"
)

// explainTextScale is the battery cell's text scale: legible on a slide.
const explainTextScale = 2 // 26-pixel lines

// verdictColour is a verdict's text colour on the dark page: the grid's
// colours (imageio.VerdictColor), with FAIL's dark vermillion lightened to
// Okabe and Ito's vermillion to read there.
func verdictColour(v string) color.NRGBA {
	if v == "FAIL" {
		return color.NRGBA{R: 213, G: 94, B: 0, A: 255}
	}
	return imageio.VerdictColor(v)
}

// failed counts gen's tests that FAIL in rep, and those that ran.
func failed(rep battery.RNGTestReport, gen string) (fails []string, ran int) {
	for _, res := range rep.Results {
		if res.Generator != gen || res.Verdict == "n/a" {
			continue
		}
		ran++
		if res.Verdict == "FAIL" {
			fails = append(fails, res.Test)
		}
	}
	return fails, ran
}

// verdict is gen's overall verdict in rep: FAIL if any test or lag fails.
func verdict(rep battery.RNGTestReport, gen string) string {
	fails, _ := failed(rep, gen)
	for _, l := range rep.Lags {
		if l.Generator == gen && l.Verdict == "FAIL" {
			fails = append(fails, "lag")
		}
	}
	if len(fails) > 0 {
		return "FAIL"
	}
	return "PASS"
}

// batteryLines are cell (c) for generator gen.
func (ex Explained) batteryLines(gen string) []imageio.TextLine {
	fails, ran := failed(ex.Report, gen)
	v := verdict(ex.Report, gen)
	out := []imageio.TextLine{{Text: fmt.Sprintf("%s: %d of %d tests FAIL", v, len(fails), ran), Colour: verdictColour(v)}}
	for _, res := range ex.Report.Results {
		if res.Generator == gen && res.Verdict != "n/a" {
			out = append(out, imageio.TextLine{Text: fmt.Sprintf("%-10s p %-8s KS %-8s %s", res.Test, p2(res.P), p2(res.KS), res.Verdict), Colour: verdictColour(res.Verdict)})
		}
	}
	for _, l := range ex.Report.Lags {
		if l.Generator == gen {
			out = append(out, imageio.TextLine{Text: fmt.Sprintf("lag %d z %-6.1f %s %s", l.Lag, l.Z, l.Verdict, shortDraws(l.Draws)), Colour: verdictColour(l.Verdict)})
		}
	}
	if ex.Consumed != nil {
		consumed := battery.RNGTestReport{}
		for _, res := range ex.Consumed.Results {
			if res.Order == lab.ConsumedOrder.String() {
				consumed.Results = append(consumed.Results, res)
			}
		}
		cf, cran := failed(consumed, gen)
		cv := "PASS"
		if len(cf) > 0 {
			cv = "FAIL"
		}
		out = append(out, imageio.TextLine{Text: fmt.Sprintf("consumed order: %d of %d FAIL", len(cf), cran), Colour: verdictColour(cv)})
		for i := 0; i < len(cf); i += 4 { // four names a line keep the cell narrow
			out = append(out, imageio.TextLine{Text: "  " + strings.Join(cf[i:min(i+4, len(cf))], ", "), Colour: verdictColour("FAIL")})
		}
	}
	return out
}

// p2 is a p-value in two digits.
func p2(p float64) string {
	if p != p {
		return "-"
	}
	return strconv.FormatFloat(p, 'g', 2, 64)
}

// shortDraws keeps a lag's second draw: the first is always draw 0.
func shortDraws(s string) string {
	if _, after, ok := strings.Cut(s, " & "); ok {
		return "(0 & " + after + ")"
	}
	return s
}

// figure is the page, a slide: a row per generator with (a) its render
// and (b) the view, (c) both generators' battery tables beside them (Go
// Mono, each headed by its generator in its colour), and the facts (d)
// and the lesson's caption below.
func (r ExplainRun) figure(ex Explained) *image.NRGBA {
	specs, _ := r.Generators()
	labels := []string{specs[0].Label(), specs[len(specs)-1].Label()}
	w, _ := r.size()
	cells := make([][]*image.NRGBA, len(labels))
	battery := []imageio.TextLine{{Text: "(c) battery, renderer order"}}
	for i, gen := range labels {
		var pict *image.NRGBA
		if i < len(ex.Render.Pictures) {
			pic := ex.Render.Pictures[i*(len(ex.Render.Pictures)-1)]           // the first and the last
			pict = imageio.Magnify(pic, pic.Rect, max(1, 2*explainViewSize/w)) // twice the view: the artifact large enough to see
		}
		cells[i] = []*image.NRGBA{pict, ex.Views[i]}
		battery = append(battery, imageio.TextLine{}, imageio.TextLine{Text: gen, Colour: imageio.GeneratorColor(gen)})
		for k, l := range ex.batteryLines(gen) {
			if k > 0 && l.Colour == verdictColour("PASS") && !strings.HasPrefix(l.Text, "lag") && !strings.HasPrefix(l.Text, "consumed") {
				continue // a passing test: the header counts it (as WriteText)
			}
			battery = append(battery, l)
		}
	}
	side := imageio.TextCell(battery, imageio.TextCellWidth(battery, explainTextScale), (len(battery)+1)*13*explainTextScale*5/4, explainTextScale)
	cols := []string{
		fmt.Sprintf("(a) render, %s photons", units.FormatCount(ex.Render.Photons)),
		"(b) " + explainers[r.Name].view.short(),
	}
	title := r.Title + ": from the artifact to its cause"
	// A slide (1920x1080): the cells give way, the labels and caption keep
	// their size.
	grid := imageio.Grid{Cells: cells, RowLabels: labels, ColLabels: cols, Title: title, SeriesRows: true}
	facts := append([]string{"(d) The cause, computed:"}, ex.Facts...)
	return imageio.Slide{Grid: grid, Side: side, Caption: []string{strings.Join(facts, " "), "(b) " + ex.ViewText + ". (c) " + ex.Report.Layout + ".", r.Caption}}.Draw()
}

// WriteText writes the page's short text: the render, the view, each
// generator's verdict with its failing tests and lags, and the facts.
func (ex Explained) WriteText(w io.Writer, r ExplainRun) {
	fmt.Fprintf(w, "%s: %s\n", r.Name, r.Title)
	fmt.Fprintf(w, "(a) render: %s\n", ex.Render)
	fmt.Fprintf(w, "(b) view: %s\n", ex.ViewText)
	fmt.Fprintf(w, "(c) battery: %s\n", ex.Report.Layout)
	for _, g := range ex.Report.Generators {
		for i, l := range ex.batteryLines(g.Label) {
			if i > 0 && l.Colour == verdictColour("PASS") && !strings.HasPrefix(l.Text, "lag") && !strings.HasPrefix(l.Text, "consumed") {
				continue // a passing test: the header counts it
			}
			if !strings.HasPrefix(l.Text, " ") {
				fmt.Fprintf(w, "    %s: %s\n", g.Label, l.Text)
			} else {
				fmt.Fprintf(w, "    %s\n", l.Text)
			}
		}
	}
	fmt.Fprintln(w, "(d) the cause, computed:")
	for _, f := range ex.Facts {
		fmt.Fprintf(w, "    %s\n", f)
	}
}
