package look

import (
	"encoding/csv"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"math/cmplx"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"speckle/imageio"
	"speckle/rng"
)

// ViewSpectrum: the periodogram of ViewPhotons' samples (pbrt-v4's
// pspec), frequencies -spectrumHalf..spectrumHalf each way, DC in the
// centre, log scale (white noise mid grey).
const ViewSpectrum = "spectrum"

// spectrumHalf: the spectrum's frequencies -spectrumHalf..spectrumHalf
// each way; maxSpectrumPoints bounds its samples: it costs points x 129^2
// complex products.
const (
	spectrumHalf      = 64
	maxSpectrumPoints = 1 << 16
)

// Spectrum is the power spectrum of the photon views' samples with its
// radial average; its periodogram costs points x its frequencies, so it
// takes fewer points than the others.
var Spectrum = &View{
	Name:         ViewSpectrum,
	Doc:          "the power spectrum of the photons view's samples and its radial average (pbrt-v4's pspec; --csv writes it)",
	Options:      []Option{OptPoints, OptDecision},
	Points:       4096,
	MaxPoints:    maxSpectrumPoints,
	WindowPoints: 1 << 12,
	Photons:      true,
	Shape:        photonShape,
	Draw:         func(l Look, sp rng.Spec, s Sample) Looked { return l.spectrum(sp, s.Values) },
	Title: func(l Look, _ string) string {
		return fmt.Sprintf("power spectrum of the photon pass's %s, %d photons, frequencies -%d..%d, and its radial average, seed %d", l.photonWords(), l.Points, spectrumHalf, spectrumHalf, l.Seed)
	},
	Caption: func(_ Look, lk Looked) string { return fmt.Sprintf("(low-frequency power %.2f)", lk.LowPower) },
	Panel: func(l Look, lk Looked, title string) *plot.Plot {
		top := lk.Image.SubImage(image.Rect(0, 0, l.Size, l.Size))
		h := spectrumHalf + 0.5
		return imageio.ImagePanel(top, -h, h, -h, h, title, "frequency kx", "frequency ky")
	},
	Extras: func(_ Look, looked []Looked) imageio.PanelFigure {
		return imageio.PanelFigure{Side: spectrumBar(), SideW: spectrumBarW, Bottom: radialPlot(looked), BottomH: spectrumRadial}
	},
	CSV:    WriteRadialCSV,
	CSVDoc: "radial averages",
}

// spectrum is the periodogram of the photon samples v with its radial
// average plotted below it.
func (l Look) spectrum(sp rng.Spec, v []uint32) Looked {
	n := len(v) / 2
	xs, ys := make([]float64, n), make([]float64, n)
	for i := range xs {
		xs[i], ys[i] = float64(math.Float32frombits(v[2*i])), float64(math.Float32frombits(v[2*i+1]))
	}
	p := periodogram(xs, ys, spectrumHalf)
	low, k := 0.0, 0
	for ky := -8; ky <= 8; ky++ {
		for kx := -8; kx <= 8; kx++ {
			if kx != 0 || ky != 0 {
				low += p[(ky+spectrumHalf)*(2*spectrumHalf+1)+kx+spectrumHalf]
				k++
			}
		}
	}
	radial := radialAverage(p, spectrumHalf)
	top := spectrumImage(p, spectrumHalf, l.Size)
	plot := imageio.RadialPlot(radial, l.Size, l.Size/2)
	img := image.NewNRGBA(image.Rect(0, 0, l.Size, l.Size+plot.Rect.Dy()))
	draw.Draw(img, top.Rect, top, image.Point{}, draw.Src)
	draw.Draw(img, plot.Rect.Add(image.Pt(0, l.Size)), plot, image.Point{}, draw.Src)
	return Looked{Spec: sp, Image: img, Shown: n, Points: n, LowPower: low / float64(k), Radial: radial}
}

// periodogram is the power spectrum of a 2-D point set as pbrt-v4's pspec
// computes it: P(k) = |sum_j exp(-2 pi i k.x_j)|^2 / N for the integer
// frequencies k in [-half, half]^2, row-major from (-half, -half). White
// noise has P near 1 at every k != 0; a lattice puts its power on a few
// peaks; stratified points have little power at low frequencies. P(0) = N.
func periodogram(xs, ys []float64, half int) []float64 {
	n := 2*half + 1
	sum := make([]complex128, n*n)
	for j := range xs {
		// exp(-2 pi i (kx x + ky y)) for kx, ky from -half: steps of one
		// rotation each, started at the lowest frequency.
		stepX := cmplx.Exp(complex(0, -2*math.Pi*xs[j]))
		stepY := cmplx.Exp(complex(0, -2*math.Pi*ys[j]))
		rowStart := cmplx.Exp(complex(0, 2*math.Pi*float64(half)*(xs[j]+ys[j])))
		for ky := 0; ky < n; ky++ {
			e := rowStart
			row := sum[ky*n : (ky+1)*n]
			for kx := range row {
				row[kx] += e
				e *= stepX
			}
			rowStart *= stepY
		}
	}
	p := make([]float64, n*n)
	for i, s := range sum {
		p[i] = real(s)*real(s) + imag(s)*imag(s)
		p[i] /= float64(len(xs))
	}
	return p
}

