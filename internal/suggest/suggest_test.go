package suggest

import (
	"slices"
	"testing"
)

func TestNear(t *testing.T) {
	gens := []string{"rand48", "ranlux", "sobol", "lehmer", "ca", "pcg32", "philox", "randu"}
	cmds := []string{"bench", "dump", "list", "look", "test"}
	for _, c := range []struct {
		word  string
		names []string
		want  []string
	}{
		{"phillox", gens, []string{"philox"}},
		{"Philox", gens, []string{"philox"}},
		{"philox", gens, nil}, // the word itself
		{"tset", cmds, []string{"test"}},
		{"lok", cmds, []string{"look"}},
		{"rendr", []string{"render", "reference", "rng"}, []string{"render"}},
		{"cornel", []string{"caustics", "cornell", "plane"}, []string{"cornell"}},
		{"bitplane", []string{"pairs", "bitplanes", "photons"}, []string{"bitplanes"}},
		{"lo", cmds, nil},                 // short: only one edit, and none is one away
		{"xyzzy", gens, nil},              // nothing near
		{"rand", gens, []string{"randu"}}, // one edit beats a prefix
		{"ca-ba", []string{"ca-bands", "ca-linear"}, []string{"ca-bands"}},
		{"lehmer-r", []string{"lehmer-rings", "rand48-swirls"}, []string{"lehmer-rings"}}, // a prefix
	} {
		if got := Near(c.word, c.names); !slices.Equal(got, c.want) {
			t.Errorf("Near(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

func TestHintAndGot(t *testing.T) {
	if got := Hint("rnd48", []string{"rand48", "randu"}); got != "did you mean rand48?" {
		t.Errorf("Hint = %q", got)
	}
	if got := Hint("lok", []string{"look", "lock"}); got != "did you mean look or lock?" {
		t.Errorf("Hint = %q", got)
	}
	if got := Got("bitplane", []string{"pairs", "bitplanes"}); got != `(got "bitplane"; did you mean bitplanes?)` {
		t.Errorf("Got = %q", got)
	}
	if got := Got("\x1b[2J", []string{"pairs"}); got != `(got "\x1b[2J")` {
		t.Errorf("Got = %q", got)
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"photns", "photons", 1}, {"tset", "test", 1}, {"abc", "cab", 2},
		{"kitten", "sitting", 3}, {"é", "e", 1},
	} {
		if d := Distance(c.a, c.b); d != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, d, c.d)
		}
	}
}
