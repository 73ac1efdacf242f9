package app

import (
	"fmt"
	"image"
	"image/draw"
	"math"
	"os"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/units"
	"speckle/render"
	"speckle/study/lesson"
	"speckle/ui"
)

// ApplyLesson loads a lesson's settings into the panes: scene, camera, size,
// photons per iteration, one pane per generator with the lesson's view,
// and the magnifier pinned on the lesson's region.
func (m *Model) ApplyLesson(l lesson.Lesson) error {
	if err := l.Check(); err != nil {
		return fmt.Errorf("lesson %s: %v", l.Name, err)
	}
	next := *m
	next.S.Mode = ModePhotons
	next.SetScene(l.Scene)
	next.S.Camera = l.Camera
	next.S.Resolution = l.Size
	next.S.Photons = l.PhotonsPerIteration
	specs, err := l.Generators()
	if err != nil {
		return fmt.Errorf("lesson %s: %v", l.Name, err)
	}
	if err := next.SetPanes(specs); err != nil {
		return err
	}
	for i := range l.Specs {
		next.S.Panes[i].View = l.View
	}
	next.S.Focus, next.S.FocusLocked = l.Region.Centre(), true
	next.S.Zoom, next.S.ErrorScale = lesson.LessonZoom, lesson.HeatmapScale
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
	lesson      lesson.Lesson
	capture     *gpu.Texture // the stored GPU picture, loaded when offered
	captureErr  string
	showCapture bool
	explain     explainState
	width       float64    // the window's text width, this frame
	lines       []string   // its text as drawn, wrapped
	rect        [4]float64 // the window as last drawn: the panes keep above it
}

func (s *lessonState) close() {
	s.capture.Delete()
	s.capture, s.captureErr = nil, ""
	s.explain.close()
}

// LoadLesson applies the named lesson and shows its caption.
func (a *App) LoadLesson(name string) error {
	l, err := lesson.LookupLesson(name)
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
	l, err := lesson.LookupLesson(name)
	if err != nil {
		return err
	}
	a.lesson = lessonState{on: true, lesson: l, showCapture: true}
	return nil
}

