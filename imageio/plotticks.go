package imageio

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// logTicks are a log axis's ticks: at the decades where the axis spans two or more, else at
// 1, 2 and 5 times them, or, where that labels fewer than three, at every whole multiple, or
// every half or tenth of one: a curve of one octave still gets a readable scale. Values of
// 1e4 and more are written as 2e6, smaller ones as 0.25.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	steps := [][]float64{{1}, {1, 2, 5}, nil, nil, nil} // nil: every multiple of the step below
	grid := []float64{0, 0, 1, 0.5, 0.1}
	start := 1
	if math.Log10(hi/lo) >= 2 {
		start = 0
	}
	var ticks []plot.Tick
	for k := start; k < len(steps); k++ {
		ticks = ticks[:0]
		for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
			ms := steps[k]
			if ms == nil {
				for m := 1.0; m < 10-1e-9; m += grid[k] {
					ms = append(ms, m)
				}
			}
			for _, m := range ms {
				if v := m * math.Pow(10, e); v >= lo*(1-1e-9) && v <= hi*(1+1e-9) {
					ticks = append(ticks, plot.Tick{Value: v, Label: logTickLabel(m, int(e))})
				}
			}
		}
		if len(ticks) >= 3 {
			break
		}
	}
	return ticks
}

// logTickLabel writes m x 10^e: 2e6 from 10^4 on, else as a decimal (0.25, 50).
func logTickLabel(m float64, e int) string {
	if e >= 4 || e <= -4 {
		return strconv.FormatFloat(m, 'f', -1, 64) + "e" + strconv.Itoa(e)
	}
	return strconv.FormatFloat(m*math.Pow(10, float64(e)), 'g', 6, 64)
}

// LogAxisTicks are the log axis ticks of imageio's plots, for plots made
// elsewhere (rng pareto's speed axis).
var LogAxisTicks plot.Ticker = logTicks{}
