package rng

import (
	"strings"
	"testing"
)

// Issue 21, item 10: one generator under two spellings is named twice. Before
// Identity, specs were compared by String, which keeps the notation of a
// word (0x9696 and 38550) and a preset's name.
func TestParseSpecsRefusesOneGeneratorSpelledTwice(t *testing.T) {
	for _, c := range []struct{ list, first, second string }{
		{"ca:ca-rule=0x9696,ca:ca-rule=38550", "ca:ca-rule=0x9696", "ca:ca-rule=38550"},
		{"ca:ca-rule=0x9696, ca:ca-rule=0X9696", "ca:ca-rule=0x9696", "ca:ca-rule=0X9696"},
		{"ca:ca-preset=linear,ca:ca-rule=0x9696", "ca:ca-preset=linear", "ca:ca-rule=0x9696"},
		{"ca,ca:ca-rule=0x99a5:ca-k=56,2,21,49", "ca", "ca:ca-rule=0x99a5:ca-k=56,2,21,49"},
		{"ca:ca-preset=linear:ca-rule=0x99A5,ca", "ca:ca-preset=linear:ca-rule=0x99A5", "ca"},
		{"ca:ca-rule=0b1001100110100101,ca", "ca:ca-rule=0b1001100110100101", "ca"},
		{"philox:philox-rounds=10,philox", "philox:philox-rounds=10", "philox"},
		{"philox:seed=1,philox:seed=0x1", "philox:seed=1", "philox:seed=0x1"},
	} {
		_, err := ParseSpecs(c.list)
		if err == nil || strings.Count(err.Error(), "\n") != 0 || !strings.Contains(err.Error(), "named twice") ||
			!strings.Contains(err.Error(), `"`+c.first+`"`) || !strings.Contains(err.Error(), `"`+c.second+`"`) {
			t.Errorf("%q: %v; want one line naming %q and %q", c.list, err, c.first, c.second)
		}
	}
	// Different generators stay apart, whatever their spelling shares.
	for _, ok := range []string{"ca,ca:ca-preset=linear", "ca:ca-rule=0x9696,ca:ca-rule=0x9697", "philox,philox:seed=1",
		"ca:ca-k=56,2,21,49,ca:ca-k=2,56,21,49", "lehmer,lehmer:lehmer-seeding=slm", "ca:ca-preset=linear:ca-rule=0x99A5,ca:ca-preset=linear"} {
		if _, err := ParseSpecs(ok); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
}

// Drawn adds the command's seed where the spec has none: philox and
// philox:seed=1 draw the same under --seed 1, not under --seed 2.
func TestSpecDrawn(t *testing.T) {
	a, b := mustSpec(t, "philox"), mustSpec(t, "philox:seed=1")
	if a.Drawn(1) != b.Drawn(1) || a.Drawn(2) == b.Drawn(2) || a.Identity() == b.Identity() {
		t.Errorf("philox %q %q, philox:seed=1 %q %q", a.Drawn(1), a.Drawn(2), b.Drawn(1), b.Drawn(2))
	}
}

// Hostile spec lists: each is refused in one line, never a panic.
func TestParseSpecsHostile(t *testing.T) {
	for _, c := range []struct{ list, want string }{
		{"", "unknown generator"},
		{",", "unknown generator"},
		{"philox,", "unknown generator"},
		{",philox", "unknown generator"},
		{"philox,,lehmer", "unknown generator"},
		{"philox:seed=4294967296", "the seed must be"},
		{"philox:seed=-1", "the seed must be"},
		{"philox:seed=0x100000000", "the seed must be"},
		{"philox:seed=1e3", "the seed must be"},
		{"philox:seed=", "the seed must be"},
		{"ca:ca-rule=0x10000", "16-bit word"},
		{"ca:ca-rule=-1", "16-bit word"},
		{"ca:ca-k=1,2,3,4,5", "4 integers"},
		{"ca:ca-k=01,2,3,4", "4 integers"},
		{"philox:philox-rounds=+5", "--philox-rounds"},
		{"philox:philox-rounds=010", "--philox-rounds"},
		{"philox\x1b[2J", "unknown generator"},
		{"philox:seed=1,philox:seed=1", "philox:seed=1 is named twice"},
		{"ca:ca-rule=0x9696,ca:ca-preset=linear:ca-rule=0x9696", "named twice"},
	} {
		got, err := ParseSpecs(c.list)
		if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, %v; want one line with %q", c.list, got, err, c.want)
		}
	}
}

func mustSpec(t *testing.T, s string) Spec {
	t.Helper()
	sp, err := ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}
