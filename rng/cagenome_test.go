package rng

import (
	"strings"
	"testing"
)

// A genome's text and its bit string both read back to the same genome,
// for the presets and for random bit strings; its spec is the ca
// generator with those options.
func TestCAGenomeRoundTrip(t *testing.T) {
	x := uint64(0x9E3779B97F4A7C15)
	genomes := []CAGenome{CAPresetGenome("paper"), CAPresetGenome("linear"), {}, {K: [4]int{63, 63, 63, 63}, Rule: 0xFFFF}}
	for i := 0; i < 200; i++ {
		x = splitMix64(x)
		genomes = append(genomes, CAGenomeOfBits(x))
	}
	for _, g := range genomes {
		back, err := parseCAGenome(g.String())
		if err != nil || back != g {
			t.Errorf("%s read back as %v, %v", g, back, err)
		}
		if b := CAGenomeOfBits(g.Bits()); b != g || g.Bits()>>CAGenomeBits != 0 {
			t.Errorf("%s: bits %#x read back as %s", g, g.Bits(), b)
		}
		spec, err := ParseSpec(g.Spec().String())
		if err != nil || spec.Options["ca-k"] != g.Options()["ca-k"] || spec.Options["ca-rule"] != g.Options()["ca-rule"] {
			t.Errorf("%s: spec %q read back as %v, %v", g, g.Spec(), spec, err)
		}
	}
	if s := CAPresetGenome("paper").String(); s != "56,2,21,49:0x99A5" {
		t.Errorf("the paper's genome is written %q", s)
	}
}

// Bad genome texts are refused by the ca options' own parsers.
func TestParseCAGenomeRefuses(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"56,2,21,49", "K0,K1,K2,K3:RULE"},
		{"56,2,21:0x99A5", "--ca-k must be 4 integers"},
		{"56,2,21,64:0x99A5", "--ca-k must be 4 integers 0..63"},
		{"56,2,21,49:0x199A5", "--ca-rule must be a 16-bit word"},
		{"56,2,21,49:rule", "--ca-rule must be a 16-bit word"},
	} {
		if _, err := parseCAGenome(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
}

// A population's candidate draws exactly what the ca generator with its
// genome draws from the same stream number within its group: the paper's
// genome gives the spec's known answers, whatever its place.
func TestCAPopulationIsTheCAGenerator(t *testing.T) {
	genomes := []CAGenome{CAPresetGenome("linear"), {K: [4]int{0, 32, 17, 63}, Rule: 0x35AC}, CAPresetGenome("paper")}
	const per = 3
	for _, opts := range []map[string]string{nil, {"ca-steps": "3", "ca-warmup": "7"}} {
		pop, err := NewCAPopulation(genomes, per, Config{Seed: 1, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		for g, genome := range genomes {
			o := genome.Options()
			for k, v := range opts {
				o[k] = v
			}
			ca := caNew(t, 1, o)
			for j := 0; j < per; j++ {
				got, want := pop.Stream(g*per+j), ca.Stream(j)
				for i := 0; i < 50; i++ {
					if a, b := got.U32(), want.U32(); a != b {
						t.Fatalf("%v genome %s stream %d value %d: %08x, the ca generator %08x", opts, genome, j, i, a, b)
					}
				}
			}
		}
	}
	pop, _ := NewCAPopulation(genomes, per, Config{Seed: 1})
	s := pop.Stream(2 * per)
	for i, w := range []uint32{0x45928be5, 0x2d0b929b, 0x158076e5, 0x00271d4d} {
		if got := s.U32(); got != w {
			t.Errorf("paper candidate value %d: %08x, the known answer %08x", i, got, w)
		}
	}
	if _, err := NewCAPopulation(genomes, per, Config{Options: map[string]string{"ca-rule": "0x1"}}); err == nil {
		t.Error("a population took --ca-rule")
	}
}
