package lesson

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"speckle/imageio"
	"speckle/study/battery"
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
				ex.Report.Results = append(ex.Report.Results, battery.TestResult{Generator: g, Test: test, Order: "renderer", P: 0.5, KS: 0.5, Verdict: "PASS"})
			}
		}
		fig := r.figure(ex)
		if fig.Rect != image.Rect(0, 0, imageio.SlideWidth, imageio.SlideHeight) {
			t.Errorf("%s: page %v, want %dx%d", l.Name, fig.Rect.Size(), imageio.SlideWidth, imageio.SlideHeight)
		}
		for _, g := range gens {
			if n := countColour(fig, imageio.TextOnDark(imageio.GeneratorColor(g))); n < 20 {
				t.Errorf("%s: %d pixels of %s's colour (as text on dark)", l.Name, n, g)
			}
		}
		if dir := os.Getenv("SPECKLE_SAVE_FIGURES"); dir != "" {
			imageio.WritePNG(filepath.Join(dir, "explain-"+l.Name+".png"), fig)
		}
	}
}
