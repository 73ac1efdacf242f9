package scenes

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
)

// go test ./scenes -run Preview -preview DIR writes a small CPU path-traced
// picture of every built-in (and the analytic image of the analytic ones)
// into DIR, for looking at the scenes; it proves nothing.
var (
	previewDir  = flag.String("preview", "", "write CPU previews of the built-in scenes into this directory")
	previewOnly = flag.String("preview-scene", "", "preview only this built-in")
	previewPT   = flag.Bool("preview-pt", false, "also path trace (slow)")
)

func TestPreview(t *testing.T) {
	if *previewDir == "" {
		t.Skip("no -preview DIR")
	}
	const w, h, spp = 320, 180, 256
	for _, name := range Names() {
		if *previewOnly != "" && name != *previewOnly {
			continue
		}
		s, err := Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		if s.Analytic() {
			writePreview(t, filepath.Join(*previewDir, name+"-analytic.png"), s.AnalyticImage(w, h, 2), w, h, s.Exposure)
		}
		if *previewPT {
			writePreview(t, filepath.Join(*previewDir, name+"-pt.png"), pathTrace(s, w, h, spp), w, h, s.Exposure)
		}
		lt, _ := lightTrace(s, w, h, 100*w*h, 1)
		img := make([]float32, len(lt))
		for i, x := range lt {
			img[i] = float32(x)
		}
		writePreview(t, filepath.Join(*previewDir, name+"-lt.png"), img, w, h, s.Exposure)
	}
}

func writePreview(t *testing.T, path string, img []float32, w, h int, exposure float32) {
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	srgb := func(x float32) uint8 {
		v := float64(x * exposure)
		v = math.Max(0, math.Min(1, v))
		if v <= 0.0031308 {
			v *= 12.92
		} else {
			v = 1.055*math.Pow(v, 1/2.4) - 0.055
		}
		return uint8(v*255 + 0.5)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			k := 4 * (y*w + x)
			out.Set(x, y, color.RGBA{srgb(img[k]), srgb(img[k+1]), srgb(img[k+2]), 255})
		}
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, out); err != nil {
		t.Fatal(err)
	}
}

// pathTrace is a plain CPU path tracer (no light sampling: caustics come
// out, slowly) for previews.
func pathTrace(s *Scene, w, h, spp int) []float32 {
	img := make([]float32, 4*w*h)
	forRows(h, func(y int) {
		rng := rand.New(rand.NewSource(int64(y)))
		for x := 0; x < w; x++ {
			var sum [3]float64
			for i := 0; i < spp; i++ {
				o, d := s.Camera.Ray(float32(x)+rng.Float32(), float32(y)+rng.Float32(), w, h)
				sum = add64(sum, tracePath(s, to64(o), to64(d), rng))
			}
			k := 4 * (y*w + x)
			for c := 0; c < 3; c++ {
				img[k+c] = float32(sum[c] / float64(spp))
			}
			img[k+3] = 1
		}
	})
	return img
}

func tracePath(s *Scene, o, d [3]float64, rng *rand.Rand) [3]float64 {
	beta := [3]float64{1, 1, 1}
	for depth := 0; depth < 12; depth++ {
		hh := s.intersect(o, d)
		if hh.kind == hitNone {
			return [3]float64{}
		}
		m := s.Materials[hh.mat]
		c := to64(m.Color)
		n := hh.n
		cosi := -dot64(d, n)
		switch m.Kind {
		case Light:
			if cosi > 0 {
				return [3]float64{beta[0] * c[0], beta[1] * c[1], beta[2] * c[2]}
			}
			return [3]float64{}
		case Diffuse:
			if cosi < 0 {
				n = scale64(n, -1)
			}
			d = cosineDir(n, rng)
		default:
			d = specular(m, d, n, rng)
		}
		beta = [3]float64{beta[0] * c[0], beta[1] * c[1], beta[2] * c[2]}
		o = add64(hh.pos, scale64(d, 1e-6))
	}
	return [3]float64{}
}
