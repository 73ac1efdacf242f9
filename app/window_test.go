package app

import (
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"speckle/render"
	"speckle/scenes/flow"
)

// The streamline table, the plot's legend and the panes' overlays name a
// pane alike: the spec's label ("lehmer slm", "ca linear"), not its bare
// generator (issue #25, item 12).
func TestPaneNamesAgree(t *testing.T) {
	s := testSettings()
	s.Mode, s.Lines.Width, s.BudgetMS, s.Layout = ModeStreamlines, 48, 5, 2
	m := NewModel(s)
	if err := m.SetPanes(testSpecs(t, "lehmer:lehmer-seeding=slm", "ca:ca-preset=linear")); err != nil {
		t.Fatal(err)
	}
	a := newTestApp(t, m.S)
	frames(t, a, 2)
	for i, want := range []string{"lehmer slm", "ca linear"} {
		overlay, row := a.overlayLines(i), a.lineStatsRow(i)
		if overlay[0] != want || row == nil || row[0] != want {
			t.Errorf("pane %d: overlay %q, table %q, want both %q", i+1, overlay[0], row, want)
		}
		legend := paneLegend(i, paneLabel(a.Model.S.Panes[i]), nil)
		if !strings.HasSuffix(legend, ": "+want) {
			t.Errorf("pane %d: legend %q, want it to name %q", i+1, legend, want)
		}
		if st := a.Stats().Panes[i].Label; st != want {
			t.Errorf("pane %d: --bench's label %q, want %q", i+1, st, want)
		}
	}
}

// A rate learnt from one slow trace does not keep a streamline pane's
// chunks small for good: on llvmpipe, a hiccup in a pane's second trace
// (16 streamlines in 12 ms) kept it at 16 streamlines a frame while the
// other panes traced 1,500. Simulated: a trace costs 0.3 ms plus 1.4 steps
// a streamline at 1.3e7 steps/s (measured in the window on the DEM), and
// every fifth trace 5 ms more (a CPU shared with other work).
func TestLineChunkRecoversFromSlowTrace(t *testing.T) {
	const share = 0.004
	p := &pane{lines: &render.Streamlines{Cfg: render.StreamlineConfig{Params: flow.Params{MaxSteps: 960}}}}
	p.lastChunk, p.lastSeconds = 256, 0.66 // the first trace compiles
	p.noteTrace(443, 0.66, share)
	p.lastChunk, p.lastSeconds = 16, 0.0119 // the hiccup
	p.noteTrace(47, 0.0119, share)
	n := 0
	for frame := 0; frame < 200; frame++ {
		n = p.lineChunk(share)
		steps := int64(1.4 * float64(n))
		seconds := 0.0003 + float64(steps)/1.3e7
		if frame%5 == 4 {
			seconds += 0.005
		}
		p.noteTrace(steps, seconds, share)
		p.prevChunk, p.prevSeconds, p.lastChunk, p.lastSeconds = p.lastChunk, p.lastSeconds, n, seconds
	}
	if n < 1000 {
		t.Errorf("after 200 frames the chunk is %d streamlines, want the 1,000s that fill the share", n)
	}
}

// The window's frame rate counts frames over the time they took, as --bench
// does: on llvmpipe 15 frames of 0.1 s and one of 0.74 s (the frame that
// ends an SPPM iteration) make 7.1 frames/s, where an average of each
// frame's 1/dt said 9 and more (issue #25, item 12).
func TestFrameRateCountsFramesOverTime(t *testing.T) {
	var f frameRate
	now := time.Unix(0, 0)
	frames := 0
	for now.Before(time.Unix(20, 0)) {
		f.tick(now)
		frames++
		dt := 100 * time.Millisecond
		if frames%16 == 0 {
			dt = 740 * time.Millisecond
		}
		now = now.Add(dt)
	}
	want := 16 / 2.24
	if got := f.perSecond(); math.Abs(got-want) > 0.1*want {
		t.Errorf("%.2f frames/s, want %.2f (16 frames in 2.24 s)", got, want)
	}
	if span := f.starts[len(f.starts)-1].Sub(f.starts[0]); span < frameRateWindow || span > frameRateWindow+time.Second {
		t.Errorf("the rate looks back %v, want about %v", span, frameRateWindow)
	}
}

// Lines break at spaces only, never inside "3.3e+06", and a word wider
// than the width keeps a line of its own.
func TestWrapWords(t *testing.T) {
	chars := func(s string) float64 { return float64(len(s)) }
	for _, c := range []struct {
		text  string
		width float64
		want  []string
	}{
		{"traces 3.3e+06 per minute per pane", 10, []string{"traces", "3.3e+06", "per minute", "per pane"}},
		{"  two  spaces ", 20, []string{"two spaces"}},
		{"screenshots/app-caustics-h200.png is long", 8, []string{"screenshots/app-caustics-h200.png", "is long"}},
		{"", 10, nil},
	} {
		if got := wrapWords(c.text, c.width, chars); strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("wrapWords(%q, %g) = %q, want %q", c.text, c.width, got, c.want)
		}
	}
}

