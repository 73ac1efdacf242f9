package imageio

import (
	"image"
	"image/color"
	"testing"
)

func TestWithCaptionWrapsBelow(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 200, 50))
	long := "a caption long enough to need more than one line at this width, so that it wraps"
	one, two := WithCaption(img, "short"), WithCaption(img, long)
	if one.Rect.Dx() != 200 || one.Rect.Dy() <= 50 || two.Rect.Dy() <= one.Rect.Dy() {
		t.Errorf("heights: image 50, one line %d, wrapped %d", one.Rect.Dy(), two.Rect.Dy())
	}
	for _, l := range wrap(long, 200-2*montageMargin, captionScale(200)) {
		if w := textSize(l, captionScale(200)).X; w > 200-2*montageMargin {
			t.Errorf("line %q is %d pixels wide", l, w)
		}
	}
}

func TestMagnifyAndOutline(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	img.SetNRGBA(2, 3, color.NRGBA{R: 255, A: 255})
	m := Magnify(img, image.Rect(2, 3, 4, 5), 3)
	if m.Rect != image.Rect(0, 0, 6, 6) || m.NRGBAAt(2, 2).R != 255 || m.NRGBAAt(3, 0).R != 0 {
		t.Errorf("magnified %v: (2,2) %v, (3,0) %v", m.Rect, m.NRGBAAt(2, 2), m.NRGBAAt(3, 0))
	}
	c := color.NRGBA{G: 255, A: 255}
	o := Outline(img, image.Rect(1, 1, 5, 5), c)
	if o.NRGBAAt(1, 1) != c || o.NRGBAAt(4, 3) != c || o.NRGBAAt(2, 3).R != 255 || img.NRGBAAt(1, 1) == c {
		t.Error("the outline is not a frame inside the rectangle on a copy")
	}
}
