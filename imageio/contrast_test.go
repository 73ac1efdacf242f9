package imageio

import (
	"image/color"
	"math"
	"testing"
)

// WCAG's own anchors: black on white is 21:1, a colour on itself 1:1.
func TestContrastRatioAnchors(t *testing.T) {
	black := color.NRGBA{A: 255}
	if r := ContrastRatio(black, White); math.Abs(r-21) > 1e-9 {
		t.Errorf("black on white: %v, want 21", r)
	}
	if r := ContrastRatio(White, White); r != 1 {
		t.Errorf("white on white: %v, want 1", r)
	}
	// #767676 on white is the lightest grey that passes WCAG's 4.5.
	if r := ContrastRatio(color.NRGBA{R: 0x76, G: 0x76, B: 0x76, A: 255}, White); r < 4.5 || r > 4.6 {
		t.Errorf("#767676 on white: %v, want 4.54", r)
	}
}

// Every generator's colour, as the figures draw it, reads: as text on the
// dark background and as a line on a plot's white. The raw table does not
// (pcg's indigo on the dark grey, murmur3's light yellow on white), so the
// test fails if a figure's path forgets Legible.
func TestGeneratorColoursReadOnTheirBackground(t *testing.T) {
	raw := 0
	for _, n := range GeneratorNames() {
		c := GeneratorColor(n)
		if ContrastRatio(c, DarkBackground) < TextContrast || ContrastRatio(c, White) < LineContrast {
			raw++
		}
		if r := ContrastRatio(TextOnDark(c), DarkBackground); r < TextContrast {
			t.Errorf("%s as text on dark: %.2f, want >= %v", n, r, TextContrast)
		}
		if r := ContrastRatio(LineOnWhite(c), White); r < LineContrast {
			t.Errorf("%s as a line on white: %.2f, want >= %v", n, r, LineContrast)
		}
	}
	if raw == 0 {
		t.Error("every raw colour reads everywhere: the table changed, and this test no longer shows Legible's use")
	}
}

// Legible leaves a colour that reads alone, and moves one that does not
// only as far as it must, toward the side away from the background.
func TestLegibleMovesOnlyWhatItMust(t *testing.T) {
	orange := Palette[0]
	if got := TextOnDark(orange); got != orange {
		t.Errorf("orange on dark: %v, want it unchanged", got)
	}
	indigo := GeneratorColor("pcg")
	got := TextOnDark(indigo)
	if relativeLuminance(got) <= relativeLuminance(indigo) {
		t.Errorf("indigo on dark: %v is not lighter than %v", got, indigo)
	}
	if ContrastRatio(got, DarkBackground) > TextContrast*1.3 {
		t.Errorf("indigo on dark: %v at %.2f, lifted further than needed", got, ContrastRatio(got, DarkBackground))
	}
	yellow := GeneratorColor("murmur3")
	if lw := LineOnWhite(yellow); relativeLuminance(lw) >= relativeLuminance(yellow) {
		t.Errorf("light yellow on white: %v is not darker than %v", lw, yellow)
	}
}