// checkLessonWindow: the lesson window's text, title first, fits its width
// and is broken at spaces only (every word whole, in order); the stored
// capture shown is the crop of one pane, not a whole window of panes; and
// the window covers no pane.
func checkLessonWindow(t *testing.T, a *App) {
	t.Helper()
	l := a.lesson.lesson
	if c := a.lesson.capture; c == nil || c.Width != l.CaptureCrop.Dx() || c.Height != l.CaptureCrop.Dy() {
		t.Errorf("the stored capture shown is not its crop %v", l.CaptureCrop)
	}
	words := strings.Fields(strings.Join(a.lesson.lines, " "))
	want := strings.Fields(l.Title + " " + l.Caption)
	if len(words) < len(want) || strings.Join(words[:len(want)], " ") != strings.Join(want, " ") {
		t.Errorf("the lesson window's text does not start with the title and caption, whole:\n%q", a.lesson.lines)
	}
	if a.lesson.width <= 0 {
		t.Fatalf("text width %g", a.lesson.width)
	}
	w := a.lesson.rect
	for i := 0; i < a.Model.Visible(); i++ {
		if p := a.imageRects[i]; p[0] < w[2] && w[0] < p[2] && p[1] < w[3] && w[1] < p[3] {
			t.Errorf("the lesson window %v covers pane %d at %v", w, i+1, p)
		}
	}
	onGL(t, func() error {
		for _, line := range a.lesson.lines {
			if w := textWidth(line); w > a.lesson.width && strings.Contains(line, " ") {
				t.Errorf("line %q is %.0f wide, past the window's %.0f", line, w, a.lesson.width)
			}
		}
		return nil
	})
}

// The plot's legend lies under the axes and their labels, never over the
// data, in two columns where they fit; the Y title is shortened to fit.
func TestPlotLayoutKeepsLegendOffTheData(t *testing.T) {
	const lh = 17.0
	for _, c := range []struct {
		rowW     float64
		rows     int
		wantCols int
	}{{150, 6, 2}, {200, 6, 1}, {150, 1, 1}, {150, 0, 1}} {
		b := plotLayout(10, 500, 320, 330, lh, c.rowW, c.rows)
		if b.cols != c.wantCols {
			t.Errorf("%d rows of %g: %d columns, want %d", c.rows, c.rowW, b.cols, c.wantCols)
		}
		if b.legend[1] < b.axes[3]+lh || b.legend[3] > 500+330 || b.axes[3]-b.axes[1] < 4*lh {
			t.Errorf("%d rows of %g: axes %v, legend %v in y 500..830", c.rows, c.rowW, b.axes, b.legend)
		}
	}
	chars := func(s string) float64 { return 7 * float64(len(s)) }
	for _, w := range []float64{600, 320, 200, 50} {
		if got := yTitle("assets/reference/cornell-640x360.pfm", w, chars); chars(got) > w && got != "RMSE" {
			t.Errorf("Y title %q is %g wide in %g", got, chars(got), w)
		}
	}
}

// In the window the legend of four panes and the guides lies under the
// axes, inside the plot's window.
func TestPlotLegendOutsideTheAxes(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	os.Chdir("..") // the references are under the repository root
	defer os.Chdir(wd)
	s := testSettings()
	s.Resolution = "320x180" // a stored reference's size (averaged 2x2)
	a := newSizedApp(t, s, 1600, 900)
	frames(t, a, 1)
	if a.ref == nil {
		t.Fatalf("no reference: %s", a.refNote)
	}
	onGL(t, func() error {
		for start := time.Now(); time.Since(start) < 30*time.Second; {
			if err := a.Frame(); err != nil {
				return err
			}
			if len(a.panes[3].History) >= 2 {
				return nil
			}
		}
		return nil
	})
	if len(a.panes[3].History) < 2 {
		t.Fatalf("no RMSE history in 30 s (reference: %s)", a.refNote)
	}
	b := a.plotted
	rows := 6 // four panes, two guides
	perCol := (rows + b.cols - 1) / b.cols
	if b.legend[1] < b.axes[3] || b.legend[3]-b.legend[1] < float64(perCol)*10 || b.legend[3] > 900 {
		t.Errorf("axes %v, legend %v (%d columns), window bottom 900", b.axes, b.legend, b.cols)
	}
	// Legible on a projector: the plot at least 480 units wide, its text in
	// lines of 20 or more.
	if w := b.legend[2] - b.legend[0]; w < 470 || b.lh < 20 {
		t.Errorf("plot %.0f wide with %.0f-unit lines: want 480 and 20", w, b.lh)
	}
}
