package imageio

import (
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
)

// The one type family of every figure is Bigelow and Holmes's Go fonts:
// Go for the montages' titles, labels and captions and for every gonum
// plot's text, Go Mono for the tables of text cells (their columns line
// up). Typeface is what plots ask gonum's font cache for.
const Typeface = "Go"

var (
	goRegular = mustFont(goregular.TTF)
	goBold    = mustFont(gobold.TTF)
	goMono    = mustFont(gomono.TTF)
)

func mustFont(ttf []byte) *opentype.Font {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic("imageio: the Go fonts: " + err.Error())
	}
	return f
}

// init makes the Go fonts gonum/plot's default, so that a plot made
// anywhere (plot.New reads plot.DefaultFont) is in the montages' family.
func init() {
	font.DefaultCache.Add(font.Collection{
		{Font: font.Font{Typeface: Typeface}, Face: goRegular},
		{Font: font.Font{Typeface: Typeface, Weight: 700}, Face: goBold},
		{Font: font.Font{Typeface: Typeface, Variant: "Mono"}, Face: goMono},
	})
	plot.DefaultFont = font.Font{Typeface: Typeface}
	plotter.DefaultFont = plot.DefaultFont // labels in a plot (the triples' cube)
}
