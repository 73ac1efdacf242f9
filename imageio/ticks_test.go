package imageio

import (
	"image"
	"testing"
)

// The colour bars' ticks are round numbers ("nice numbers"), never the
// ends' 0.981, 1.96, 2.94 that quartering a range gives.
func TestColorBarTicksAreRound(t *testing.T) {
	if RoundTicks([]float64{0, 0.981, 1.96, 2.94}, false) || RoundTicks([]float64{0, 0.028, 0.056, 0.084, 0.112}, false) || RoundTicks([]float64{0, 3, 7}, true) {
		t.Error("quartered ranges pass as round ticks")
	}
	for _, b := range []ColorBar{{Lo: 0, Hi: 3.92}, {Lo: 0, Hi: 0.112}, {Lo: 0, Hi: 0.5}, {Lo: 0, Hi: 2.83e4}, {Lo: 0, Hi: 864000, Log: true}, {Lo: 0, Hi: 7, Log: true}} {
		ticks := b.Ticks()
		if len(ticks) < 3 || !RoundTicks(ticks, b.Log) || ticks[0] < b.Lo || ticks[len(ticks)-1] > b.Hi {
			t.Errorf("bar %g..%g (log %v): ticks %v, want 3 or more round numbers inside the bar", b.Lo, b.Hi, b.Log, ticks)
		}
	}
}

// A montage with a Bar carries the colour bar; the plain one does not.
func TestFindColorBar(t *testing.T) {
	cell := image.NewNRGBA(image.Rect(0, 0, 300, 100))
	for i := range cell.Pix { // a noisy heatmap-like cell of viridis colours
		c := HeatColor(float32(i*7919%256) / 255)
		cell.Pix[i] = c[i%4%3]
	}
	plain := Grid{Cells: [][]*image.NRGBA{{cell}}, Title: "x"}
	withBar := plain
	withBar.Bar = &ColorBar{Map: HeatColormap(), Lo: 0, Hi: 1, Label: "error"}
	if FindColorBar(plain.Draw(), HeatColormap(), 200) {
		t.Error("a colour bar found in a montage without one")
	}
	if !FindColorBar(withBar.Draw(), HeatColormap(), 200) {
		t.Error("no colour bar found in a montage with one")
	}
}
