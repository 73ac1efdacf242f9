package app

import (
	"strings"

	"github.com/inkyblackness/imgui-go/v4"
)

// wrapWords breaks text into lines of at most width, measured by measure,
// at spaces only: imgui's own wrapping also breaks after '.', ',' and '+',
// which split "3.3e+06" across two lines. A word wider than width gets a
// line of its own.
func wrapWords(text string, width float64, measure func(string) float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line == "" {
			line = word
			continue
		}
		if next := line + " " + word; measure(next) <= width {
			line = next
			continue
		}
		lines = append(lines, line)
		line = word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// textWidth is the width imgui draws s at in the current font.
func textWidth(s string) float64 { return float64(imgui.CalcTextSize(s, false, 0).X) }

// wrappedText draws text wrapped at spaces to width, in colour c (nil: the
// style's), and returns its lines.
func wrappedText(text string, width float64, c *imgui.Vec4) []string {
	lines := wrapWords(text, width, textWidth)
	if c != nil {
		imgui.PushStyleColor(imgui.StyleColorText, *c)
		defer imgui.PopStyleColor()
	}
	for _, l := range lines {
		imgui.Text(l)
	}
	return lines
}
