// Package app is Speckle's interactive window: one scene rendered side by
// side by up to four generators, converging live, with Dear ImGui controls.
// It sees OpenGL only through gpu and the window only through
// ui.Platform and ui.Renderer.
//
// Floor: the window, above the studies and ui in layers_test.go. It may
// import every floor below it (the studies, ui, the renderer, shaders, scenes,
// rng and the leaves: gpu, imageio, assets, internal/...), never cli or main.
package app

import (
	"fmt"
	"io"
	"math"
	"os"
	"sync/atomic"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/gpu"
	"speckle/scenes"
	"speckle/scenes/flow"
	"speckle/ui"
)

// Options are the command line's choices.
type Options struct {
	Settings      Settings // the starting point (loaded, then --panes etc.)
	SettingsPath  string   // where settings persist on exit; "" keeps them
	Headless      bool     // render into an offscreen framebuffer (EGL), no window
	Width, Height int      // window size in screen units
	Frames        int      // stop after this many frames (0: when the window closes)
	Screenshot    string   // write the window to this PNG after the last frame
	VSync         bool
	ShotDir       string // where screenshots go (default ScreenshotDir)
	GL            gpu.Options
	Out           io.Writer // progress and where files went
	Err           io.Writer // what went wrong (default os.Stderr)
	// Lesson names a lesson whose settings Settings already hold (Model.
	// ApplyLesson, speckle app --lesson): its caption shows over the panes.
	Lesson string

	// SettingsLoadErr is why the file at SettingsPath failed to load, if it
	// did: it is then left as it is (Settings.SaveKeeping).
	SettingsLoadErr error
}

// App is the running window.
type App struct {
	ctx      *gpu.Context
	platform ui.Platform
	renderer ui.Renderer
	// largeFont is the plot's: 22 pixels (times the content scale).
	largeFont imgui.Font
	imgui     *imgui.Context
	opts      Options
	Model     *Model
	// OnFrame, if set, hears the number of frames drawn after each (Run).
	OnFrame func(frames int)
	stop    atomic.Bool

	scene    *scenes.Scene
	sceneKey string
	field    flow.Field // the streamline mode's
	fieldKey string
	lineMax  float32 // the streamline panes' shared colour scale
	panes    [MaxPanes]*pane
	ref      *gpu.Texture // the reference radiance, RGBA32F, or nil
	refKey   string
	refNote  string // where the reference came from, or why there is none
	photons  int    // photons per iteration in force
	lesson   lessonState

	frames               int
	step, shot           bool
	toast                string
	toastUntil           time.Time
	fps                  frameRate // frames over the last seconds, as --bench counts
	photonsFrame         int64     // all panes, last frame
	showControls         bool
	sceneFile, fieldFile string
	uiErr                string
	dragging             bool
	dragPane             int                  // the lab: the pane a drag started on
	dragFrom             imgui.Vec2           // and where
	imageRects           [MaxPanes][4]float64 // each pane's picture on screen, last frame
	plotted              plotBoxes            // the plot's layout, last frame
	hovered              int                  // pane under the mouse, -1 none
	headless             *ui.Headless
	lastWindowPNG        string
	started              time.Time
	edit                 editBuffer
	widgets              map[string][2]imgui.Vec2 // deferred widgets' rectangles, by label (tests)
	optionErrs           map[int]string           // per pane: the last option value refused
	evolution            evolution                // the CA evolution section (caevolve.go)

	// kept is the settings' scene (and camera) and field that failed to load this run: saved
	// as they were while the fallback is shown, so the user's value is not lost.
	kept keptInputs
}

