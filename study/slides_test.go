package study

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"speckle/imageio"
)

// Every lesson's explain page is a slide, exactly 1920x1080, with its two
// generators' rows labelled in their colours. The pictures are stand-ins
// (no GPU): the layout is what is tested. SPECKLE_SAVE_FIGURES=DIR writes
// them there to look at.
func TestExplainPagesAreSlides(t *testing.T) {
	atRoot(t)
	grey := func(w, h int) *image.NRGBA {
		m := image.NewNRGBA(image.Rect(0, 0, w, h))
		for i := range m.Pix {
			m.Pix[i] = 128
		}
		return m
	}
	for _, l := range Lessons {
		r := ExplainRun{Lesson: l, Numbers: DefaultExplainNumbers, Budget: 1e9}
		specs, err := r.Generators()
		if err != nil {
			t.Fatal(err)
		}
		w, h := r.size()
		gens := []string{specs[0].Label(), specs[len(specs)-1].Label()}
		ex := Explained{Render: LessonResult{Pictures: []*image.NRGBA{grey(w, h), grey(w, h)}},
			Views:    []*image.NRGBA{grey(explainViewSize, explainViewSize), grey(explainViewSize, explainViewSize)},
			ViewText: "draws n and n+2 of one photon", Facts: r.Facts()}
		for _, g := range gens {
			for _, test := range []string{"monobit", "pairs", "gap"} {
				ex.Report.Results = append(ex.Report.Results, TestResult{Generator: g, Test: test, Order: "renderer", P: 0.5, KS: 0.5, Verdict: "PASS"})
			}
		}
		fig := r.figure(ex)
		if fig.Rect != image.Rect(0, 0, imageio.SlideWidth, imageio.SlideHeight) {
			t.Errorf("%s: page %v, want %dx%d", l.Name, fig.Rect.Size(), imageio.SlideWidth, imageio.SlideHeight)
		}
		for _, g := range gens {
			if n := countColour(fig, imageio.GeneratorColor(g)); n < 20 {
				t.Errorf("%s: %d pixels of %s's colour", l.Name, n, g)
			}
		}
		if dir := os.Getenv("SPECKLE_SAVE_FIGURES"); dir != "" {
			imageio.WritePNG(filepath.Join(dir, "explain-"+l.Name+".png"), fig)
		}
	}
}

// ca evolve's montage is at most 1920 pixels wide: the default five shown
// generations and the paper's control, and more.
func TestCAEvolveMontageFitsASlide(t *testing.T) {
	for _, n := range []int{2, 6, 9, 12} {
		var cells []*image.NRGBA
		var labels []string
		for i := 0; i < n; i++ {
			shot := image.NewNRGBA(image.Rect(0, 0, caCellWidth(n), caCellWidth(n)*9/16))
			cells = append(cells, imageio.Captioned([]*image.NRGBA{shot, shot}, []string{"e 0.9999", "rho 0.0123", "K 1,2,3,4", "rule 0x1A2B"}))
			labels = append(labels, "Generation 10")
		}
		m := caMontage(cells, labels, "CA evolution on caustics, 65536 photons above, 1048576 below (fitness 1 e + 1 rho, 8-bit entropy)")
		if w := m.Rect.Dx(); w > imageio.SlideWidth || (n == 6 && w < 1500) {
			t.Errorf("%d columns: montage %d pixels wide, want at most %d (and over 1500 for 6)", n, w, imageio.SlideWidth)
		}
	}
}
