package battery

import (
	"fmt"
	"image"
	"image/draw"
	"strings"

	"speckle/imageio"
	"speckle/internal/stats"
	"speckle/internal/units"
)

// Grid is the verdicts as a picture: a row per generator (in its colour),
// a column per test, each cell split into the stream order (left) and the
// consumed order (right), each half named, coloured by
// imageio.VerdictColor, with a legend and a note on how many SUSPECTs
// chance alone gives.
func (r RNGTestReport) Grid() *image.NRGBA {
	const h, labelPx = 40, 20 // an order's name in a cell: 15-pixel type
	orders := r.orders()
	half := 32
	for _, o := range orders {
		half = max(half, imageio.LabelWidth(o, labelPx)+12)
	}
	w := half * len(orders)
	var tests []string
	for _, row := range r.rows() {
		if row.order == orders[0] {
			tests = append(tests, row.test)
		}
	}
	cells := make([][]*image.NRGBA, len(r.Generators))
	var labels []string
	for i, g := range r.Generators {
		labels = append(labels, g.Label)
		for _, test := range tests {
			cell := image.NewNRGBA(image.Rect(0, 0, w, h))
			for k, o := range orders {
				v := r.verdict(g.Label, test, o)
				halfR := image.Rect(k*half, 0, (k+1)*half-1, h) // a one-pixel seam between the orders
				draw.Draw(cell, halfR, image.NewUniform(imageio.VerdictColor(v)), image.Point{}, draw.Src)
				imageio.DrawLabel(cell, halfR, o, imageio.VerdictInk(v), labelPx)
			}
			cells[i] = append(cells[i], cell)
		}
	}
	title := fmt.Sprintf("rng test, %s per order: %s", units.FormatCount(r.Numbers), strings.Join(orders, " | "))
	legend := imageio.VerdictLegend(map[string]string{
		"PASS": fmt.Sprintf("%g <= p <= 1-%g", stats.SuspectBelow, stats.SuspectBelow), "SUSPECT": "between",
		"FAIL": fmt.Sprintf("BH-rejected, q = %g", stats.FDRLevel), "n/a": "too few bits or values"})
	grid := imageio.Grid{Cells: cells, RowLabels: labels, ColLabels: tests, Title: title, SeriesRows: true}.Draw()
	return imageio.WithCaption(imageio.WithLegend(grid, legend), r.chanceNote())
}

// chanceNote says how many SUSPECTs a perfect generator would get by
// chance: each verdict is the worse of two p-values (over all numbers and
// the KS p over the samples), each outside [SuspectBelow, 1-SuspectBelow]
// with probability 2·SuspectBelow.
func (r RNGTestReport) chanceNote() string {
	n := 0
	for _, res := range r.Results {
		if res.Verdict != "n/a" {
			n++
		}
	}
	perTest := 1 - (1-2*stats.SuspectBelow)*(1-2*stats.SuspectBelow)
	return fmt.Sprintf("A few SUSPECTs are expected by chance: each of the %d verdicts is SUSPECT with probability about %.1f%% "+
		"for a perfect generator (two p-values, each outside [%g, 1-%g] 1%% of the time), so about %.1f of them; "+
		"a FAIL is a Benjamini-Hochberg (BH) rejection at q = %g among its generator's p-values: a perfect generator shows one in at most 1 run in %g.",
		n, 100*perTest, stats.SuspectBelow, stats.SuspectBelow, float64(n)*perTest, stats.FDRLevel, 1/stats.FDRLevel)
}
