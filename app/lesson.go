package app

import (
	"fmt"
	"math"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/gpu"
	"speckle/internal/units"
	"speckle/render"
	"speckle/study"
	"speckle/ui"
)

// ApplyLesson loads a lesson's settings into the panes: scene, camera, size,
// photons per iteration, one pane per generator with the lesson's view,
// and the magnifier pinned on the lesson's region.
func (m *Model) ApplyLesson(l study.Lesson) error {
	if err := l.Check(); err != nil {
		return fmt.Errorf("lesson %s: %v", l.Name, err)
	}
	next := *m
	next.S.Mode = ModePhotons
	next.SetScene(l.Scene)
	next.S.Camera = l.Camera
	next.S.Resolution = l.Size
	next.S.Photons = l.PhotonsPerIteration
	if err := next.SetPanes(l.Specs); err != nil {
		return err
	}
	for i := range l.Specs {
		next.S.Panes[i].View = l.View
	}
	next.S.Focus, next.S.FocusLocked = l.Region.Centre(), true
	next.S.Zoom, next.S.ErrorScale = study.LessonZoom, study.HeatmapScale
	if err := next.S.Check(); err != nil {
		return fmt.Errorf("lesson %s: %v", l.Name, err)
	}
	*m = next
	m.Reset()
	return nil
}

// lessonState is the lesson the window shows, and its stored capture.
type lessonState struct {
	on          bool
	lesson      study.Lesson
	capture     *gpu.Texture // the stored GPU picture, loaded when offered
	captureErr  string
	showCapture bool
	explain     explainState
}

func (s *lessonState) close() {
	s.capture.Delete()
	s.capture, s.captureErr = nil, ""
	s.explain.close()
}

// LoadLesson applies the named lesson and shows its caption.
func (a *App) LoadLesson(name string) error {
	l, err := study.LookupLesson(name)
	if err != nil {
		return err
	}
	if err := a.Model.ApplyLesson(l); err != nil {
		return err
	}
	return a.showLesson(name)
}

// showLesson shows the named lesson's caption ("": none).
func (a *App) showLesson(name string) error {
	a.lesson.close()
	a.lesson.on = false
	if name == "" {
		return nil
	}
	l, err := study.LookupLesson(name)
	if err != nil {
		return err
	}
	a.lesson = lessonState{on: true, lesson: l, showCapture: true}
	return nil
}

// Lesson is the name of the lesson shown, or "".
func (a *App) Lesson() string {
	if !a.lesson.on {
		return ""
	}
	return a.lesson.lesson.Name
}

// lessonMenu is the sidebar's Lessons menu.
func (a *App) lessonMenu() {
	if !imgui.BeginMenuBar() {
		return
	}
	if imgui.BeginMenu("Lessons") {
		for _, l := range study.Lessons {
			if imgui.MenuItemV(l.Title, "", a.Lesson() == l.Name, true) {
				if err := a.LoadLesson(l.Name); err != nil {
					a.notify("%v", err)
				}
			}
		}
		if a.lesson.on {
			imgui.Separator()
			if imgui.MenuItem("Close the lesson") {
				a.lesson.close()
				a.lesson.on = false
			}
		}
		imgui.EndMenu()
	}
	imgui.EndMenuBar()
}

// panesRate is the photons per second per pane the window traces now (the
// slowest visible pane's), 0 while unknown.
func (a *App) panesRate() float64 {
	rate := math.Inf(1)
	for i := 0; i < a.Model.Visible(); i++ {
		p := a.panes[i]
		if p == nil || p.WallRate <= 0 {
			return 0
		}
		rate = math.Min(rate, p.WallRate)
	}
	return rate
}

// needsGPU says whether the lesson's artifact needs more photons per pane
// than this machine traces in a minute, at rate photons per second per pane.
func needsGPU(l study.Lesson, rate float64) bool {
	return rate > 0 && float64(l.GPUPhotons) > 60*rate
}

// lessonWindow shows the lesson's caption over the panes' bottom edge and,
// where the artifact needs more photons than a minute here gives, says so
// and offers the stored GPU capture beside the live panes.
func (a *App) lessonWindow(x0, x1, bottom float64) {
	// The capture takes at most a third of the window's height, so the live
	// panes stay in view beside it.
	if !a.lesson.on {
		return
	}
	l := a.lesson.lesson
	scale := float64(a.platform.ContentScale())
	w := x1 - x0
	imgui.SetNextWindowPosV(vec(x0+w/2, bottom-8*scale), imgui.ConditionAlways, vec(0.5, 1))
	imgui.SetNextWindowSizeConstraints(vec(0, 0), vec(w*0.9, 1e9))
	open := true
	imgui.BeginV("Lesson: "+l.Title, &open, imgui.WindowFlagsAlwaysAutoResize|imgui.WindowFlagsNoCollapse|imgui.WindowFlagsNoSavedSettings|imgui.WindowFlagsNoMove)
	defer imgui.End()
	imgui.PushTextWrapPos()
	imgui.Text(l.Caption)
	rate := a.panesRate()
	switch {
	case l.GPUPhotons == 0:
	case rate == 0:
		imgui.Text("Measuring this machine's rate ...")
	case needsGPU(l, rate):
		warn(fmt.Sprintf("The artifact needs about %s photons per pane; this machine traces %.2g per minute per pane, so it would take about %s here.",
			units.FormatCount(l.GPUPhotons), 60*rate, duration(float64(l.GPUPhotons)/rate)))
		a.offerCapture(w*0.5, bottom/3)
	default:
		imgui.Text(fmt.Sprintf("The artifact needs about %s photons per pane: about %s at this machine's %s/s per pane.",
			units.FormatCount(l.GPUPhotons), duration(float64(l.GPUPhotons)/rate), units.FormatRate(rate)))
	}
	a.offerExplain(w*0.85, bottom/2)
	imgui.PopTextWrapPos()
	if !open {
		a.lesson.close()
		a.lesson.on = false
	}
}

// offerCapture shows the lesson's stored GPU capture, at most width x
// height.
func (a *App) offerCapture(width, height float64) {
	l := &a.lesson
	if l.lesson.Capture == "" {
		imgui.Text("No stored GPU capture of it: run speckle lesson " + l.lesson.Name + " on a GPU.")
		return
	}
	imgui.Checkbox("show the stored GPU capture ("+l.lesson.Capture+")", &l.showCapture)
	if !l.showCapture {
		return
	}
	if l.capture == nil && l.captureErr == "" {
		l.capture, l.captureErr = a.loadCapture(l.lesson.Capture)
	}
	if l.captureErr != "" {
		warn(l.captureErr)
		return
	}
	t := l.capture
	s := math.Min(1, math.Min(width/float64(t.Width), height/float64(t.Height)))
	imgui.Image(ui.TextureID(t, false), vec(float64(t.Width)*s, float64(t.Height)*s))
}

// loadCapture reads a stored PNG into a texture, or says why it cannot.
func (a *App) loadCapture(path string) (*gpu.Texture, string) {
	return a.loadTexture(render.InRepository(path))
}

// warn is a line of text in the error colour.
func warn(s string) {
	imgui.PushStyleColor(imgui.StyleColorText, errText)
	imgui.Text(s)
	imgui.PopStyleColor()
}

// duration says seconds in the unit that reads best.
func duration(s float64) string {
	switch {
	case s < 90:
		return fmt.Sprintf("%.0f s", s)
	case s < 90*60:
		return fmt.Sprintf("%.0f minutes", s/60)
	case s < 48*3600:
		return fmt.Sprintf("%.1f hours", s/3600)
	}
	return fmt.Sprintf("%.0f days", s/86400)
}
