package lesson

import (
	"image"
	"slices"
	"strings"
	"testing"

	"speckle/render"
	"speckle/rng"
	"speckle/study"
	"speckle/study/look"
)

// The lessons find the lab's views in look.Views: one added there (a
// registry line and the view's file, here in the test) is found and drawn
// in a pass's layout with no edit of the lessons; a name not there is an
// error, and every kind a page draws with a lab view names a view there.
func TestLessonsFindLabViewsInTheRegistry(t *testing.T) {
	blank := &look.View{
		Name:    "blank",
		Doc:     "a blank square (a test's view)",
		Options: []look.Option{look.OptPoints},
		Shape:   func(l look.Look) (streams, count int) { return 1, l.Points },
		Draw: func(l look.Look, sp rng.Spec, s look.Sample) look.Looked {
			return look.Looked{Spec: sp, Image: image.NewNRGBA(image.Rect(0, 0, l.Size, l.Size)), Points: len(s.Values)}
		},
	}
	saved := look.Views
	look.Views = append(slices.Clip(look.Views), blank)
	t.Cleanup(func() { look.Views = saved })

	order := &study.RendererOrder{Scene: "cornell", Pass: render.PhotonPass, Width: 8, Height: 4, Photons: 1024, PerPhoton: render.PhotonPass.DrawsPerPath()}
	l, err := labLook("blank", order)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := rng.ParseSpec("philox")
	if err != nil {
		t.Fatal(err)
	}
	l.Points = 16
	s, err := l.Sample(nil, sp)
	if err != nil {
		t.Fatal(err)
	}
	if lk := l.Draw(sp, s); lk.Points != 16 || lk.Image.Rect.Dx() != explainViewSize {
		t.Fatalf("blank drew %d values on %v", lk.Points, lk.Image.Rect)
	}
	if _, err := labLook("lattice", order); err == nil || !strings.Contains(err.Error(), "blank") {
		t.Errorf("an unknown view: %v", err)
	}
	for kind, name := range labKinds {
		if _, ok := look.FindView(name); !ok {
			t.Errorf("kind %d draws with %q, not in look.Views", kind, name)
		}
	}
}
