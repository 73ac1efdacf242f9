package cli

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"speckle/imageio"
	"speckle/study/lesson"
)

// atRoot runs speckle in the repository root, where the references are.
func atRoot(t *testing.T, args ...string) result {
	t.Helper()
	return speckleAt(t, "..", nil, 2*time.Minute, nil, args...)
}

// speckle lesson alone lists every lesson; completion offers their names.
func TestLessonList(t *testing.T) {
	r := speckle(t, nil, "lesson")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	c := speckle(t, nil, "__complete", "lesson", "")
	for _, l := range lesson.Lessons {
		if !strings.Contains(r.stdout, l.Name+" ") || !strings.Contains(r.stdout, l.Title) {
			t.Errorf("the list has no line for %s:\n%s", l.Name, r.stdout)
		}
		if !strings.Contains(c.stdout, l.Name+"\t") {
			t.Errorf("completion does not offer %s:\n%s", l.Name, c.stdout)
		}
	}
}

func TestLessonBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"lesson", "nope"}, `no lesson "nope" (lessons: rand48-swirls, `},
		{[]string{"lesson", "ca-bands", "ca-linear"}, "one lesson at a time (got 2: ca-bands ca-linear)"},
		{[]string{"lesson", "ca-bands", "--size", "100x100"}, "the criterion needs a reference"},
		{[]string{"lesson", "ca-bands", "--size", "5x5"}, "--size must be WIDTHxHEIGHT"},
		{[]string{"lesson", "ca-bands", "--time-limit", "0"}, "--time-limit must be in [1, 86400]"},
		{[]string{"lesson", "ca-bands", "--photons-per-iteration", "lots"}, "--photons-per-iteration"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			r := atRoot(t, c.args...)
			if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) || strings.Contains(r.stderr, "goroutine") {
				t.Errorf("exit %d, stderr %q; want exit 2 and one line saying %q", r.code, r.stderr, c.want)
			}
		})
	}
}

// A lesson runs headless at a tiny size, prints its measurement and writes
// its figure.
func TestLessonRunsHeadless(t *testing.T) {
	fig := filepath.Join(t.TempDir(), "fig.png")
	r := atRoot(t, "lesson", "ca-linear", "--size", "160x90", "--photons-per-iteration", "4096", "--time-limit", "1", "--out", fig)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, "ca-linear: A linear CA") || !strings.Contains(r.stdout, "1 iterations") ||
		!strings.Contains(r.stdout, "artifact") || !strings.Contains(r.stdout, fig+": the figure") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
	if img, err := imageio.ReadPNG(fig); err != nil || img.Bounds().Dx() < 3*160 {
		t.Errorf("figure: %v", err)
	}
}
