package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/spf13/cobra"

	"speckle/app"
	"speckle/imageio"
	"speckle/internal/numcheck"
	"speckle/internal/units"
	"speckle/rng"
	"speckle/scenes"
	"speckle/scenes/flow"
	"speckle/study/lesson"
	"speckle/ui"
)

// appOptions are the window's flags; empty values keep the saved settings.
type appOptions struct {
	panes                         []rng.Spec
	scene, mode, field            string
	size, perIter                 string
	views, focus, lesson          string
	zoom, errorScale              float64
	windowSize, settings, shot    string
	frames                        int
	budget                        float64
	headless, fresh, vsync, bench bool
	gl                            glFlags
}

func newAppCmd() *cobra.Command {
	var o appOptions
	c := &cobra.Command{
		Use:   "app [flags]",
		Short: "the interactive window: panes of generators converging side by side",
		Long: `The interactive window: one scene (or flow field), up to four generators
side by side, converging live; or, with --mode lab, each generator's own
numbers in one of rng look's views. Keys: Space pause, N step, R reset,
S screenshot, 1/2/4 panes, C controls, H help. Plain "speckle" opens it
when there is a display; "speckle --frames 10 ..." passes its flags here.
The Lessons menu (or --lesson NAME) loads a curated comparison that shows
one generator's artifact, with a caption (see speckle lesson).

Settings persist in ` + app.DefaultSettingsPath() + ` (scripted runs with
--frames keep none unless --settings names a file); a flag overrides the
saved setting for this run and is saved with it.`,
		Example: `  speckle app --panes rand48,lehmer,ca,philox
  speckle app --panes philox,philox:seed=2 --size 960x540
  speckle app --mode streamlines --field dem --panes lehmer:lehmer-seeding=slm,pcg32
  speckle app --mode lab --panes rand48,lehmer,ca,philox
  speckle app --headless --frames 100 --screenshot shot.png --panes ca:ca-preset=linear
  speckle app --lesson lehmer-rings
  speckle app --panes ca,philox --views image,heatmap --heatmap-scale 0.25
  speckle app --panes sobol:sobol-pixels=shared,sobol --views magnifier,magnifier --focus 0.5,0.13 --magnifier 4`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return o.run(c.OutOrStdout(), c.ErrOrStderr())
		},
	}
	o.addFlags(c)
	return c
}

