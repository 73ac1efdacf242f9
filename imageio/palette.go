package imageio

import "image/color"

// Palette is Speckle's one table of series colours: pane i of the window,
// curve i of a saved plot and row i's label in a montage all use
// Palette[i % len]. It is Okabe and Ito's colour-blind-safe set, ordered so
// the first four (the window's panes) differ most; yellow and black, the
// hardest to see on white and on the window's dark plot, come last.
var Palette = [...]color.NRGBA{
	{R: 230, G: 159, B: 0, A: 255},   // orange
	{R: 86, G: 180, B: 233, A: 255},  // sky blue
	{R: 0, G: 158, B: 115, A: 255},   // bluish green
	{R: 213, G: 94, B: 0, A: 255},    // vermillion
	{R: 204, G: 121, B: 167, A: 255}, // reddish purple
	{R: 0, G: 114, B: 178, A: 255},   // blue
	{R: 240, G: 228, B: 66, A: 255},  // yellow
	{R: 0, G: 0, B: 0, A: 255},       // black
}

// SeriesColor is the i-th series' colour.
func SeriesColor(i int) color.NRGBA { return Palette[i%len(Palette)] }
