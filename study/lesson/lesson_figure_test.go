package lesson

import (
	"image"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gonum.org/v1/plot/vg"

	"speckle/imageio"
)

// Every lesson's figure, at its own size with its error history, is a
// slide (exactly imageio.SlideWidth x SlideHeight, 16:9) with each row's
// label in its generator's colour. The cells are the reference with noise:
// what a render looks like, without the GPU. SPECKLE_SAVE_FIGURES=DIR
// writes them there to look at.
func TestLessonFiguresFitASlide(t *testing.T) {
	atRoot(t)
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, l := range Lessons {
		r := LessonRun{Lesson: l, Budget: time.Second}
		setup, ref, _, specs, err := r.checked()
		if err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		images := make([]imageio.Image, len(specs))
		for i := range images {
			images[i] = imageio.Image{W: ref.W, H: ref.H, Pix: append([]float32(nil), ref.Pix...)}
			for k := range images[i].Pix {
				images[i].Pix[k] *= 1 + 0.2*float32(rnd.NormFloat64())
			}
		}
		res := LessonResult{History: historyOf(len(specs), 1<<16, 10)}
		res.LessonStep = res.History[len(res.History)-1]
		fig, err := r.figure(setup, specs, images, *ref, r.Region.Pixels(setup.Width, setup.Height), res)
		if err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		if fig.Rect != image.Rect(0, 0, imageio.SlideWidth, imageio.SlideHeight) {
			t.Errorf("%s: figure %v, want %dx%d", l.Name, fig.Rect.Size(), imageio.SlideWidth, imageio.SlideHeight)
			saveFigure(t, l.Name+"-figure.png", fig)
		}
		for _, sp := range specs {
			if n := countColour(fig, imageio.TextOnDark(imageio.GeneratorColor(sp.Label()))); n < 20 {
				t.Errorf("%s: %d pixels of %s's colour: its row label is not in it", l.Name, n, sp.Label())
				saveFigure(t, l.Name+"-figure.png", fig)
			}
		}
		if dir := os.Getenv("SPECKLE_SAVE_FIGURES"); dir != "" {
			imageio.WritePNG(filepath.Join(dir, l.Name+".png"), fig)
		}
	}
}

// historyOf is n iterations of per photons for gens generators, errors
// falling as the square root of the photons.
func historyOf(gens int, per int64, n int) []LessonStep {
	var out []LessonStep
	for k := 1; k <= n; k++ {
		s := LessonStep{Iterations: k, Photons: per * int64(k), Errors: make([]float64, gens)}
		for i := range s.Errors {
			s.Errors[i] = float64(i+1) / float64(k*k)
		}
		out = append(out, s)
	}
	return out
}

// The inset's photon axis has labelled ticks over the data even when the
// photons span less than a decade (2^16 to 10 x 2^16: plot.LogTicks
// labelled none there), round ones (one digit times a power of ten), and its fonts are as large as the
// montage's labels (18-pixel capitals: 17 points or more).
func TestLessonInsetHasPhotonTicks(t *testing.T) {
	for _, h := range [][]LessonStep{historyOf(2, 1<<16, 10), historyOf(2, 1<<12, 58), historyOf(2, 1<<20, 3)} {
		p := errorHistoryPanel([]string{"ca linear", "philox"}, h, 2)
		lo, hi := float64(h[0].Photons), float64(h[len(h)-1].Photons)
		var labelled []float64
		for _, tk := range p.X.Tick.Marker.Ticks(lo, hi) {
			if tk.Label != "" && tk.Value >= lo && tk.Value <= hi {
				labelled = append(labelled, tk.Value)
			}
		}
		if len(labelled) < 2 || !oneDigit(labelled) {
			t.Errorf("photons %g to %g: labelled ticks %v, want two or more round ones", lo, hi, labelled)
		}
		if p.X.Tick.Label.Font.Size < vg.Points(17) || p.X.Label.TextStyle.Font.Size < vg.Points(17) {
			t.Errorf("inset fonts %v (ticks), %v (label): smaller than the figure's text", p.X.Tick.Label.Font.Size, p.X.Label.TextStyle.Font.Size)
		}
	}
}

// oneDigit reports whether every v is 1 to 9 times a power of ten.
func oneDigit(vs []float64) bool {
	for _, v := range vs {
		m := v / math.Pow(10, math.Floor(math.Log10(v)+1e-12))
		if !(v > 0) || math.Abs(m-math.Round(m)) > 1e-9 {
			return false
		}
	}
	return true
}

// saveFigure keeps a failing figure where the test log says.
func saveFigure(t *testing.T, name string, fig *image.NRGBA) {
	p := filepath.Join(os.TempDir(), "speckle-failed-"+name)
	if err := imageio.WritePNG(p, fig); err == nil {
		t.Logf("figure saved to %s", p)
	}
}
