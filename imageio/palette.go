package imageio

import (
	"hash/fnv"
	"image/color"
	"strings"

	"gonum.org/v1/plot/vg"
)

// Palette is Speckle's one table of series colours, eight that stay apart
// for colour-blind readers: Okabe and Ito's orange, sky blue and blue, and
// Paul Tol's green, rose, sand, purple and grey (bright and muted sets).
// Picked from both sets for the largest smallest difference (CIELAB ΔE,
// at least 20) between any two, for normal vision and under Machado's
// deuteranopia and protanopia; Okabe and Ito's vermillion is left out, as
// beside their orange it is the same colour to a deuteranope. Every colour
// reads on white (saved plots) and on the montages' and window's dark grey.
var Palette = [...]color.NRGBA{
	{R: 230, G: 159, B: 0, A: 255},   // orange (Okabe-Ito)
	{R: 86, G: 180, B: 233, A: 255},  // sky blue (Okabe-Ito)
	{R: 204, G: 102, B: 119, A: 255}, // rose (Tol muted)
	{R: 34, G: 136, B: 51, A: 255},   // green (Tol bright)
	{R: 0, G: 114, B: 178, A: 255},   // blue (Okabe-Ito)
	{R: 221, G: 204, B: 119, A: 255}, // sand (Tol muted)
	{R: 170, G: 51, B: 119, A: 255},  // purple (Tol bright)
	{R: 187, G: 187, B: 187, A: 255}, // grey (Tol bright)
}

// SeriesColor is the i-th series' colour, for series that are not
// generators (a population's best, mean and worst; one curve).
func SeriesColor(i int) color.NRGBA { return Palette[i%len(Palette)] }

// generatorColors gives each registered generator (rng.All, by name) its
// own entry of Palette, so a generator has one colour in the window, the
// montages, the lessons and every plot. The window's default panes
// (rand48, lehmer, ca, philox) take the four that differ most.
// TestGeneratorColors checks that every generator of rng.All is here and
// that no two share a colour.
var generatorColors = map[string]int{
	"rand48": 0, // orange
	"lehmer": 1, // sky blue
	"ca":     2, // rose
	"philox": 3, // green
	"pcg32":  4, // blue
	"sobol":  5, // sand
	"ranlux": 6, // purple
	"randu":  7, // grey: the control, bad on purpose
}

// hashColors are the GPU hashes' colours (rng.HashFamily): eighteen more
// than Palette holds, so taken from Paul Tol's muted, light and vibrant
// sets less the colours Palette has. Each differs from every other
// generator's, but not all by ΔE 20 for colour-blind readers: a figure
// that compares hashes tells them apart by label, and by Style where two
// come close. Some are too dark for the dark background (indigo, wine) or
// too light for white (light yellow, light cyan): figures draw them
// through Legible (contrast.go).
var hashColors = map[string]color.NRGBA{
	"pcg":        {R: 51, G: 34, B: 136, A: 255},   // indigo (Tol muted)
	"pcg2d":      {R: 136, G: 204, B: 238, A: 255}, // cyan (Tol muted)
	"pcg3d":      {R: 68, G: 170, B: 153, A: 255},  // teal (Tol muted)
	"pcg4d":      {R: 17, G: 119, B: 51, A: 255},   // green (Tol muted)
	"xxhash32":   {R: 136, G: 34, B: 85, A: 255},   // wine (Tol muted)
	"wang":       {R: 153, G: 153, B: 51, A: 255},  // olive (Tol muted)
	"lcg":        {R: 119, G: 170, B: 221, A: 255}, // light blue (Tol light)
	"xorshift32": {R: 153, G: 221, B: 255, A: 255}, // light cyan (Tol light)
	"iqint1":     {R: 68, G: 187, B: 153, A: 255},  // mint (Tol light)
	"iqint3":     {R: 187, G: 204, B: 51, A: 255},  // pear (Tol light)
	"murmur3":    {R: 238, G: 221, B: 136, A: 255}, // light yellow (Tol light)
	"tea":        {R: 238, G: 136, B: 102, A: 255}, // orange (Tol light)
	"city":       {R: 255, G: 170, B: 187, A: 255}, // pink (Tol light)
	"superfast":  {R: 238, G: 119, B: 51, A: 255},  // orange (Tol vibrant)
	"hybridtaus": {R: 0, G: 119, B: 187, A: 255},   // blue (Tol vibrant)
	"jkiss32":    {R: 51, G: 187, B: 238, A: 255},  // cyan (Tol vibrant)
	"ign":        {R: 238, G: 51, B: 119, A: 255},  // magenta (Tol vibrant)
	"trig":       {R: 204, G: 51, B: 17, A: 255},   // red (Tol vibrant)
}

