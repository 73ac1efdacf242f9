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

	"speckle/app"
	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/numcheck"
	"speckle/scenes"
	"speckle/scenes/flow"
	"speckle/ui"
)

const appUsage = `app [--panes rand48,lehmer,ca,philox] [--scene S | --mode streamlines --field dem]
           [--frames N --screenshot out.png] [--headless]

The interactive window: one scene, up to four generators side by side,
converging live. Keys: Space pause, N step, R reset, S screenshot, 1/2/4
panes, C controls, H help. Plain "speckle" opens it when there is a display.
A pane is "name" or "name:option=value:option=value", e.g. ca:ca-preset=linear.`

// appCmd runs the window (or, with --headless, the same frames offscreen).
func appCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("app", appUsage, stdout)
	var g glFlags
	g.register(fs)
	panes := fs.String("panes", "", "generators of the panes, comma-separated (1, 2 or 4)")
	scene := fs.String("scene", "", "built-in scene name or scene file (default: the saved one, else cornell)")
	frames := intFlag(fs, "frames", 0, 0, 1<<30, "stop after this many frames (0: when the window closes)")
	shot := fs.String("screenshot", "", "write the window to this PNG after the last frame (needs --frames)")
	headless := fs.Bool("headless", false, "render offscreen through EGL (no window): for scripts and GPU servers")
	size := fs.String("size", "1600x900", "window size WxH")
	settings := fs.String("settings", "", "settings file (default: "+app.DefaultSettingsPath()+"; scripted runs with --frames keep none unless given)")
	fresh := fs.Bool("defaults", false, "start from the default settings, ignoring the saved ones")
	vsync := fs.Bool("vsync", false, "wait for the display's refresh")
	budget := floatFlag(fs, "budget", 0, numcheck.Range{Lo: app.BudgetRange.Lo, Hi: app.BudgetRange.Hi, Zero: "the saved setting, 16"},
		"photon work per frame in ms, all panes")
	photons := fs.String("photons", "", "photons per SPPM iteration, like 1e6, or auto (default: the saved setting, auto)")
	mode := fs.String("mode", "", "photons or streamlines (default: the saved one, else photons)")
	field := fs.String("field", "", "streamline mode's flow field: dem, gyre, cylinder or a height-field file")
	resolution := fs.String("resolution", "", "render size of every pane, WxH (default: the saved setting, 640x360)")
	bench := fs.Bool("bench", false, "print frames per second and photons (or streamlines) per second per pane at the end")
	if err := parse(fs, args); err != nil {
		return err
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return usagef("--size: %v", err)
	}
	if *shot != "" && *frames == 0 {
		return usagef("--screenshot needs --frames N (the window is written after frame N)")
	}
	if *shot != "" && !strings.HasSuffix(strings.ToLower(*shot), ".png") {
		return usagef("--screenshot %s: the file must end in .png", *shot)
	}
	if *bench && *frames == 0 {
		return usagef("--bench needs --frames N")
	}
	if err := g.check(); err != nil {
		return err
	}
	if *shot != "" {
		if err := prepareFile(*shot, true); err != nil { // the window makes the screenshot's folder
			return err
		}
	}
	path := *settings
	if path == "" && *frames == 0 {
		path = app.DefaultSettingsPath()
	}
	s := app.Defaults()
	var loadErr error // the file is then not saved over on exit
	if path != "" && !*fresh {
		s, loadErr = app.LoadSettings(path)
		if loadErr != nil {
			fmt.Fprintf(stderr, "speckle app: settings: %v\n", loadErr)
		}
	}
	m := app.NewModel(s)
	if *panes != "" {
		if err := m.SetPanes(strings.Split(*panes, ",")); err != nil {
			return usageError{err.Error()}
		}
	}
	if *scene != "" {
		if _, err := scenes.Open(*scene); err != nil {
			return usageError{err.Error()}
		}
		m.SetScene(*scene)
	}
	if *budget != 0 {
		m.S.BudgetMS = float32(*budget)
	}
	if *mode != "" {
		m.S.Mode = app.Mode(*mode)
	}
	if *field != "" {
		if _, err := flow.Open(*field); err != nil {
			return usageError{err.Error()}
		}
		m.S.Lines.Field = *field
	}
	if *resolution != "" {
		m.S.Resolution = *resolution
	}
	switch *photons {
	case "":
	case "auto":
		m.S.Photons = 0
	default:
		n, err := parseCount("photons", *photons)
		if err != nil {
			return err
		}
		m.S.Photons = int(min(n, 1<<40))
	}
	if err := m.S.Check(); err != nil {
		return usageError{err.Error()}
	}
	// Ctrl-C in the terminal closes the window as its close button does, so
	// the settings are saved; also while the window is still opening.
	interrupt, stopping := make(chan os.Signal, 1), make(chan struct{}, 1)
	var interrupted atomic.Bool
	signal.Notify(interrupt, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(interrupt)
	go func() {
		for range interrupt {
			if interrupted.Swap(true) { // a second Ctrl-C: the user means it
				imageio.AbortLeftovers()
				fmt.Fprintln(stderr, "speckle app: interrupted twice, quitting without saving")
				os.Exit(130)
			}
			select {
			case stopping <- struct{}{}:
			default:
			}
		}
	}()
	a, err := app.New(app.Options{
		Settings: m.S, SettingsPath: path, SettingsLoadErr: loadErr, Headless: *headless, Width: w, Height: h,
		Frames: *frames, Screenshot: *shot, VSync: *vsync, Out: stdout,
		GL: gpu.Options{Platform: g.platform, Debug: g.debug},
	})
	if err != nil {
		if errors.Is(err, ui.ErrNoDisplay) {
			return usageError{err.Error()} // says how to run headless instead
		}
		return fmt.Errorf("no window: %v", err)
	}
	defer a.Close()
	var bar *progress
	var warm app.Stats // the bench counts from here: programs built, clocks up
	warmAt := min(20, *frames/5)
	switch {
	case *bench:
		a.OnFrame = func(n int) {
			if n == warmAt {
				warm = a.Stats()
			}
		}
	case *frames > 0:
		bar = newProgress(stdout, "frames", *frames, "frames")
		a.OnFrame = func(n int) { bar.set(n) }
	}
	if interrupted.Load() {
		a.Stop()
	}
	go func() {
		for range stopping {
			a.Stop()
		}
	}()
	runErr := a.Run()
	if bar != nil {
		bar.done()
	}
	if note, err := a.SaveSettings(); err != nil {
		fmt.Fprintf(stderr, "speckle app: saving settings: %v\n", err)
	} else if note != "" {
		fmt.Fprintf(stderr, "speckle app: %s\n", note)
	}
	if runErr != nil {
		return runErr
	}
	if *frames > 0 {
		if err := allPanesFailed(a.Stats()); err != nil {
			return err
		}
	}
	if *bench {
		printAppBench(stdout, warm, a.Stats(), a.Context().Info)
	}
	return nil
}

