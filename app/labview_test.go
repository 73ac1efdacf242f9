package app

import (
	"image"
	"slices"
	"testing"

	"speckle/rng"
	"speckle/study/look"
)

// A view added to look.Views (a registry line and the view's file, here
// in the test) is in the window's list of lab views, before the battery,
// and the settings it draws with hold only the options it declares: no
// deep zoom or cube for a view without them, its WindowPoints at most.
// Headless: no window, no GL.
func TestLabViewsFromTheRegistry(t *testing.T) {
	blank := &look.View{
		Name:         "blank",
		Doc:          "a blank square (a test's view)",
		Options:      []look.Option{look.OptPoints},
		WindowPoints: 100,
		Shape:        func(l look.Look) (streams, count int) { return 1, l.Points },
		Draw: func(l look.Look, sp rng.Spec, s look.Sample) look.Looked {
			return look.Looked{Spec: sp, Image: image.NewNRGBA(image.Rect(0, 0, l.Size, l.Size))}
		},
	}
	saved := look.Views
	look.Views = append(slices.Clip(look.Views), blank)
	t.Cleanup(func() { look.Views = saved })

	views := labViews()
	if !slices.Equal(views, append(look.ViewNames(), LabBattery)) || views[len(views)-2] != "blank" {
		t.Fatalf("the lab lists %v", views)
	}
	s := LabDefaults()
	s.View, s.Points, s.Scan, s.ZoomZ = "blank", 1<<16, 1<<20, 0.5
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	lk := s.Look(rng.Spec{Gen: rng.All[0]}, 1)
	if lk.View != "blank" || lk.Points != 100 || lk.Scan != 0 || lk.ZoomZ != 0 {
		t.Errorf("blank draws %+v: want 100 points, no scan, no cube", lk)
	}
	if v := s.view(); v != blank || v.Takes(look.OptStream) || !v.Takes(look.OptPoints) {
		t.Errorf("the panel's view is %+v", v)
	}
	s.View = look.ViewTriples
	if lk := s.Look(rng.Spec{Gen: rng.All[0]}, 1); lk.Scan != 1<<20 || lk.ZoomZ != 0.5 || lk.Points != 1<<16 {
		t.Errorf("triples draw %+v: want the scan and the cube", lk)
	}
}
