package imageio

import (
	"encoding/csv"
	"io"
	"math"
	"strconv"
)

// ConvergenceRow is one cell of a capture: the error (by the capture's Metric) of a generator's
// renders against the reference after Photons photons, over Seeds independent seeds: their
// mean, and the band from the smallest to the largest; beside it the RMSE the same way, and the
// fireflies (imageio.Fireflies) per seed, their mean and most; Seconds is the mean render time.
// Slope is the fitted slope of the generator's whole curve of means (SetSlopes: only from
// MinSlopePoints counts on, else NaN), the same on each of its rows; SlopeMin and SlopeMax the
// least and greatest of its seeds' own curves' slopes. Each is every seed's error, in seed
// order (not written: the CSV holds the mean and band).
type ConvergenceRow struct {
	Scene     string
	Generator string
	Photons   int64
	Seeds     int
	Error     float64
	Min, Max  float64
	Slope     float64
	SlopeMin  float64
	SlopeMax  float64
	RMSE      float64
	RMSEMin   float64
	RMSEMax   float64
	Fireflies float64
	// FirefliesMax is the most fireflies of one seed's render.
	FirefliesMax int
	Seconds      float64
	// Reference is what the errors were measured against: "analytic", or the
	// stored reference with its photon count ("1e10 photons, FILE").
	Reference string
	Each      []float64
}

// MinSlopePoints is the fewest counts a slope is fitted from: through two or three points a
// line says little about a rate (one noisy count turns it), so a shorter curve has none.
const MinSlopePoints = 4

// ConvergenceHeader is the CSV header line's fields; METRIC is the metric's name (medrel).
func ConvergenceHeader(m Metric) []string {
	return []string{"scene", "generator", "photons", "seeds", string(m), string(m) + "_min", string(m) + "_max",
		"slope", "slope_min", "slope_max", "rmse", "rmse_min", "rmse_max", "fireflies", "fireflies_max", "seconds", "reference"}
}

// formatError and FormatSeconds are the CSV's number formats: errors and slopes with 7
// significant digits in exponent form (1.234568e-03), seconds with millisecond resolution
// (12.345). Both are locale-free and the same on every machine; NaN and infinities are "NaN",
// "+Inf", "-Inf".
func formatError(v float64) string   { return strconv.FormatFloat(v, 'e', 6, 64) }
func FormatSeconds(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }

// WriteConvergenceCSV writes rows as CSV with the header
// scene,generator,photons,seeds,METRIC,METRIC_min,METRIC_max,slope,slope_min,slope_max,
// rmse,rmse_min,rmse_max,fireflies,fireflies_max,seconds,reference, one line per row in the
// given order, atomically. A slope is NaN where fewer than MinSlopePoints counts were fitted.
func WriteConvergenceCSV(path string, m Metric, rows []ConvergenceRow) error {
	return WriteFileAtomic(path, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		if err := cw.Write(ConvergenceHeader(m)); err != nil {
			return err
		}
		for _, r := range rows {
			rec := []string{r.Scene, r.Generator, strconv.FormatInt(r.Photons, 10), strconv.Itoa(r.Seeds),
				formatError(r.Error), formatError(r.Min), formatError(r.Max),
				formatError(r.Slope), formatError(r.SlopeMin), formatError(r.SlopeMax),
				formatError(r.RMSE), formatError(r.RMSEMin), formatError(r.RMSEMax),
				strconv.FormatFloat(r.Fireflies, 'f', 2, 64), strconv.Itoa(r.FirefliesMax), FormatSeconds(r.Seconds), r.Reference}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
		cw.Flush()
		return cw.Error()
	})
}

// usable reports whether a point can be drawn on log-log axes.
func usable(r ConvergenceRow) bool {
	return r.Photons > 0 && r.Error >= 1e-300 && r.Error <= 1e300 // false for NaN
}

