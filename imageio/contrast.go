package imageio

import (
	"image/color"
	"math"
)

// Text and lines in a generator's colour must read on what they are drawn
// on: the hashes' eighteen colours (hashColors) include Tol's indigo and
// wine, which vanish on the montages' dark grey, and his light yellow and
// cyan, which vanish on a plot's white. Legible keeps a colour where it
// reads and otherwise mixes it toward white (on a dark ground) or black (on
// a light one), so its hue stays and only its lightness moves.

// The least contrast ratios (WCAG 2.1's measure). Text: WCAG's 3:1 for
// large text (1.4.3), as every label of a figure is 24 pixels or more.
// Lines: 2:1, below WCAG's 3:1 for graphics (1.4.11), which Okabe and Ito's
// colour-blind-safe sky blue and orange (2.3 and 2.2 on white) miss as
// well: the floor keeps their curated colours and darkens the ones that
// fade into white (light yellow 1.37, light cyan 1.49, sand 1.62).
const (
	TextContrast = 3.0
	LineContrast = 2.0
)

// White is a saved plot's background.
var White = color.NRGBA{R: 255, G: 255, B: 255, A: 255}

// DarkBackground is the montages', slides' and explain pages' background
// (the window's panels are as dark).
var DarkBackground = montageBackground

// relativeLuminance is WCAG's relative luminance of an sRGB colour.
func relativeLuminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// ContrastRatio is WCAG's (L1 + 0.05) / (L2 + 0.05), L1 the lighter.
func ContrastRatio(a, b color.NRGBA) float64 {
	la, lb := relativeLuminance(a), relativeLuminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// Legible is c where it already has ratio against bg, else c mixed toward
// white (bg dark) or black (bg light) by the least step of 1/64 that gives
// it; alpha is kept.
func Legible(c, bg color.NRGBA, ratio float64) color.NRGBA {
	to := 255.0
	if relativeLuminance(bg) > 0.18 { // mid grey: lighter grounds take darker ink
		to = 0
	}
	out := c
	for k := 1; k <= 64 && ContrastRatio(out, bg) < ratio; k++ {
		f := float64(k) / 64
		mix := func(v uint8) uint8 { return uint8(math.Round(float64(v) + (to-float64(v))*f)) }
		out = color.NRGBA{R: mix(c.R), G: mix(c.G), B: mix(c.B), A: c.A}
	}
	return out
}

// TextOnDark is c as text on the dark background; LineOnWhite is c as a
// plot's line or marker on white.
func TextOnDark(c color.NRGBA) color.NRGBA  { return Legible(c, DarkBackground, TextContrast) }
func LineOnWhite(c color.NRGBA) color.NRGBA { return Legible(c, White, LineContrast) }
