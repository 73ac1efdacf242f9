package app

import (
	"strings"
	"testing"

	"speckle/rng"
)

// The picker lists every generator once: the generators proper first,
// then the GPU hashes under their heading.
func TestPickerGroupsTheHashes(t *testing.T) {
	fams := generatorFamilies()
	seen := map[string]bool{}
	for i, f := range fams {
		if (i == 0) != (f.name == "") || len(f.gens) == 0 && i > 0 {
			t.Errorf("group %d %q of %d generators", i, f.name, len(f.gens))
		}
		for _, g := range f.gens {
			if g.Family != f.name || seen[g.Name] {
				t.Errorf("%s (family %q) under %q, or twice", g.Name, g.Family, f.name)
			}
			seen[g.Name] = true
		}
	}
	if len(seen) != len(rng.All) || len(fams) < 2 || fams[1].name != rng.HashFamily {
		t.Errorf("%d of %d generators in %d groups", len(seen), len(rng.All), len(fams))
	}
}

// Panes draw with hashes, keyed each way, trig (inexact) included: a
// pane's keying is one of its generator's options.
func TestHashPanesRender(t *testing.T) {
	a := newTestApp(t, testSettings())
	for i, c := range []struct{ gen, key string }{{"pcg3d", "native"}, {"wang", "linear"}, {"trig", "nested"}, {"xxhash32", "counter"}} {
		if err := a.Model.SetGenerator(i, c.gen); err != nil {
			t.Fatal(err)
		}
		if err := a.Model.SetOption(i, "hash-key", c.key); err != nil {
			t.Fatal(err)
		}
	}
	frames(t, a, 4)
	for i, p := range a.Stats().Panes {
		if p.Err != nil || p.Photons == 0 || !strings.Contains(p.Label, []string{"pcg3d", "wang", "trig", "xxhash32"}[i]) {
			t.Errorf("pane %d (%s): %d photons, error %v", i+1, p.Label, p.Photons, p.Err)
		}
	}
}
