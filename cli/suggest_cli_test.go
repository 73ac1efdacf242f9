package cli

import (
	"strings"
	"testing"
)

// A mistyped command or value names what was probably meant, through the
// one helper (internal/suggest), in one line with exit status 2; a word
// near nothing still lists what there is.
func TestMistypedNamesSuggest(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rendr"}, `speckle: unknown command "rendr" (did you mean render?)`},
		{[]string{"rng", "tset"}, `speckle rng: unknown command "tset" (did you mean test?)`},
		{[]string{"bench", "rendre"}, `(did you mean render?)`},
		{[]string{"xyzzy"}, `unknown command "xyzzy" (app, bench, ca, capture,`},
		{[]string{"help", "rng", "lok"}, `unknown help topic "rng lok" (did you mean look?)`},
		{[]string{"render", "--gen", "phillox"}, `unknown generator "phillox" (did you mean philox?)`},
		{[]string{"capture", "--gens", "phillox:seed=3,lehmer"}, `unknown generator "phillox" (did you mean philox?)`},
		{[]string{"capture", "--gens", "lehmer,philox:philox-round=7"}, `option --philox-round does not apply to generator philox (did you mean philox-rounds?)`},
		{[]string{"render", "--gen", "lehmer:lehmer-seeding=sml"}, `(got "sml"; did you mean slm?)`},
		{[]string{"render", "--scene", "cornel"}, `unknown scene "cornel" (did you mean cornell?)`},
		{[]string{"rng", "look", "--view", "bitplane"}, `(got "bitplane"; did you mean bitplanes?)`},
		{[]string{"lesson", "ca-band"}, `no lesson "ca-band" (did you mean ca-bands?)`},
		{[]string{"capture", "--metric", "rmsee"}, `(got "rmsee"; did you mean rmse?)`},
		{[]string{"rng", "test", "--tests", "birthdy"}, `unknown test "birthdy" (did you mean birthdays?)`},
		{[]string{"rng", "dump", "--gen", "philox", "--format", "u23"}, `(got "u23"; did you mean u32?)`},
		{[]string{"rng", "look", "--order", "rendrer"}, `(got "rendrer"; did you mean renderer?)`},
		{[]string{"streamlines", "--field", "gyr"}, `unknown field "gyr" (did you mean gyre?)`},
		{[]string{"streamlines", "--colormap", "virdis"}, `unknown colour map "virdis" (did you mean viridis?)`},
		{[]string{"render", "--egl-platform", "devic"}, `unknown EGL platform "devic" (did you mean device?)`},
		{[]string{"render", "--deposit", "inlin"}, `(got "inlin"; did you mean inline?)`},
		{[]string{"app", "--mode", "lab2"}, `(did you mean lab?)`},
		{[]string{"app", "--views", "imag"}, `(did you mean image?)`},
	} {
		r := speckle(t, nil, c.args...)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
}