// panesBottom is where the panes end over a window bottom high: above the
// lesson's window as last drawn, but keeping at least half the height.
func (a *App) panesBottom(bottom, scale float64) float64 {
	if !a.lesson.on || a.lesson.rect[3] <= a.lesson.rect[1] {
		return bottom
	}
	return math.Max(bottom/2, a.lesson.rect[1]-4*scale)
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
		for _, l := range lesson.Lessons {
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
func needsGPU(l lesson.Lesson, rate float64) bool {
	return rate > 0 && float64(l.GPUPhotons) > 60*rate
}

// lessonTextWidth is the lesson's text column in a window content wide:
// about 90 characters at most, less beside a stored capture.
func lessonTextWidth(content, scale float64, beside bool) float64 {
	if beside {
		return math.Min(0.55*content, 640*scale)
	}
	return math.Min(content, 760*scale)
}

// titleColour sets the lesson's title apart from its caption.
var titleColour = imgui.Vec4{X: 1, Y: 0.85, Z: 0.45, W: 1}

// lessonWindow shows the lesson's title and caption under the panes (gui
// keeps them above it) and, where the artifact needs more photons than a
// minute here gives, says so with a crop of the stored GPU capture beside
// the text (under it in a narrow window). The title is text, wrapped like the rest, not the window's
// title bar, which clips.
func (a *App) lessonWindow(x0, x1, bottom float64) {
	if !a.lesson.on {
		return
	}
	l := a.lesson.lesson
	scale := float64(a.platform.ContentScale())
	w := x1 - x0
	imgui.SetNextWindowPosV(vec(x0+w/2, bottom-8*scale), imgui.ConditionAlways, vec(0.5, 1))
	imgui.SetNextWindowSizeConstraints(vec(0, 0), vec(0.96*w, 1e9))
	open := true
	imgui.BeginV("Lesson###lesson", &open, imgui.WindowFlagsAlwaysAutoResize|imgui.WindowFlagsNoCollapse|imgui.WindowFlagsNoSavedSettings|imgui.WindowFlagsNoMove)
	defer imgui.End()
	content := 0.96*w - 2*float64(imgui.CurrentStyle().WindowPadding().X)
	rate := a.panesRate()
	capture := needsGPU(l, rate) && l.Capture != "" && a.lesson.showCapture
	beside := capture && content >= 640*scale // else under the text
	a.lesson.width = lessonTextWidth(content, scale, beside)
	a.lesson.lines = a.lesson.lines[:0]
	imgui.BeginGroup()
	a.lessonText(l.Title, &titleColour)
	a.lessonText(l.Caption, nil)
	a.lessonRate(l, rate)
	a.offerExplain(a.lesson.width, bottom/2)
	imgui.EndGroup()
	switch {
	case beside:
		imgui.SameLine()
		a.showCapture(content-a.lesson.width-2*float64(imgui.CurrentStyle().ItemSpacing().X), bottom/3)
	case capture:
		a.showCapture(content, bottom/4)
	}
	pos, size := imgui.WindowPos(), imgui.WindowSize()
	a.lesson.rect = [4]float64{float64(pos.X), float64(pos.Y), float64(pos.X + size.X), float64(pos.Y + size.Y)}
	if !open {
		a.lesson.close()
		a.lesson.on = false
	}
}

// lessonText draws a paragraph of the lesson window, wrapped at spaces,
// and keeps its lines (the tests read them).
func (a *App) lessonText(text string, c *imgui.Vec4) {
	a.lesson.lines = append(a.lesson.lines, wrappedText(text, a.lesson.width, c)...)
}

// lessonRate says how long the artifact takes at this machine's rate (per
// pane) and, where it takes more than a minute, offers the stored capture.
func (a *App) lessonRate(l lesson.Lesson, rate float64) {
	switch {
	case l.GPUPhotons == 0:
	case rate == 0:
		a.lessonText("Measuring this machine's rate ...", nil)
	case needsGPU(l, rate):
		a.lessonText(fmt.Sprintf("The artifact needs about %s photons per pane; this machine traces %.2g per minute per pane, so it would take about %s here.",
			units.FormatCount(l.GPUPhotons), 60*rate, duration(float64(l.GPUPhotons)/rate)), &errText)
		if l.Capture == "" {
			a.lessonText("No stored GPU capture of it: run speckle lesson "+l.Name+" on a GPU.", nil)
		} else {
			imgui.Checkbox("show the stored GPU capture", &a.lesson.showCapture)
		}
	default:
		a.lessonText(fmt.Sprintf("The artifact needs about %s photons per pane: about %s at this machine's %s/s per pane.",
			units.FormatCount(l.GPUPhotons), duration(float64(l.GPUPhotons)/rate), units.FormatRate(rate)), nil)
	}
}

// showCapture draws the part of the lesson's stored GPU capture that shows
// the artifact, at most width x height, and says what it is.
func (a *App) showCapture(width, height float64) {
	l := &a.lesson
	if l.capture == nil && l.captureErr == "" {
		l.capture, l.captureErr = a.loadCapture(l.lesson.Capture, l.lesson.CaptureCrop)
	}
	imgui.BeginGroup()
	defer imgui.EndGroup()
	if l.captureErr != "" {
		wrappedText(l.captureErr, width, &errText)
		return
	}
	t := l.capture
	s := math.Min(1, math.Min(width/float64(t.Width), height/float64(t.Height)))
	imgui.Image(ui.TextureID(t, false), vec(float64(t.Width)*s, float64(t.Height)*s))
	wrappedText("Stored: "+l.lesson.CaptureShows+" ("+l.lesson.Capture+").", float64(t.Width)*s, &greyText)
}

// loadCapture reads the crop of a stored PNG (all of it if crop is empty)
// into a texture, or says why it cannot. A capture is a large PNG of the
// repository, not built into the binary as the references are: away from the
// repository the window says where it would be.
func (a *App) loadCapture(path string, crop image.Rectangle) (*gpu.Texture, string) {
	found := render.InRepository(path)
	if _, err := os.Stat(found); err != nil {
		return nil, "The stored capture " + path + " is in Speckle's repository, not in the binary: run speckle from the repository's folder, or bin/speckle from anywhere."
	}
	img, err := imageio.ReadPNG(found)
	if err != nil {
		return nil, err.Error()
	}
	if !crop.Empty() {
		if !crop.In(img.Rect) {
			return nil, fmt.Sprintf("%s: the crop %v is outside its %v", path, crop, img.Rect.Size())
		}
		part := image.NewNRGBA(image.Rect(0, 0, crop.Dx(), crop.Dy()))
		draw.Draw(part, part.Rect, img, crop.Min, draw.Src)
		img = part
	}
	return a.newTexture(img)
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
