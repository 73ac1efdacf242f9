package app

import (
	"errors"
	"strings"
	"testing"
)

// A run fails only when every pane did, with the first pane's reason.
func TestStatsAllFailed(t *testing.T) {
	bad := errors.New("buffer too large")
	st := Stats{Panes: []PaneStats{{Label: "philox", Err: bad}, {Label: "ca"}}}
	if err := st.AllFailed(); err != nil {
		t.Errorf("one pane rendered: %v", err)
	}
	st.Panes[1].Err = errors.New("other")
	if err := st.AllFailed(); err == nil || err.Error() != "every pane failed: pane 1 (philox): buffer too large" {
		t.Errorf("every pane failed: %v", err)
	}
	if err := (Stats{}).AllFailed(); err != nil {
		t.Errorf("no panes: %v", err)
	}
}

// The bench counts from the warm-up: 30 frames in 3 s after 10; a pane
// that restarted (fewer photons than at the warm-up) counts from zero.
func TestStatsWriteBench(t *testing.T) {
	warm := Stats{Frames: 10, Seconds: 1, Panes: []PaneStats{{Photons: 1000}, {Photons: 5000}}}
	st := Stats{Frames: 40, Seconds: 4, Recent: 9.5, Unit: "photons", Panes: []PaneStats{
		{Label: "lehmer", Photons: 31000, Iterations: 31, RMSE: 0.25}, {Label: "philox seed=3", Photons: 3000, Iterations: 3}}}
	var b strings.Builder
	st.WriteBench(&b, warm, "test device")
	want := []string{
		"test device",
		"30 frames in 3.00 s after 10 warm-up frames: 10.0 frames/s (the controls' figure, over the last 4 s: 9.5)",
		"pane 1 lehmer 1e+04 photons/s 1e+03 photons/frame 31 iterations RMSE 0.25",
		"pane 2 philox seed=3 1e+03 photons/s 100 photons/frame 3 iterations",
		"all panes 1.1e+04 photons/s",
	}
	got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	for i, line := range got { // columns are aligned with spaces: compare the words
		got[i] = strings.Join(strings.Fields(line), " ")
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("bench:\n%s\nwant:\n%s", b.String(), strings.Join(want, "\n"))
	}
}
