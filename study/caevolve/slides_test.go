package caevolve

import (
	"image"
	"testing"

	"speckle/imageio"
)

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
