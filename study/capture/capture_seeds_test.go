package capture

import (
	"strings"
	"testing"

	"speckle/rng"
	"speckle/study"
)

// Issue 21, item 9: --seeds steps each generator's seed; past 2^32-1 it
// wrapped to 0 without a word. Item 10: philox and philox:seed=1 under
// --seed 1 render the same image. Both are refused before any GPU work.
func TestCaptureCheckSeeds(t *testing.T) {
	for _, c := range []struct {
		gens  []string
		seed  uint32
		seeds int
		want  string // "" accepted
	}{
		{[]string{"philox:seed=4294967295"}, 1, 2, "--seeds 2 from philox:seed=4294967295's seed 4294967295 would pass 4294967295"},
		{[]string{"philox"}, 4294967295, 2, "--seeds 2 from philox's seed 4294967295"},
		{[]string{"lehmer", "philox"}, 4294967240, 64, "from philox's seed 4294967240"},
		// Lehmer's replicates step by 2^26 and wrap, as its seeds do.
		{[]string{"lehmer"}, 4294967240, 64, ""},
		{[]string{"lehmer", "lehmer:seed=67108865"}, 1, 2, "would render the same image (lehmer, seed 67108865)"},
		{[]string{"lehmer", "lehmer:seed=2"}, 1, 2, ""},
		{[]string{"philox:seed=4294967295"}, 1, 1, ""},
		{[]string{"philox"}, 4294967232, 64, ""},
		{[]string{"philox", "philox:seed=1"}, 1, 1, "--gens philox and philox:seed=1 would render the same image (philox, seed 1)"},
		{[]string{"philox:seed=1", "philox"}, 1, 1, "--gens philox:seed=1 and philox would render the same image"},
		{[]string{"philox", "philox:seed=1"}, 2, 1, ""},
		{[]string{"philox", "philox:seed=3"}, 1, 3, "seed 3"},
		{[]string{"philox", "philox:seed=3"}, 1, 2, ""},
		{[]string{"ca:seed=5", "ca:ca-rule=0x99A5"}, 5, 1, "would render the same image (ca, seed 5)"},
		{[]string{"ca:ca-preset=linear:seed=7", "ca:ca-rule=0x9696:seed=7"}, 1, 1, "would render the same image"},
		{[]string{"lehmer", "lehmer:seed=1:lehmer-seeding=slm"}, 1, 1, ""},
	} {
		o := Capture{Setup: study.Setup{Scene: builtin(t, "plane"), Width: 8, Height: 6, Alpha: 0.7, Seed: c.seed}, Seeds: c.seeds}
		for _, g := range c.gens {
			o.Specs = append(o.Specs, spec(t, g))
		}
		err := o.Check()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%v --seed %d --seeds %d: %v", c.gens, c.seed, c.seeds, err)
		case c.want != "" && (!study.IsInputError(err) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n")):
			t.Errorf("%v --seed %d --seeds %d: %v; want one line with %q", c.gens, c.seed, c.seeds, err, c.want)
		}
	}
	// The common seed applies before comparing: ranlux:lux=3:seed=1 and
	// ranlux:lux=3 under --seed 1.
	o := Capture{Setup: study.Setup{Scene: builtin(t, "plane"), Width: 8, Height: 6, Alpha: 0.7, Seed: 1},
		Specs: []rng.Spec{spec(t, "ranlux:lux=3:seed=1"), spec(t, "ranlux:lux=3")}}
	if err := o.Check(); !study.IsInputError(err) || !strings.Contains(err.Error(), "would render the same image") {
		t.Errorf("ranlux:lux=3:seed=1 and ranlux:lux=3 under --seed 1: %v", err)
	}
}
