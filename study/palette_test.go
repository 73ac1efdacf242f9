package study

import (
	"image/color"
	"slices"
	"testing"

	"speckle/imageio"
	"speckle/rng"
)

// Every registered generator has its own colour in imageio's table (a
// generator added to rng.All needs a line there), and no two share one.
func TestEveryGeneratorHasItsColour(t *testing.T) {
	names := imageio.GeneratorNames()
	seen := map[color.NRGBA]string{}
	for _, g := range rng.All {
		if !slices.Contains(names, g.Name) {
			t.Errorf("%s has no colour in imageio's generator table (imageio/palette.go)", g.Name)
		}
		c := imageio.GeneratorColor(g.Name)
		if other, ok := seen[c]; ok {
			t.Errorf("%s and %s share colour %v", g.Name, other, c)
		}
		seen[c] = g.Name
		if sp, err := rng.ParseSpec(g.Name); err == nil && imageio.GeneratorColor(sp.Label()) != c {
			t.Errorf("%s's label %q has another colour", g.Name, sp.Label())
		}
	}
}