func (o *appOptions) addFlags(c *cobra.Command) {
	fs := c.Flags()
	specsFlag(c, &o.panes, "panes", nil, "generators of the panes: 1, 2 or 4")
	fs.StringVar(&o.lesson, "lesson", "", "start with a lesson's settings and caption (speckle lesson lists them); other flags apply on top")
	c.RegisterFlagCompletionFunc("lesson", completeLessons)
	fs.StringVar(&o.scene, "scene", "", "built-in scene ("+strings.Join(scenes.Names(), ", ")+") or scene file (default: the saved one, else cornell)")
	fs.StringVar(&o.mode, "mode", "", "photons, streamlines or lab (default: the saved one, else photons)")
	fs.StringVar(&o.field, "field", "", "streamline mode's flow field: dem, gyre, cylinder or a height-field file")
	fs.StringVar(&o.size, "size", "", "rendered image size of every pane, WIDTHxHEIGHT (default: the saved one, 640x360)")
	fs.StringVar(&o.size, "resolution", "", "")
	deprecate(c, "resolution", "use --size")
	fs.StringVar(&o.perIter, "photons-per-iteration", "", "photons per SPPM iteration, like 1e6, or auto (default: the saved setting, auto)")
	fs.Var(noTotalPhotons{}, "photons", "")
	fs.MarkHidden("photons")
	fs.StringVar(&o.views, "views", "", "what each pane shows, in order: image, heatmap (error against the reference) or magnifier (e.g. image,heatmap; default: the saved ones)")
	fs.StringVar(&o.focus, "focus", "", "the magnifier's centre X,Y as fractions of the image (x right, y down), pinned: the mouse does not move it (e.g. 0.5,0.8)")
	numberFlag(fs, &o.zoom, "magnifier", 0, numcheck.Range{Lo: app.ZoomRange.Lo, Hi: app.ZoomRange.Hi, Zero: "the saved setting, 8"}, "the magnifier's zoom factor")
	numberFlag(fs, &o.errorScale, "heatmap-scale", 0, numcheck.Range{Lo: app.ErrorScaleRange.Lo, Hi: app.ErrorScaleRange.Hi, Zero: "the saved setting, 0.5"},
		"the relative error at the top of the heatmap's colour scale")
	numberFlag(fs, &o.budget, "budget", 0, numcheck.Range{Lo: app.BudgetRange.Lo, Hi: app.BudgetRange.Hi, Zero: "the saved setting, 16"},
		"photon work per frame in ms, all panes")
	wholeFlag(fs, &o.frames, "frames", 0, 0, 1<<30, "stop after this many frames (0: when the window closes)")
	fs.StringVar(&o.shot, "screenshot", "", "write the window to this PNG after the last frame (needs --frames)")
	fs.BoolVar(&o.headless, "headless", false, "render offscreen through EGL (no window): for scripts and GPU servers")
	fs.StringVar(&o.windowSize, "window-size", "1600x900", "window size WIDTHxHEIGHT")
	fs.StringVar(&o.settings, "settings", "", "settings file (default: "+app.DefaultSettingsPath()+"; scripted runs with --frames keep none unless given)")
	fs.BoolVar(&o.fresh, "defaults", false, "start from the default settings, ignoring the saved ones")
	fs.BoolVar(&o.vsync, "vsync", false, "wait for the display's refresh")
	fs.BoolVar(&o.bench, "bench", false, "print frames per second and photons (or streamlines) per second per pane at the end (needs --frames)")
	o.gl.addTo(fs)
}

// noTotalPhotons is the window's --photons: refused, since --photons is a
// total count everywhere and the window renders until it is closed.
type noTotalPhotons struct{}

func (noTotalPhotons) String() string { return "" }
func (noTotalPhotons) Type() string   { return "count" }
func (noTotalPhotons) Set(string) error {
	return errors.New("is a total photon count (render, capture); the window takes --photons-per-iteration")
}

// check refuses bad flags before the settings are read.
func (o *appOptions) check() (w, h int, err error) {
	if w, h, err = units.ParseSize(o.windowSize, 1, 16384); err != nil {
		return 0, 0, usagef("--window-size %v", err)
	}
	switch {
	case o.shot != "" && o.frames == 0:
		return 0, 0, usagef("--screenshot needs --frames N (the window is written after frame N)")
	case o.shot != "" && !strings.HasSuffix(strings.ToLower(o.shot), ".png"):
		return 0, 0, usagef("--screenshot %s: the file must end in .png", o.shot)
	case o.bench && o.frames == 0:
		return 0, 0, usagef("--bench needs --frames N")
	case o.headless && o.frames == 0:
		// Nothing closes a headless window: it would run until killed, silently.
		return 0, 0, usagef("--headless needs --frames N: no window to close ends it")
	case o.gl.device >= 0 && !o.headless:
		return 0, 0, usagef("--device picks an EGL device: give --headless too (the window's context is the window system's)")
	}
	if err := o.gl.check(); err != nil {
		return 0, 0, err
	}
	if o.shot != "" {
		return w, h, prepareFile(o.shot, false)
	}
	return w, h, nil
}

// settingsPath is the settings file: --settings, else the default one unless scripted.
func (o *appOptions) settingsPath() string {
	if o.settings == "" && o.frames == 0 {
		return app.DefaultSettingsPath()
	}
	return o.settings
}