// allPanesFailed is the error of a scripted run none of whose panes rendered: the first
// pane's reason (a script must not take its blank screenshot for a result).
func allPanesFailed(st app.Stats) error {
	for _, p := range st.Panes {
		if p.Err == nil {
			return nil
		}
	}
	if len(st.Panes) == 0 {
		return nil
	}
	return fmt.Errorf("every pane failed: pane 1 (%s): %v", st.Panes[0].Label, st.Panes[0].Err)
}

// printAppBench reports a scripted run's speed between the warm-up and the
// end (a pane that restarted in between counts from zero).
func printAppBench(w io.Writer, warm, st app.Stats, info gpu.Info) {
	frames, secs := st.Frames-warm.Frames, st.Seconds-warm.Seconds
	fmt.Fprintf(w, "%s\n%d frames in %.2f s after %d warm-up frames: %.1f frames/s\n", info, frames, secs, warm.Frames, float64(frames)/secs)
	var all float64
	for i, p := range st.Panes {
		n := p.Photons
		if i < len(warm.Panes) && warm.Panes[i].Photons <= n {
			n -= warm.Panes[i].Photons
		}
		all += float64(n)
		rmse := ""
		if p.RMSE > 0 {
			rmse = fmt.Sprintf("  RMSE %.4g", p.RMSE)
		}
		fmt.Fprintf(w, "pane %d %-24s %9.3g %s/s  %9.3g %s/frame  %d iterations%s\n",
			i+1, p.Label, float64(n)/secs, st.Unit, float64(n)/float64(frames), st.Unit, p.Iterations, rmse)
	}
	fmt.Fprintf(w, "all panes %.3g %s/s\n", all/secs, st.Unit)
}

// hasDisplay reports whether a window could open.
func hasDisplay() bool { return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != "" }
