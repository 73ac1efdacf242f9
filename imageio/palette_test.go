package imageio

import (
	"image/color"
	"math"
	"testing"
)

// linear is an sRGB channel in linear light.
func linear(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// cvd is c as a dichromat sees it: Machado, Oliveira and Fernandes (2009),
// severity 1, applied in linear light; m nil is normal vision.
func cvd(c color.NRGBA, m *[3][3]float64) [3]float64 {
	l := [3]float64{linear(c.R), linear(c.G), linear(c.B)}
	if m == nil {
		return l
	}
	var out [3]float64
	for i := range out {
		out[i] = math.Min(1, math.Max(0, m[i][0]*l[0]+m[i][1]*l[1]+m[i][2]*l[2]))
	}
	return out
}

var (
	deuteranopia = &[3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}
	protanopia   = &[3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}
)

// labOf is CIELAB (D65) of linear RGB.
func labOf(l [3]float64) [3]float64 {
	x := (0.4124*l[0] + 0.3576*l[1] + 0.1805*l[2]) / 0.95047
	y := 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
	z := (0.0193*l[0] + 0.1192*l[1] + 0.9505*l[2]) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
}

// deltaE is CIE76's ΔE between a and b as seen through m.
func deltaE(a, b color.NRGBA, m *[3][3]float64) float64 {
	p, q := labOf(cvd(a, m)), labOf(cvd(b, m))
	return math.Sqrt((p[0]-q[0])*(p[0]-q[0]) + (p[1]-q[1])*(p[1]-q[1]) + (p[2]-q[2])*(p[2]-q[2]))
}

// Every two colours of the palette, and so every two generators of the
// table, differ by at least ΔE 20 for normal vision and for deuteranopes and
// protanopes; Okabe and Ito's orange and vermillion (ΔE 18 to a
// deuteranope) would not pass. Each colour reads on white and on the
// montages' dark background (CIELAB lightness 35 to 85).
func TestPaletteApartForColourBlindReaders(t *testing.T) {
	const minDE = 20
	for i, a := range Palette {
		if L := labOf(cvd(a, nil))[0]; L < 35 || L > 85 {
			t.Errorf("palette %d %v: lightness %.1f, outside 35..85", i, a, L)
		}
		for j := i + 1; j < len(Palette); j++ {
			b := Palette[j]
			for name, m := range map[string]*[3][3]float64{"normal": nil, "deuteranopia": deuteranopia, "protanopia": protanopia} {
				if d := deltaE(a, b, m); d < minDE {
					t.Errorf("palette %d %v and %d %v: ΔE %.1f under %s, want >= %d", i, a, j, b, d, name, minDE)
				}
			}
		}
	}
	orange, vermillion := color.NRGBA{230, 159, 0, 255}, color.NRGBA{213, 94, 0, 255}
	if d := deltaE(orange, vermillion, deuteranopia); d >= minDE {
		t.Errorf("orange and vermillion: ΔE %.1f to a deuteranope; the test would not catch them", d)
	}
	seen := map[color.NRGBA]string{}
	for _, n := range GeneratorNames() {
		c := GeneratorColor(n)
		if other, ok := seen[c]; ok {
			t.Errorf("%s and %s share colour %v", n, other, c)
		}
		seen[c] = n
	}
}

// A generator's colour is its base name's, whatever the spec's options or
// label form; unknown names get a palette colour, the same every call.
func TestGeneratorColor(t *testing.T) {
	for _, l := range []string{"lehmer:lehmer-seeding=slm", "lehmer lehmer-seeding=slm", "LEHMER", " lehmer"} {
		if GeneratorColor(l) != GeneratorColor("lehmer") {
			t.Errorf("%q: %v, want lehmer's %v", l, GeneratorColor(l), GeneratorColor("lehmer"))
		}
	}
	if GeneratorColor("rand48") == GeneratorColor("philox") {
		t.Error("rand48 and philox share a colour")
	}
	c := GeneratorColor("xorshift-hash")
	found := false
	for _, p := range Palette {
		found = found || p == c
	}
	if !found || GeneratorColor("xorshift-hash") != c {
		t.Errorf("an unknown name's colour %v: not a palette colour or not the same twice", c)
	}
}

// In one figure, series of one colour (two specs of a generator) differ in
// shade and dashes; series of different generators keep their colours.
func TestGeneratorStyles(t *testing.T) {
	s := GeneratorStyles([]string{"lehmer", "philox", "lehmer:lehmer-seeding=slm", "philox seed=1", "lehmer seed=2"})
	if s[0].Color != GeneratorColor("lehmer") || s[1].Color != GeneratorColor("philox") || s[0].Variant != 0 || s[1].Variant != 0 {
		t.Errorf("first series of each generator: %+v %+v", s[0], s[1])
	}
	for _, k := range []int{2, 3, 4} {
		if s[k].Variant == 0 || s[k].Dashes() == nil {
			t.Errorf("series %d repeats a colour but is variant %d, dashes %v", k, s[k].Variant, s[k].Dashes())
		}
	}
	if s[2].Color == s[0].Color || s[4].Color == s[0].Color || s[4].Color == s[2].Color {
		t.Errorf("lehmer's three series: %v %v %v, want three shades", s[0].Color, s[2].Color, s[4].Color)
	}
}

// A saved convergence plot draws each generator's curve in its colour.
func TestConvergencePlotUsesGeneratorColours(t *testing.T) {
	var rows []ConvergenceRow
	for _, g := range []string{"lehmer", "philox seed=3"} {
		for k := 0; k < 4; k++ {
			rows = append(rows, ConvergenceRow{Scene: "plane", Generator: g, Photons: int64(1e4) << (2 * k), Error: 0.1 / float64(k+1), Seeds: 1})
		}
	}
	f, err := ConvergencePlot(rows, MetricRMSE, PlotText{Title: "plane", Against: "the exact image"})
	if err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/c.png"
	if err := SavePlot(f, path); err != nil {
		t.Fatal(err)
	}
	img, err := ReadPNG(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{"lehmer", "philox"} {
		if n := count(img, img.Rect, GeneratorColor(g)); n < 100 {
			t.Errorf("%d pixels of %s's colour in the plot", n, g)
		}
	}
}
