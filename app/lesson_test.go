package app

import (
	"os"
	"testing"
	"time"

	"speckle/study/lesson"
)

// Every lesson's settings load into the model and validate: its panes, views,
// scene, size and pinned focus.
func TestEveryLessonLoads(t *testing.T) {
	for _, l := range lesson.Lessons {
		m := NewModel(Defaults())
		m.S.Camera = nil
		if err := m.ApplyLesson(l); err != nil {
			t.Errorf("%s: %v", l.Name, err)
			continue
		}
		if err := m.S.Check(); err != nil {
			t.Errorf("%s: the loaded settings do not check: %v", l.Name, err)
		}
		if m.S.Scene != l.Scene || m.S.Resolution != l.Size || m.S.Photons != l.PhotonsPerIteration || m.Visible() != len(l.Specs) ||
			m.S.Mode != ModePhotons || !m.S.FocusLocked || m.S.Focus != l.Region.Centre() {
			t.Errorf("%s: loaded %+v", l.Name, m.S)
		}
		for i, spec := range l.Specs {
			p := m.S.Panes[i]
			if sp, ok := p.Spec(); !ok || sp.String() != spec || p.View != l.View {
				t.Errorf("%s: pane %d is %s (%s), want %s (%s)", l.Name, i+1, paneLabel(p), p.View, spec, l.View)
			}
		}
	}
}

// A bad lesson changes nothing.
func TestApplyLessonRefusesWhole(t *testing.T) {
	m := NewModel(Defaults())
	l := lesson.Lessons[0]
	l.Specs = []string{"philox", "nope"}
	if err := m.ApplyLesson(l); err == nil {
		t.Fatal("a lesson with an unknown generator loaded")
	}
	if m.S.Scene != Defaults().Scene || m.S.Panes[0].Generator != Defaults().Panes[0].Generator || m.S.FocusLocked {
		t.Errorf("a refused lesson changed the settings: %+v", m.S)
	}
}

func TestNeedsGPU(t *testing.T) {
	l := lesson.Lesson{GPUPhotons: 1e9}
	if !needsGPU(l, 1e5) || needsGPU(l, 1e8) || needsGPU(l, 0) || needsGPU(lesson.Lesson{}, 1e5) {
		t.Error("needsGPU: want true only where a minute at the rate traces fewer photons than the lesson needs")
	}
}

// The window loads a lesson from its menu's entry point: the panes take its
// settings and render, the caption shows, and where llvmpipe is too slow
// for the artifact the stored GPU capture is loaded beside the panes.
func TestWindowLoadsALesson(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	os.Chdir("..") // the stored captures are under the repository root
	defer os.Chdir(wd)
	a := newSizedApp(t, testSettings(), 1600, 900) // the window's default size: room for panes and lesson
	frames(t, a, 2)
	onGL(t, func() error { return a.LoadLesson("ca-bands") })
	if a.Lesson() != "ca-bands" || a.Model.S.Scene != "caustics" || a.Model.Visible() != 2 || a.Model.S.Panes[0].Generator != "ca" {
		t.Fatalf("lesson %q, scene %s, %d panes, pane 1 %s", a.Lesson(), a.Model.S.Scene, a.Model.Visible(), a.Model.S.Panes[0].Generator)
	}
	a.Model.S.Resolution, a.Model.S.Photons = "160x90", 1<<12 // small enough for llvmpipe
	for start := time.Now(); a.lesson.capture == nil && a.lesson.captureErr == "" && time.Since(start) < 20*time.Second; {
		frames(t, a, 1)
	}
	if a.lesson.captureErr != "" || a.lesson.capture == nil {
		t.Fatalf("the stored capture was not offered: %q (rate %g photons/s per pane)", a.lesson.captureErr, a.panesRate())
	}
	frames(t, a, 1) // the capture drawn
	checkLessonWindow(t, a)
	if got := photons(a); got[0] == 0 || got[1] == 0 {
		t.Errorf("the lesson's panes traced %v photons", got)
	}
	var bad error
	onGL(t, func() error { bad = a.LoadLesson("nope"); return nil })
	if bad == nil || a.Lesson() != "ca-bands" {
		t.Errorf("an unknown lesson: %v, lesson now %q", bad, a.Lesson())
	}
}
