package cli

import (
	"strings"
	"testing"
)

// The per-option flags (--lux 3) are deprecated aliases of the spec's
// options: hidden from help, where one line points to speckle rng list;
// still read, drawing the same numbers as the spec; and they print the spec
// to give instead, on stderr.
func TestOptionFlagsAreDeprecatedAliasesOfTheSpec(t *testing.T) {
	dump := []string{"rng", "dump", "--device", "cpu", "--streams", "2", "--count", "64"}
	old := speckle(t, nil, append(dump, "--gen", "ranlux", "--lux", "3")...)
	spec := speckle(t, nil, append(dump, "--gen", "ranlux:lux=3")...)
	plain := speckle(t, nil, append(dump, "--gen", "ranlux")...)
	if old.code != 0 || spec.code != 0 || old.stdout != spec.stdout || spec.stdout == plain.stdout || spec.stderr != "" {
		t.Fatalf("--lux 3: exit %d, ranlux:lux=3: exit %d (stderr %q); the same numbers: %v, differing from lux 4's: %v",
			old.code, spec.code, spec.stderr, old.stdout == spec.stdout, spec.stdout != plain.stdout)
	}
	if want := "speckle: --lux: deprecated, the options belong in the spec: --gen ranlux:lux=3\n"; old.stderr != want {
		t.Errorf("stderr %q, want %q", old.stderr, want)
	}
	r := speckle(t, nil, "rng", "look", "--device", "cpu", "--gens", "lehmer,ranlux", "--lux", "2", "--lehmer-seeding", "slm", "--help")
	if r.code != 0 || strings.Contains(r.stdout, "--lux") || strings.Contains(r.stdout, "--lehmer-seeding") || !strings.Contains(r.stdout, "speckle rng list shows every option") {
		t.Errorf("rng look --help lists the option flags or does not point to rng list:\n%s", r.stdout)
	}
}
