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
				c := img.NRGBAAt(x, y)
				if c.B > 150 && c.R < 100 { // the curve's blue
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
	if ten >= one || one < 40 || one > 80 || ten > 20 {
		t.Fatalf("power 1 drawn at row %d, power 10 at row %d of 128: want the middle and the top", one, ten)
	}
}
