// Package figtest reads back what the program's figures and tables hold,
// for tests: whether a figure carries its colour bar, whether an axis's
// ticks read as round numbers, a capture's convergence CSV. Only tests
// import it (layers_test.go's testOnly), so these stay out of the binary.
package figtest

import (
	"encoding/csv"
	"fmt"
	"image"
	"math"
	"os"
	"strconv"
	"strings"

	"speckle/imageio"
)

// FindColorBar reports whether img holds a colour bar of m: a row with a run
// of at least minRun pixels whose colours are m's entries in order, from
// its lowest tenth to its highest (a heatmap's row is never so ordered).
// Tests check with it that a figure carries its scale.
func FindColorBar(img *image.NRGBA, m *imageio.Colormap, minRun int) bool {
	index := func(c [3]uint8) int { // the nearest entry within 6 levels, or -1
		best, bestD := -1, 19
		for i, e := range m {
			d := levelDiff(c[0], e.R) + levelDiff(c[1], e.G) + levelDiff(c[2], e.B)
			if d < bestD {
				best, bestD = i, d
			}
		}
		return best
	}
	b := img.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		start, lo, prev := -1, 0, -1
		for x := b.Min.X; x < b.Max.X; x++ {
			o := img.PixOffset(x, y)
			i := index([3]uint8{img.Pix[o], img.Pix[o+1], img.Pix[o+2]})
			switch {
			case i < 0 || i < prev:
				start, prev = -1, -1
				continue
			case start < 0:
				start, lo = x, i
			}
			prev = i
			if x-start+1 >= minRun && lo < 26 && i > 229 {
				return true
			}
		}
	}
	return false
}

func levelDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// RoundTicks reports whether ticks read as round numbers: evenly spaced
// whole multiples of a nice step (imageio.NiceTicks), or log ticks, each 0 or 1, 2
// or 5 times a power of ten (imageio.LogTicks).
func RoundTicks(ticks []float64, log bool) bool {
	if log {
		for _, v := range ticks {
			if v != 0 && !imageio.IsNiceStep(v) || v != 0 && imageio.IsNiceStep(v) && isTwoAndAHalf(v) {
				return false
			}
		}
		return true
	}
	if len(ticks) < 2 {
		return false
	}
	step := ticks[1] - ticks[0]
	if !imageio.IsNiceStep(step) {
		return false
	}
	for i, v := range ticks {
		k := v / step
		if math.Abs(k-math.Round(k)) > 1e-6 || math.Abs(v-ticks[0]-float64(i)*step) > 1e-9*step*float64(len(ticks)) {
			return false
		}
	}
	return true
}

func isTwoAndAHalf(v float64) bool {
	m := v / math.Pow(10, math.Floor(math.Log10(v)+1e-12))
	return math.Abs(m-2.5) < 1e-9
}

// ReadConvergenceCSV reads a file written by imageio.WriteConvergenceCSV and the metric its header
// names. Errors name the file and the line.
func ReadConvergenceCSV(path string) (imageio.Metric, []imageio.ConvergenceRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	cr := csv.NewReader(f)
	cr.FieldsPerRecord = len(imageio.ConvergenceHeader(imageio.MetricRMSE))
	recs, err := cr.ReadAll()
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", path, err)
	}
	var m imageio.Metric
	if len(recs) > 0 {
		m, _ = imageio.ParseMetric(recs[0][4])
	}
	if len(recs) == 0 || m == "" || strings.Join(recs[0], ",") != strings.Join(imageio.ConvergenceHeader(m), ",") {
		return "", nil, fmt.Errorf("%s: line 1: want the header %s (METRIC one of %s)", path,
			strings.Join(imageio.ConvergenceHeader("METRIC"), ","), strings.Join(imageio.MetricNames(), ", "))
	}
	rows := make([]imageio.ConvergenceRow, 0, len(recs)-1)
	for i, rec := range recs[1:] {
		line := i + 2
		bad := func(col int, what string) error {
			return fmt.Errorf("%s: line %d: %s %q is not %s", path, line, recs[0][col], rec[col], what)
		}
		r := imageio.ConvergenceRow{Scene: rec[0], Generator: rec[1]}
		if r.Photons, err = strconv.ParseInt(rec[2], 10, 64); err != nil {
			return "", nil, bad(2, "an integer")
		}
		if r.Seeds, err = strconv.Atoi(rec[3]); err != nil {
			return "", nil, bad(3, "an integer")
		}
		for k, p := range []*float64{&r.Error, &r.Min, &r.Max, &r.Slope, &r.SlopeMin, &r.SlopeMax, &r.RMSE, &r.RMSEMin, &r.RMSEMax, &r.Fireflies} {
			if *p, err = strconv.ParseFloat(rec[4+k], 64); err != nil {
				return "", nil, bad(4+k, "a number")
			}
		}
		if r.FirefliesMax, err = strconv.Atoi(rec[14]); err != nil {
			return "", nil, bad(14, "an integer")
		}
		if r.Seconds, err = strconv.ParseFloat(rec[15], 64); err != nil {
			return "", nil, bad(15, "a number")
		}
		r.Reference = rec[16]
		rows = append(rows, r)
	}
	return m, rows, nil
}
