package imageio

import (
	"math"
	"strconv"
)

// NiceStep is the round step (1, 2, 2.5 or 5 times a power of ten) that cuts
// span into about n intervals: the "nice numbers" of Heckbert's axis labels,
// so that ticks read 0.05, 0.1, 0.15 and not 0.981, 1.96, 2.94.
func NiceStep(span float64, n int) float64 {
	if !(span > 0) || math.IsInf(span, 0) || n < 1 {
		return 0
	}
	raw := span / float64(n)
	decade := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*decade >= raw*0.999 {
			return m * decade
		}
	}
	return 10 * decade
}

// NiceTicks are the multiples of NiceStep(hi-lo, n) in [lo, hi], lowest first.
func NiceTicks(lo, hi float64, n int) []float64 {
	step := NiceStep(hi-lo, n)
	if step == 0 {
		return nil
	}
	var out []float64
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi*(1+1e-12)+1e-300; k++ {
		// k·step carries the step's binary error (0.6000000000000001): the
		// value is the number its twelve digits name.
		v, _ := strconv.ParseFloat(strconv.FormatFloat(k*step, 'g', 12, 64), 64)
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		out = append(out, v)
	}
	return out
}

// IsNiceStep reports whether step is 1, 2, 2.5 or 5 times a power of ten.
func IsNiceStep(step float64) bool {
	if !(step > 0) {
		return false
	}
	m := step / math.Pow(10, math.Floor(math.Log10(step)+1e-12))
	for _, n := range []float64{1, 2, 2.5, 5, 10} {
		if math.Abs(m-n) < 1e-9*n {
			return true
		}
	}
	return false
}

// LogTicks are a log(1+v) scale's round ticks in [lo, hi]: 0 (where in range)
// and 1, 2, 5 times the powers of ten, thinned to whole decades when more
// than n would show.
func LogTicks(lo, hi float64, n int) []float64 {
	var all, decades []float64
	if lo <= 0 && hi >= 0 {
		all, decades = append(all, 0), append(decades, 0)
	}
	for e := math.Floor(math.Log10(math.Max(lo, 1e-300))); e <= math.Log10(hi)+1e-9 && e < 300; e++ {
		for _, m := range []float64{1, 2, 5} {
			if v := m * math.Pow(10, e); v >= lo && v <= hi*(1+1e-12) {
				all = append(all, v)
				if m == 1 {
					decades = append(decades, v)
				}
			}
		}
	}
	if len(all) > n {
		return decades
	}
	return all
}