// GeneratorBase is the generator a label or spec names: "lehmer" for
// "lehmer", "lehmer:lehmer-seeding=slm" and "lehmer lehmer-seeding=slm".
func GeneratorBase(label string) string {
	label = strings.TrimSpace(strings.ToLower(label))
	if i := strings.IndexAny(label, " :(,\t"); i >= 0 {
		label = label[:i]
	}
	return label
}

// GeneratorColor is the colour of the generator a label or spec names (by
// its base name, so every spec of lehmer is lehmer's colour). A name the
// table does not hold (a generator added later, a user's GLSL) gets a
// Palette entry chosen by a hash of its name: the same in every run.
func GeneratorColor(label string) color.NRGBA {
	base := GeneratorBase(label)
	if i, ok := generatorColors[base]; ok {
		return Palette[i]
	}
	if c, ok := hashColors[base]; ok {
		return c
	}
	h := fnv.New32a()
	h.Write([]byte(base))
	return Palette[h.Sum32()%uint32(len(Palette))]
}

// GeneratorNames are the names the colour table holds, for tests.
func GeneratorNames() []string {
	out := make([]string, 0, len(generatorColors))
	for n := range generatorColors {
		out = append(out, n)
	}
	for n := range hashColors {
		out = append(out, n)
	}
	return out
}

// Style is how one series of a figure is drawn: its generator's colour, a
// shade of it where an earlier series of the same figure has that colour
// already, and Variant, the count of such earlier series, which picks a
// dash pattern and a marker (Dashes, Glyph) so that no two series of one
// figure look alike.
type Style struct {
	Color   color.NRGBA
	Variant int
}

// GeneratorStyles are the styles of a figure's series, one per label, in
// order: lehmer and lehmer:lehmer-seeding=slm in one plot are both sky
// blue, the second lighter and dashed.
func GeneratorStyles(labels []string) []Style {
	seen := map[color.NRGBA]int{}
	out := make([]Style, len(labels))
	for i, l := range labels {
		c := GeneratorColor(l)
		k := seen[c]
		seen[c]++
		out[i] = Style{Color: Shade(c, k), Variant: k}
	}
	return out
}

// Shade is c for variant 0, then lighter and darker by turns (mixed a
// third of the way to white, then to black, ...), each distinct from c.
func Shade(c color.NRGBA, variant int) color.NRGBA {
	if variant == 0 {
		return c
	}
	f := min(0.35+0.15*float64((variant-1)/2), 0.7)
	to := 255.0
	if variant%2 == 0 {
		to = 0
	}
	mix := func(v uint8) uint8 { return uint8(float64(v) + (to-float64(v))*f + 0.5) }
	return color.NRGBA{R: mix(c.R), G: mix(c.G), B: mix(c.B), A: c.A}
}

// seriesDashes are the dash patterns of a series' variants: solid, dashed,
// dotted, dash-dot.
var seriesDashes = [][]vg.Length{nil, {vg.Points(6), vg.Points(3)}, {vg.Points(2), vg.Points(2)},
	{vg.Points(8), vg.Points(3), vg.Points(2), vg.Points(3)}}

// Dashes is the dash pattern of s's variant (nil: solid).
func (s Style) Dashes() []vg.Length { return seriesDashes[s.Variant%len(seriesDashes)] }
