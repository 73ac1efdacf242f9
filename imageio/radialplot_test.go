package imageio

import "testing"

// A flat spectrum of power 1 (white noise) draws its curve along the
// middle of the log axis, where power 1 lies between 0.1 and 10; a spectrum
// of 10 along the top.
func TestRadialPlotPlacesPower(t *testing.T) {
	rowOfCurve := func(p float64) int {
		power := make([]float64, 63)
		for i := range power {
			power[i] = p
		}
		img := RadialPlot(power, 256, 128)
		best, row := 0, -1
		for y := 0; y < 128; y++ {
			n := 0
			for x := 0; x < 256; x++ {
				c, want := img.NRGBAAt(x, y), SeriesColor(0)
				if absDiff(c.R, want.R) < 40 && absDiff(c.G, want.G) < 40 && absDiff(c.B, want.B) < 40 { // the curve's colour
					n++
				}
			}
			if n > best {
				best, row = n, y
			}
		}
		if best < 128 {
			t.Fatalf("power %v: the curve crosses at most %d columns", p, best)
		}
		return row
	}
	one, ten := rowOfCurve(1), rowOfCurve(10)
	t.Logf("power 1 at row %d, power 10 at row %d", one, ten)
	if ten >= one || one < 40 || one > 80 || ten > 20 {
		t.Fatalf("power 1 drawn at row %d, power 10 at row %d of 128: want the middle and the top", one, ten)
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