// load reads the saved settings (unless --defaults) and applies the flags.
// A file that fails to load is reported, and then not saved over.
func (o *appOptions) load(stderr io.Writer) (s app.Settings, path string, loadErr, err error) {
	path = o.settingsPath()
	s = app.Defaults()
	// The settings are an output like any other, checked before the window opens: an
	// explicit --settings needs its folder; the default path's folder is made.
	if path != "" {
		if err := prepareFile(path, o.settings == ""); err != nil {
			return s, path, nil, err
		}
	}
	if path != "" && !o.fresh {
		if s, loadErr = app.LoadSettings(path); loadErr != nil {
			fmt.Fprintf(stderr, "speckle app: settings: %v\n", loadErr)
		}
	}
	m := app.NewModel(s)
	if err := o.apply(m); err != nil {
		return s, path, loadErr, err
	}
	if err := m.S.Check(); err != nil {
		return s, path, loadErr, usageError{err.Error()}
	}
	return m.S, path, loadErr, nil
}

// checkPaths refuses a screenshot or settings file that would replace the scene, the
// field or each other; the scene and field may come from the settings file.
func (o *appOptions) checkPaths(sceneName, fieldName string) error {
	scene, field, saved := "--scene", "--field", "--settings"
	if o.scene == "" {
		scene = "the settings' scene"
	}
	if o.field == "" {
		field = "the settings' field"
	}
	if o.settings == "" {
		saved = "the settings file"
	}
	return checkPaths(output("--screenshot", o.shot), output(saved, o.settingsPath()),
		input(scene, sceneFile(sceneName)), input(field, fieldFile(fieldName)))
}

// apply sets what the flags give on the model's settings.
func (o *appOptions) apply(m *app.Model) error {
	if o.lesson != "" {
		l, err := lesson.LookupLesson(o.lesson)
		if err != nil {
			return usagef("--lesson: %v", err)
		}
		if err := m.ApplyLesson(l); err != nil {
			return usageError{err.Error()}
		}
	}
	if len(o.panes) > 0 {
		if err := userPanesAbsolute(o.panes); err != nil {
			return err
		}
		if err := m.SetPanes(o.panes); err != nil {
			return usageError{err.Error()}
		}
	}
	if o.scene != "" {
		if _, err := scenes.Open(o.scene); err != nil {
			return usageError{err.Error()}
		}
		m.SetScene(o.scene)
	}
	if o.field != "" {
		if _, err := flow.Open(o.field); err != nil {
			return usageError{err.Error()}
		}
		m.S.Lines.Field = o.field
	}
	if o.size != "" {
		if _, _, err := units.ParseSize(o.size, app.MinResolution, app.MaxResolution); err != nil {
			return usagef("--size %v", err)
		}
		m.S.Resolution = o.size
	}
	if o.budget != 0 {
		m.S.BudgetMS = float32(o.budget)
	}
	if o.views != "" {
		views, err := app.ParseViews(o.views)
		if err != nil {
			return usagef("--views %v", err)
		}
		for i, v := range views {
			m.S.Panes[i].View = v
		}
	}
	if o.focus != "" {
		f, err := app.ParseFocus(o.focus)
		if err != nil {
			return usagef("--focus %v", err)
		}
		m.S.Focus, m.S.FocusLocked = f, true
	}
	if o.zoom != 0 {
		m.S.Zoom = float32(o.zoom)
	}
	if o.errorScale != 0 {
		m.S.ErrorScale = float32(o.errorScale)
	}
	if o.mode != "" {
		m.S.Mode = app.Mode(o.mode)
	}
	switch o.perIter {
	case "":
	case "auto":
		m.S.Photons = 0
	default:
		n, err := units.ParseCount(o.perIter)
		if err != nil {
			return usagef("--photons-per-iteration %v", err)
		}
		m.S.Photons = int(min(n, 1<<40))
	}
	return nil
}

