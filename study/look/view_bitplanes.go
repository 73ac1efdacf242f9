package look

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gonum.org/v1/plot"

	"speckle/imageio"
	"speckle/lab"
	"speckle/rng"
	"speckle/study"
)

// ViewBitplanes: bit Bit of consecutive values (columns) of consecutive
// streams (rows), black 0, white 1.
const ViewBitplanes = "bitplanes"

// Bitplanes draws one bit of each value: a row a stream, a column a
// value, Size of each.
var Bitplanes = &View{
	Name:        ViewBitplanes,
	Doc:         "bit --bit of consecutive values (across) of consecutive streams (down)",
	Options:     []Option{OptBit},
	SizedSample: true,
	Draw:        drawBitplanes,
	CheckRenderer: func(l Look) error {
		if l.Bit >= lab.RendererBits {
			return study.Inputf("--bit %d: the renderer order's words hold the floats' %d fraction bits (0..%d)", l.Bit, lab.RendererBits, lab.RendererBits-1)
		}
		return nil
	},
	Title: func(l Look, _ string) string {
		return fmt.Sprintf("bit %d: values across, streams down, seed %d", l.Bit, l.Seed)
	},
	RendererTitle: func(l Look, of, _ string) string {
		return fmt.Sprintf("renderer order: bit %d of the 24-bit words, draws across, slots down, of %s, seed %d", l.Bit, of, l.Seed)
	},
	Caption: func(Look, Looked) string { return "" },
	Axes: func(l Look) (Axes, bool) {
		streams, count := l.shape()
		return Axes{X: "value index i", Y: "stream t", X0: 0, X1: float64(count), Y0: float64(streams), Y1: 0}, true
	},
	Panel: func(l Look, lk Looked, title string) *plot.Plot {
		streams, count := l.shape()
		p := imageio.ImagePanel(lk.Image, 0, float64(count), -float64(streams), 0, title, "value index i", "stream t")
		p.Y.Tick.Marker = downTicks{}
		return p
	},
}

func drawBitplanes(l Look, sp rng.Spec, s Sample) Looked {
	v := s.Values
	streams, count := l.shape()
	img := image.NewNRGBA(image.Rect(0, 0, l.Size, l.Size))
	for t := 0; t < streams; t++ {
		for m := 0; m < count; m++ {
			c := uint8(0)
			if v[t*count+m]>>l.Bit&1 == 1 {
				c = 255
			}
			img.SetNRGBA(m, t, color.NRGBA{c, c, c, 255})
		}
	}
	return Looked{Spec: sp, Image: img, Shown: streams * count, Points: streams * count}
}

// downTicks label a downward axis (values 0 to -n) by their distance from
// the top: the bitplanes' streams count down the picture.
type downTicks struct{}

func (downTicks) Ticks(lo, hi float64) []plot.Tick {
	t := imageio.NiceTicker{}.Ticks(lo, hi)
	for i := range t {
		if t[i].Label != "" {
			t[i].Label = fmt.Sprintf("%g", math.Abs(t[i].Value))
		}
	}
	return t
}
