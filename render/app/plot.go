package app

import "math"

// LogRange is a log-log plot's extent in decades: log10 of photons (X) and
// of RMSE (Y), widened to whole decades so the ticks fall on its edges.
type LogRange struct{ X0, X1, Y0, Y1 float64 }

// PlotRange covers every positive point of the series, at least one decade
// each way; ok is false when there is nothing to plot.
func PlotRange(series [][]Point) (r LogRange, ok bool) {
	r = LogRange{math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)}
	for _, s := range series {
		for _, p := range s {
			if p.Photons <= 0 || !(p.RMSE > 0) || math.IsInf(p.RMSE, 0) {
				continue
			}
			x, y := math.Log10(float64(p.Photons)), math.Log10(p.RMSE)
			r.X0, r.X1 = math.Min(r.X0, x), math.Max(r.X1, x)
			r.Y0, r.Y1 = math.Min(r.Y0, y), math.Max(r.Y1, y)
			ok = true
		}
	}
	if !ok {
		return LogRange{}, false
	}
	r.X0, r.X1 = math.Floor(r.X0), math.Ceil(r.X1)
	r.Y0, r.Y1 = math.Floor(r.Y0), math.Ceil(r.Y1)
	if r.X1 <= r.X0 {
		r.X1 = r.X0 + 1
	}
	if r.Y1 <= r.Y0 {
		r.Y1 = r.Y0 + 1
	}
	return r, true
}

// Map places a point in a w x h plot area, origin top-left; ok is false
// for points a log axis cannot show.
func (r LogRange) Map(p Point, w, h float64) (x, y float64, ok bool) {
	if p.Photons <= 0 || !(p.RMSE > 0) {
		return 0, 0, false
	}
	x = (math.Log10(float64(p.Photons)) - r.X0) / (r.X1 - r.X0) * w
	y = (r.Y1 - math.Log10(p.RMSE)) / (r.Y1 - r.Y0) * h
	return x, y, true
}

// SlopeLine is the segment of slope `slope` (in decades per decade) through
// the point `through`, clipped to the range: the reference rate of
// convergence drawn next to the measured curves.
func (r LogRange) SlopeLine(through Point, slope float64) (a, b Point, ok bool) {
	if through.Photons <= 0 || !(through.RMSE > 0) {
		return a, b, false
	}
	x0, y0 := math.Log10(float64(through.Photons)), math.Log10(through.RMSE)
	at := func(x float64) Point {
		return Point{int64(math.Round(math.Pow(10, x))), math.Pow(10, y0+slope*(x-x0))}
	}
	lo, hi := r.X0, r.X1
	// Clip where the line leaves the Y range.
	if slope != 0 {
		for _, y := range []float64{r.Y0, r.Y1} {
			x := x0 + (y-y0)/slope
			if slope < 0 && y == r.Y1 && x > lo {
				lo = x
			}
			if slope < 0 && y == r.Y0 && x < hi {
				hi = x
			}
		}
	}
	if hi <= lo {
		return a, b, false
	}
	return at(lo), at(hi), true
}