// spectrumImage draws a periodogram, log scale: P = 0.1 black, 10 white,
// white noise (P near 1) mid grey; DC in the centre.
func spectrumImage(p []float64, half, size int) *image.NRGBA {
	n := 2*half + 1
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			v := p[(n-1-y*n/size)*n+x*n/size]
			g := math.Max(0, math.Min(1, (math.Log10(v)+1)/2))
			c := uint8(255*g + 0.5)
			img.SetNRGBA(x, y, color.NRGBA{c, c, c, 255})
		}
	}
	return img
}

// radialAverage is the periodogram p's mean power over rings around DC,
// as pbrt-v4's pspec takes it: frequency (kx, ky) falls in ring
// floor(sqrt(kx^2 + ky^2)), DC left out, rings 1 .. half-1 kept (the
// corners beyond are not whole rings). Element f-1 is ring f.
func radialAverage(p []float64, half int) []float64 {
	n := 2*half + 1
	sum, count := make([]float64, half), make([]int, half)
	for ky := -half; ky <= half; ky++ {
		for kx := -half; kx <= half; kx++ {
			ring := int(math.Sqrt(float64(kx*kx + ky*ky)))
			if ring == 0 || ring >= half {
				continue
			}
			sum[ring] += p[(ky+half)*n+kx+half]
			count[ring]++
		}
	}
	out := make([]float64, half-1)
	for f := 1; f < half; f++ {
		out[f-1] = sum[f] / float64(count[f])
	}
	return out
}

// WriteRadialCSV writes the spectra's radial averages for tools: a row per
// generator and frequency (generator,frequency,power).
func WriteRadialCSV(path string, looked []Looked) error {
	return imageio.WriteFileAtomic(path, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		cw.Write([]string{"generator", "frequency", "power"})
		for _, lk := range looked {
			for i, p := range lk.Radial {
				cw.Write([]string{lk.Spec.Label(), strconv.Itoa(i + 1), strconv.FormatFloat(p, 'g', 8, 64)})
			}
		}
		cw.Flush()
		return cw.Error()
	})
}

// spectrumBar is the periodogram's grey scale: log10 of the power, 0.1
// black, white noise's 1 mid grey, 10 white (spectrumImage).
func spectrumBar() *plot.Plot {
	strip := image.NewNRGBA(image.Rect(0, 0, 1, 256))
	for y := 0; y < 256; y++ {
		c := uint8(255 - y)
		strip.SetNRGBA(0, y, color.NRGBA{c, c, c, 255})
	}
	p := imageio.ImagePanel(strip, 0, 1, -1, 1, "power", "", "P(k), log scale (white noise 1)")
	p.X.Tick.Marker = plot.ConstantTicks{}
	p.Y.Tick.Marker = plot.ConstantTicks{{Value: -1, Label: "0.1"}, {Value: -0.5, Label: "0.3"}, {Value: 0, Label: "1"}, {Value: 0.5, Label: "3"}, {Value: 1, Label: "10"}}
	return p
}

// radialPlot is every generator's radial average with a legend, pbrt-v4's
// pspec's curve: log10 of the power on a linear axis labelled in powers (a
// gonum log axis squashes its plot under a long title).
func radialPlot(looked []Looked) *plot.Plot {
	p := imageio.NewPanel("radial average of the power spectrum (pbrt-v4's pspec)", "frequency |k| (ring of the periodogram)", "mean power P (white noise 1)")
	p.Legend.Top, p.Legend.Left = false, false
	lo, hi := -0.5, 0.5
	var labels []string
	for _, lk := range looked {
		labels = append(labels, lk.Spec.Label())
	}
	styles := imageio.GeneratorStyles(labels)
	for i, lk := range looked {
		xy := make(plotter.XYs, 0, len(lk.Radial))
		for f, v := range lk.Radial {
			if v > 0 {
				xy = append(xy, plotter.XY{X: float64(f + 1), Y: math.Log10(v)})
				lo, hi = math.Min(lo, math.Log10(v)), math.Max(hi, math.Log10(v))
			}
		}
		if len(xy) == 0 {
			continue
		}
		line, err := plotter.NewLine(xy)
		if err != nil {
			continue
		}
		line.Color, line.Width, line.Dashes = imageio.LineOnWhite(styles[i].Color), vg.Points(2), styles[i].Dashes()
		p.Add(line)
		p.Legend.Add(lk.Spec.Label(), line)
	}
	white := plotter.NewFunction(func(float64) float64 { return 0 })
	white.Color, white.Width, white.Dashes = color.Gray{Y: 100}, vg.Points(1), []vg.Length{vg.Points(1), vg.Points(3)}
	p.Add(white)
	p.Legend.Add("white noise", white)
	p.X.Min, p.X.Max = 0, spectrumHalf
	p.Y.Min, p.Y.Max = math.Floor(lo), math.Ceil(hi)
	var ticks plot.ConstantTicks
	for e := p.Y.Min; e <= p.Y.Max; e++ {
		ticks = append(ticks, plot.Tick{Value: e, Label: imageio.PowerLabel(e)})
	}
	p.Y.Tick.Marker = ticks
	return p
}
