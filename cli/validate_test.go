package cli

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"speckle/imageio"
	"speckle/scenes"
	"speckle/scenes/cycles"
)

// fakeBlenderEnv makes the test binary, run as Blender is (-b ... -P FILE),
// stand in for it: it reads the
// exported script (-P FILE) and writes, for each seed, the scene's analytic
// image times the factor the variable holds (and 1 + 1e-4·seed, a spread).
const fakeBlenderEnv = "SPECKLE_TEST_FAKE_BLENDER"

func fakeBlender(factor string, args []string) int {
	f, err := strconv.ParseFloat(factor, 64)
	if err != nil || len(args) < 2 || args[len(args)-2] != "-P" {
		fmt.Fprintln(os.Stderr, "fake blender: bad call", args)
		return 1
	}
	script, err := os.ReadFile(args[len(args)-1])
	if err == nil {
		var e cycles.Export
		if e, err = cycles.ReadExport(script); err == nil {
			var s *scenes.Scene
			if s, err = scenes.Builtin(e.Scene); err == nil {
				for _, seed := range e.Seeds {
					img := imageio.Image{W: e.Width, H: e.Height, Pix: s.AnalyticImage(e.Width, e.Height, 4)}
					for i := range img.Pix {
						img.Pix[i] *= float32(f * (1 + 1e-4*float64(seed)))
					}
					if err = imageio.WritePFM(strings.ReplaceAll(e.Out, "{seed}", fmt.Sprint(seed)), img); err != nil {
						break
					}
				}
			}
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake blender:", err)
		return 1
	}
	return 0
}

// validate end to end with a stand-in for Blender: Cycles' image equal to
// Speckle's passes (exit 0, a table of ok rows); 10 % brighter fails every
// region (exit 1, one line on stderr); a missing Blender is one line, exit 1;
// bad options exit 2 before anything runs.
func TestValidateAgainstAStandIn(t *testing.T) {
	args := []string{"validate", "--scenes", "plane", "--size", "64x36", "--samples", "1", "--renders", "3", "--blender", os.Args[0]}
	r := speckle(t, []string{fakeBlenderEnv + "=1"}, args...)
	if r.code != 0 || !strings.Contains(r.stdout, "under the light") || strings.Contains(r.stdout, "FAIL") {
		t.Errorf("the same image: exit %d, stdout\n%s\nstderr %s", r.code, r.stdout, r.stderr)
	}
	r = speckle(t, []string{fakeBlenderEnv + "=1.1"}, args...)
	if r.code != 1 || strings.Count(r.stdout, "FAIL") != 3 || !strings.Contains(r.stdout, "+10.0") {
		t.Errorf("10 %% brighter: exit %d, stdout\n%s", r.code, r.stdout)
	}
	oneLine(t, r, 1, "speckle validate: 3 region(s) differ from Cycles by more than their tolerance")
	oneLine(t, speckle(t, nil, "validate", "--scenes", "plane", "--blender", "/nonexistent/blender"), 1, "cannot run Blender")
	oneLineExit2(t, speckle(t, nil, "validate", "--renders", "1"), "--renders must be 2..64 (got 1)")
	oneLineExit2(t, speckle(t, nil, "validate", "--scenes", "cornel"), `unknown scene "cornel"`)
}
