package look

import (
	"encoding/csv"
	"image"
	"image/color"
	"io"
	"math"
	"math/cmplx"
	"strconv"

	"speckle/imageio"
)

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
