package app

import (
	"bytes"
	"strings"
	"testing"

	"speckle/rng"
)

// The window warns about a pane's degenerate streams as render does (once,
// on stderr and in the window), and refuses a pane whose every stream is
// constant: its error says so and the other panes render.
func TestWindowWarnsOfDegenerateStreams(t *testing.T) {
	s := testSettings()
	lehmer, _ := rng.ParseSpec("lehmer:seed=2446816017")
	ca, _ := rng.ParseSpec("ca:ca-rule=0x8000")
	s.Panes[0], s.Panes[1] = PaneOf(lehmer), PaneOf(ca)
	s.Layout = 2
	var errs bytes.Buffer
	var a *App
	onGL(t, func() (err error) {
		a, err = New(Options{Settings: s, Headless: true, Width: 800, Height: 450, ShotDir: t.TempDir(), Out: testWriter{t}, Err: &errs})
		return err
	})
	t.Cleanup(func() { onGL(t, func() error { a.Close(); return nil }) })
	frames(t, a, 2)
	want := "pane 1: warning: lehmer seed=2446816017 (the photon pass, seed 2446816017): degenerate stream 0 (1 of 4096): constant"
	if got := errs.String(); strings.Count(got, want) != 1 {
		t.Errorf("stderr %q; want once %q", got, want)
	}
	st := a.Stats()
	if len(st.Panes) < 2 || st.Panes[1].Err == nil || !strings.Contains(st.Panes[1].Err.Error(), "every stream is constant") || st.Panes[0].Photons == 0 {
		t.Errorf("panes: %+v; want the ca pane refused, the lehmer pane rendering", st.Panes)
	}
}
