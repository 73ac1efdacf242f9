package cli

import (
	"image"
	"path/filepath"
	"strings"
	"testing"

	"speckle/imageio"
	"speckle/study/lesson"
)

// Every lesson's page runs on llvmpipe at a small size: the figure holds
// the three columns for both generators and fits a slide, and the text
// says the verdicts and the facts, computed. rand48 fails in the renderer
// order and its leapfrog multiplier is 1 mod 2^22; the control passes.
func TestLessonExplainEveryLesson(t *testing.T) {
	want := map[string][]string{
		"rand48-swirls":       {"rand48: FAIL:", "philox: PASS:", "A = 1 mod 2^22", "lag 2 z"},
		"lehmer-rings":        {"4096 have first outputs that differ by exactly a = 279470273", "lehmer: consumed order:"},
		"ca-bands":            {"ca: FAIL:", "no period up to 4096"},
		"ca-linear":           {"ca linear: FAIL:", "repeat with period 64"},
		"sobol-frozen-jitter": {"sobol shared: FAIL:", "2^6 x 225", "eye pass"},
		"pcg32-streams":       {"pcg32: PASS:", "pcg32: consumed order:", "checked for 1024 streams: true"},
		"lcg-linear-key":      {"lcg linear: FAIL:", "pcg: PASS:", "1024 have draws 0..63 with draw d - draw 0 = d·0x660D0000"},
		"wang-sequential":     {"pcg: PASS:", "wang linear: consumed order:", "takes 654 values, the commonest 257 times"},
		"trig-sin":            {"trig: FAIL:", "pcg: PASS:", "42469 are multiples of 2^-8", "differ from the Go model"},
		"philox-control":      {"philox: PASS:", "philox seed=2: PASS:"},
	}
	for _, l := range lesson.Lessons {
		t.Run(l.Name, func(t *testing.T) {
			fig := filepath.Join(t.TempDir(), "explain.png")
			r := atRoot(t, "lesson", l.Name, "--explain", "--size", "160x90", "--render-photons", "2^12", "--time-limit", "1",
				"--numbers", "2^18", "--out", fig)
			if r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			for _, s := range append(want[l.Name], "(a) render:", "(b) view:", "(c) battery: renderer order", "(d) the cause, computed:", fig+": the figure") {
				if !strings.Contains(r.stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
				}
			}
			if l.Name == "philox-control" && strings.Contains(r.stdout, "FAIL:") {
				t.Errorf("the control fails:\n%s", r.stdout)
			}
			img, err := imageio.ReadPNG(fig)
			if err != nil {
				t.Fatal(err)
			}
			// a slide, 1920x1080
			if b := img.Bounds(); b != image.Rect(0, 0, imageio.SlideWidth, imageio.SlideHeight) {
				t.Errorf("figure %v, want a %dx%d slide", b, imageio.SlideWidth, imageio.SlideHeight)
			}
		})
	}
}

// --explain's flags are refused without it, and its bad values in one line.
func TestLessonExplainBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"lesson", "ca-bands", "--numbers", "2^18"}, "--numbers is a flag of --explain"},
		{[]string{"lesson", "ca-bands", "--render-photons", "4096"}, "--render-photons is a flag of --explain"},
		{[]string{"lesson", "ca-bands", "--explain", "--numbers", "1000"}, "--numbers must be a positive multiple of 256"},
		{[]string{"lesson", "ca-bands", "--explain", "--render-photons", "2^30"}, "--render-photons must be"},
		{[]string{"lesson", "ca-bands", "--explain", "--size", "100x100"}, "the criterion needs a reference"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			r := atRoot(t, c.args...)
			if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 and one line saying %q", r.code, r.stderr, c.want)
			}
		})
	}
}