// New opens the window (or the headless framebuffer) and the GPU context.
func New(o Options) (*App, error) {
	if o.Out == nil {
		o.Out = os.Stdout
	}
	if o.Err == nil {
		o.Err = os.Stderr
	}
	if o.ShotDir == "" {
		o.ShotDir = ScreenshotDir
	}
	if o.Width == 0 {
		o.Width, o.Height = 1600, 900
	}
	if err := o.Settings.Check(); err != nil {
		return nil, err
	}
	a := &App{opts: o, Model: NewModel(o.Settings), showControls: true, hovered: -1, evolution: newEvolution()}
	if err := a.showLesson(o.Lesson); err != nil {
		return nil, err
	}
	a.imgui = imgui.CreateContext(nil)
	io := imgui.CurrentIO()
	io.SetIniFilename("") // the app keeps its own settings file
	ok := false
	defer func() {
		if !ok {
			a.Close()
		}
	}()
	var err error
	if o.Headless {
		if a.ctx, err = gpu.Open(o.GL); err != nil {
			return nil, err
		}
		if a.headless, err = ui.NewHeadless(a.ctx, o.Width, o.Height, time.Second/60); err != nil {
			return nil, err
		}
		a.platform = a.headless
	} else {
		var w *ui.GLFW
		if w, a.ctx, err = ui.NewGLFW("Speckle", o.Width, o.Height, o.GL); err != nil {
			return nil, err
		}
		w.SetSwapInterval(map[bool]int{true: 1}[o.VSync])
		a.platform = w
	}
	scale := a.platform.ContentScale()
	r, err := ui.NewRenderer(a.ctx, 15*scale)
	if err != nil {
		return nil, err
	}
	a.renderer = r // not before: a nil *ImguiRenderer would be a non-nil Renderer
	a.largeFont = r.LargeFont()
	imgui.CurrentStyle().ScaleAllSizes(ui.UIScale(a.platform))
	a.started = time.Now()
	ok = true
	return a, nil
}

// Close frees everything; settings persist if a path was given.
func (a *App) Close() {
	for i, p := range a.panes {
		if p != nil {
			p.close()
			a.panes[i] = nil
		}
	}
	a.ref.Delete()
	a.lesson.close()
	if a.renderer != nil {
		a.renderer.Dispose()
	}
	if a.platform != nil {
		a.platform.Dispose()
	}
	if a.imgui != nil {
		a.imgui.Destroy()
	}
	if a.ctx != nil && a.opts.Headless {
		a.ctx.Close()
	}
}

// SaveSettings writes the settings where they persist, if anywhere; note
// says where they went when that is not SettingsPath.
func (a *App) SaveSettings() (note string, err error) {
	if a.opts.SettingsPath == "" {
		return "", nil
	}
	return a.toSave().SaveKeeping(a.opts.SettingsPath, a.opts.SettingsLoadErr)
}

// Run draws frames until the window closes or Frames are done, then writes
// the screenshot asked for.
func (a *App) Run() error {
	for !a.platform.ShouldStop() && !a.stop.Load() && (a.opts.Frames == 0 || a.frames < a.opts.Frames) {
		last := a.opts.Frames > 0 && a.frames == a.opts.Frames-1
		if last && a.opts.Screenshot != "" {
			a.lastWindowPNG = a.opts.Screenshot
		}
		if err := a.Frame(); err != nil {
			return err
		}
		if a.OnFrame != nil {
			a.OnFrame(a.frames)
		}
	}
	return nil
}

// Stop ends Run after the frame in progress (from any goroutine: Ctrl-C).
func (a *App) Stop() { a.stop.Store(true) }

// Context is the app's OpenGL context.
func (a *App) Context() *gpu.Context { return a.ctx }

// Frame advances the renders by one time budget and draws one frame.
func (a *App) Frame() error {
	now := time.Now()
	a.fps.tick(now)
	a.platform.ProcessEvents()
	// Changes the UI made last frame take effect before anything is drawn,
	// so no draw command names a texture that was replaced.
	if err := a.syncScene(); err != nil {
		return err
	}
	a.syncPanes()
	a.stepEvolution()
	if err := a.work(); err != nil {
		return err
	}
	if a.Model.S.Mode == ModeStreamlines {
		var err error
		if a.lineMax, err = a.sharedLineScale(); err != nil {
			return err
		}
	}
	for i := 0; i < a.Model.Visible(); i++ {
		p := a.panes[i]
		if p.err == nil {
			var err error
			if a.Model.S.Mode == ModeStreamlines {
				err = p.refreshLines(a.Model, a.lineMax)
			} else {
				err = p.refresh(a.Model, i, a.ref)
			}
			if err != nil {
				p.err = err
			}
		}
		p.measure(now)
	}
	a.platform.NewFrame()
	imgui.NewFrame()
	a.gui()
	imgui.Render()
	a.renderer.PreRender([3]float32{0.08, 0.08, 0.09})
	a.renderer.Render(a.platform.DisplaySize(), a.platform.FramebufferSize(), imgui.RenderedDrawData())
	if a.shot {
		a.shot = false
		a.screenshot()
	}
	a.explainAsked() // renders and tests: after the frame, as a screenshot
	if a.lastWindowPNG != "" {
		path := a.lastWindowPNG
		a.lastWindowPNG = ""
		if err := a.writeWindow(path); err != nil {
			return err
		}
		fmt.Fprintf(a.opts.Out, "wrote %s\n", path)
	}
	a.platform.PostRender()
	a.frames++
	return nil
}