// FitSlope is the least-squares slope of log10 y against log10 x: the rate of a power law
// y ∝ x^slope. Points that a log axis cannot show are left out; with fewer than two distinct x
// left it is NaN.
func FitSlope(x, y []float64) float64 {
	var lx, ly []float64
	for i := range x {
		if x[i] > 0 && y[i] > 0 && !math.IsInf(x[i], 0) && !math.IsInf(y[i], 0) {
			lx, ly = append(lx, math.Log10(x[i])), append(ly, math.Log10(y[i]))
		}
	}
	n := float64(len(lx))
	var mx, my float64
	for i := range lx {
		mx, my = mx+lx[i]/n, my+ly[i]/n
	}
	var sxy, sxx float64
	for i := range lx {
		sxy += (lx[i] - mx) * (ly[i] - my)
		sxx += (lx[i] - mx) * (lx[i] - mx)
	}
	if len(lx) < 2 || sxx == 0 {
		return math.NaN()
	}
	return sxy / sxx
}

// SetSlopes fits each series' slope (convergenceSeries: by generator, or scene and generator)
// over its usable rows' means, and each seed's own (from Each), where the series has at least
// MinSlopePoints usable counts; else all three are NaN. It writes them into every row of the
// series.
func SetSlopes(rows []ConvergenceRow) {
	for _, s := range convergenceSeries(rows) {
		var x, y []float64
		for _, i := range s.rows {
			if usable(rows[i]) {
				x, y = append(x, float64(rows[i].Photons)), append(y, rows[i].Error)
			}
		}
		slope, lo, hi := math.NaN(), math.NaN(), math.NaN()
		if distinct(x) >= MinSlopePoints {
			slope = FitSlope(x, y)
			for k := 0; k < seedsOf(rows, s.rows); k++ {
				var sx, sy []float64
				for _, i := range s.rows {
					if r := rows[i]; r.Photons > 0 && k < len(r.Each) {
						sx, sy = append(sx, float64(r.Photons)), append(sy, r.Each[k])
					}
				}
				if distinct(sx) < MinSlopePoints {
					continue
				}
				if v := FitSlope(sx, sy); !math.IsNaN(v) {
					lo, hi = nanMin(lo, v), nanMax(hi, v)
				}
			}
		}
		for _, i := range s.rows {
			rows[i].Slope, rows[i].SlopeMin, rows[i].SlopeMax = slope, lo, hi
		}
	}
}

// distinct counts the distinct values of x.
func distinct(x []float64) int {
	seen := map[float64]bool{}
	for _, v := range x {
		seen[v] = true
	}
	return len(seen)
}

// seedsOf is the most seeds any of the rows holds errors of.
func seedsOf(rows []ConvergenceRow, idx []int) int {
	n := 0
	for _, i := range idx {
		n = max(n, len(rows[i].Each))
	}
	return n
}

func nanMin(a, b float64) float64 {
	if math.IsNaN(a) || b < a {
		return b
	}
	return a
}

func nanMax(a, b float64) float64 {
	if math.IsNaN(a) || b > a {
		return b
	}
	return a
}

// Trend is what a series' slopes say, in words a figure can print: a curve is said to diverge
// only when its own seeds agree (every seed's slope above zero), so that one seed's firefly
// cannot call a generator broken; it converges at a rate when every seed's slope is below
// zero. Without a fitted slope (too few counts) there is no trend.
type Trend int

const (
	TrendNone Trend = iota
	TrendConverges
	TrendDiverges
	TrendUnclear // the seeds disagree, or the curve is flat
)

// TrendOf is the trend of a series from one of its rows.
func TrendOf(r ConvergenceRow) Trend {
	lo, hi := r.SlopeMin, r.SlopeMax
	if math.IsNaN(r.Slope) {
		return TrendNone
	}
	if math.IsNaN(lo) { // one seed, or seeds without their own errors: the mean's slope
		lo, hi = r.Slope, r.Slope
	}
	switch {
	case hi < 0:
		return TrendConverges
	case lo > 0:
		return TrendDiverges
	}
	return TrendUnclear
}

// series is one curve: the indices of its rows, in order.
type series struct {
	name string
	rows []int
}

// convergenceSeries groups rows by generator (by scene and generator when the rows hold
// several scenes), in order of first appearance.
func convergenceSeries(rows []ConvergenceRow) []series {
	scenes := map[string]bool{}
	for _, r := range rows {
		scenes[r.Scene] = true
	}
	index := map[string]int{}
	var out []series
	for i, r := range rows {
		name := r.Generator
		if len(scenes) > 1 {
			name = r.Scene + " " + r.Generator
		}
		k, ok := index[name]
		if !ok {
			k = len(out)
			index[name] = k
			out = append(out, series{name: name})
		}
		out[k].rows = append(out[k].rows, i)
	}
	return out
}
