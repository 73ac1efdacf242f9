package imageio

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// CountTicks is a log axis's ticker for counts (photons, draws): labelled
// ticks at 1, 2 and 5 times the powers of ten (LogTicks, whole decades where
// more than six would show, every digit where fewer than two would), written
// short ("200k", "1M"), and unlabelled ones at the other digits. gonum's
// plot.LogTicks labels only powers of ten, so a range within one decade (a
// lesson's 6.5e4 to 6.5e5 photons) showed no label at all.
type CountTicks struct{}

func (CountTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(lo > 0) || !(hi >= lo) {
		return nil
	}
	major := LogTicks(lo, hi, 6)
	if len(major) < 2 {
		major = digitTicks(lo, hi)
	}
	if len(major) < 2 { // within a factor of two: even steps read best
		major = NiceTicks(lo, hi, 3)
	}
	labelled := map[float64]bool{}
	var out []plot.Tick
	for _, v := range major {
		labelled[v] = true
		out = append(out, plot.Tick{Value: v, Label: CountLabel(v)})
	}
	for _, v := range digitTicks(lo, hi) {
		if !labelled[v] {
			out = append(out, plot.Tick{Value: v})
		}
	}
	return out
}

// digitTicks are 1 to 9 times the powers of ten in [lo, hi].
func digitTicks(lo, hi float64) []float64 {
	var out []float64
	for e := math.Floor(math.Log10(lo)); e <= math.Log10(hi)+1e-9 && e < 300; e++ {
		for m := 1.0; m <= 9; m++ {
			v, _ := strconv.ParseFloat(strconv.FormatFloat(m*math.Pow(10, e), 'g', 12, 64), 64)
			if v >= lo*(1-1e-12) && v <= hi*(1+1e-12) {
				out = append(out, v)
			}
		}
	}
	return out
}

// CountLabel writes a count as an axis reads it: 500, 20k, 1M, 2.5M, 1e10.
func CountLabel(v float64) string {
	a := math.Abs(v)
	switch {
	case a < 1e3:
		return strconv.FormatFloat(v, 'g', 3, 64)
	case a < 1e6:
		return strconv.FormatFloat(v/1e3, 'g', 3, 64) + "k"
	case a < 1e9:
		return strconv.FormatFloat(v/1e6, 'g', 3, 64) + "M"
	}
	return barNumber(v)
}