func (a *App) syncPanes() {
	for i := 0; i < a.Model.Visible(); i++ {
		if a.panes[i] == nil {
			a.panes[i] = &pane{}
		}
		p := a.panes[i]
		p.sync(a.ctx, a.Model, i, a.scene, a.field, a.photons)
		if !p.warned && p.err == nil {
			for _, w := range p.warnings {
				a.warn("pane %d: warning: %s", i+1, w)
			}
			p.warned = true
		}
		if p.sppm != nil && p.periodAt > 0 && !p.periodWarned && p.Photons() >= p.periodAt {
			a.warn("pane %d: warning: %s has drawn past its period: %d photons at %d an iteration reuse states for certain", i+1, a.Model.S.Panes[i].Generator, p.periodAt, a.photons)
			p.periodWarned = true
		}
	}
}

// minChunk and minLineChunk keep dispatches from becoming too small to be
// worth it (photons; streamlines, each up to MaxSteps steps).
const (
	minChunk     = 1024
	minLineChunk = 256
)

// work spends the frame budget on photons, shared among the visible panes by
// their measured speed, so a slow GPU still draws the UI smoothly.
func (a *App) work() error {
	if a.Model.Paused && !a.step {
		a.photonsFrame = 0
		return nil
	}
	stepping := a.step
	a.step = false
	share := float64(a.Model.S.BudgetMS) / 1000 / float64(a.Model.Visible())
	var total int64
	for i := 0; i < a.Model.Visible(); i++ {
		p := a.panes[i]
		if p.err == nil && p.lines != nil {
			n := p.lineChunk(share)
			before := p.Photons()
			if err := p.traceLines(a.ctx, n, share); err != nil {
				p.err = err
			}
			total += p.Photons() - before
			continue
		}
		if p.err != nil || p.sppm == nil {
			continue
		}
		n := minChunk
		if p.rate > 0 {
			n = int(math.Min(p.rate*share, float64(4*a.photons)))
		}
		if stepping { // one whole iteration
			n = a.photons - p.sppm.InFlight()
		}
		n = max(n, minChunk)
		before := p.Photons()
		if err := p.trace(a.ctx, n); err != nil {
			p.err = err
			continue
		}
		total += p.Photons() - before
	}
	a.photonsFrame = total
	return nil
}

// notify shows a message for a few seconds, and says it on stdout.
func (a *App) notify(format string, args ...any) { a.toastTo(a.opts.Out, format, args...) }

// toastTo shows a message for a few seconds and writes it to w.
func (a *App) toastTo(w io.Writer, format string, args ...any) {
	a.toast = fmt.Sprintf(format, args...)
	a.toastUntil = time.Now().Add(4 * time.Second)
	fmt.Fprintln(w, a.toast)
}

// Stats is what a script or benchmark reads after running.
type Stats struct {
	Frames  int
	Seconds float64
	Unit    string // what PaneStats.Photons counts: photons, streamlines or points (lab)
	// Recent is frames per second over the last frameRateWindow, as the
	// controls show it.
	Recent float64
	Panes  []PaneStats
}

// PaneStats is one pane's state.
type PaneStats struct {
	Label      string
	Photons    int64
	Iterations int
	RMSE       float64
	Err        error
}

// unit is what a pane's work counts in the mode: photons, streamlines or
// the lab's points drawn.
func (a *App) unit() string {
	switch a.Model.S.Mode {
	case ModeStreamlines:
		return "streamlines"
	case ModeLab:
		return "points"
	}
	return "photons"
}

// Stats reports frames, time and each visible pane.
func (a *App) Stats() Stats {
	st := Stats{Frames: a.frames, Seconds: time.Since(a.started).Seconds(), Unit: a.unit(), Recent: a.fps.perSecond()}
	for i := 0; i < a.Model.Visible(); i++ {
		ps := PaneStats{Label: paneLabel(a.Model.S.Panes[i])}
		if p := a.panes[i]; p != nil {
			ps.Photons, ps.RMSE, ps.Err = p.Photons(), p.RMSE, p.err
			if p.sppm != nil {
				ps.Iterations = p.sppm.Iterations
			}
		}
		st.Panes = append(st.Panes, ps)
	}
	return st
}