func (o *appOptions) run(stdout, stderr io.Writer) error {
	w, h, err := o.check()
	if err != nil {
		return err
	}
	if err := o.checkPaths(o.scene, o.field); err != nil { // before the settings are read
		return err
	}
	s, path, loadErr, err := o.load(stderr)
	if err != nil {
		return err
	}
	if err := o.checkPaths(s.Scene, s.Lines.Field); err != nil { // they may come from the settings
		return err
	}
	// Ctrl-C in the terminal closes the window as its close button does, so
	// the settings are saved; also while the window is still opening.
	stopping, stopCatching, caught := closeOnInterrupt(stderr)
	defer stopCatching()
	a, err := app.New(app.Options{
		Settings: s, SettingsPath: path, SettingsLoadErr: loadErr, Headless: o.headless, Width: w, Height: h,
		Frames: o.frames, Screenshot: o.shot, VSync: o.vsync, Out: stdout, Err: stderr, Lesson: o.lesson,
		GL: o.gl.options(),
	})
	if err != nil {
		if errors.Is(err, ui.ErrNoDisplay) {
			return usageError{err.Error()} // says how to run headless instead
		}
		return fmt.Errorf("no window: %v", err)
	}
	defer a.Close()
	recordDevice(a.Context().Info)
	go func() {
		for range stopping {
			a.Stop()
		}
	}()
	if err := o.runFrames(a, stdout, stderr); err != nil {
		return err
	}
	// A screenshot asked for and not written, because a signal ended the frames first: the
	// exit status says so (130, 143, 129), as every command's does (issue 34 item 9).
	if sig := caught(); sig != nil && o.shot != "" && a.Stats().Frames < o.frames {
		fmt.Fprintf(stderr, "speckle app: %s after %d of %d frames: --screenshot %s not written (the settings were saved)\n",
			stopSignals[sig], a.Stats().Frames, o.frames, imageio.Printable(o.shot))
		return exitStatus(128 + int(sig.(syscall.Signal)))
	}
	return nil
}

// runFrames runs the window to its end with a progress bar (or the bench's
// warm-up mark), saves the settings, and reports.
func (o *appOptions) runFrames(a *app.App, stdout, stderr io.Writer) error {
	var bar *progress
	var warm app.Stats // the bench counts from here: programs built, clocks up
	warmAt := min(20, o.frames/5)
	switch {
	case o.bench:
		a.OnFrame = func(n int) {
			if n == warmAt {
				warm = a.Stats()
			}
		}
	case o.frames > 0:
		bar = newProgress(stdout, "frames", o.frames, "frames")
		a.OnFrame = func(n int) { bar.set(n) }
	}
	a.OnFrame = reportPaneErrors(a, a.OnFrame, stderr)
	runErr := a.Run()
	if bar != nil {
		bar.done()
	}
	note, saveErr := a.SaveSettings()
	if note != "" {
		fmt.Fprintf(stderr, "speckle app: %s\n", note)
	}
	switch {
	case runErr != nil && saveErr != nil:
		fmt.Fprintf(stderr, "speckle app: saving settings: %v\n", saveErr)
		return runErr
	case runErr != nil:
		return runErr
	case saveErr != nil:
		return fmt.Errorf("saving settings: %v", saveErr) // exit 1: the user's settings are lost
	}
	if o.frames > 0 {
		if err := a.Stats().AllFailed(); err != nil {
			return err
		}
	}
	if o.bench {
		a.Stats().WriteBench(stdout, warm, a.Context().Info.String())
	}
	return nil
}

// closeOnInterrupt turns SIGINT, SIGTERM and SIGHUP into a request to close
// the window (sent on the channel, kept until the window reads it); a second
// one quits at once without saving.
func closeOnInterrupt(stderr io.Writer) (<-chan struct{}, func(), func() os.Signal) {
	interrupt, stopping := make(chan os.Signal, 1), make(chan struct{}, 1)
	var interrupted atomic.Bool
	var first atomic.Value // the first signal caught
	signal.Notify(interrupt, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		for s := range interrupt {
			first.CompareAndSwap(nil, s)
			if interrupted.Swap(true) { // a second Ctrl-C: the user means it
				imageio.AbortLeftovers()
				fmt.Fprintf(stderr, "speckle app: %s twice, quitting without saving\n", stopSignals[s])
				os.Exit(128 + int(s.(syscall.Signal)))
			}
			select {
			case stopping <- struct{}{}:
			default:
			}
		}
	}()
	caught := func() os.Signal {
		s, _ := first.Load().(os.Signal)
		return s
	}
	return stopping, func() { signal.Stop(interrupt) }, caught
}

// hasDisplay reports whether a window could open.
func hasDisplay() bool { return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" }
