package rng

import (
	"strings"
	"testing"
)

// specExamples are specs in the grammar with their canonical spelling,
// label and file name.
var specExamples = []struct {
	Spec             string
	Canonical, Label string
	File             string
}{
	{"philox", "philox", "philox", "philox"},
	{" philox:seed=3 ", "philox:seed=3", "philox seed=3", "philox-seed3"},
	{"lehmer:lehmer-seeding=slm", "lehmer:lehmer-seeding=slm", "lehmer slm", "lehmer-slm"},
	{"lehmer:--lehmer-seeding=consecutive", "lehmer", "lehmer", "lehmer"},
	{"ca:ca-preset=linear", "ca:ca-preset=linear", "ca linear", "ca-linear"},
	{"ca:ca-steps=3:ca-preset=linear:seed=0x10", "ca:ca-preset=linear:ca-steps=3:seed=16", "ca linear ca-steps=3 seed=16", "ca-linear-ca-steps3-seed16"},
	{"ca:ca-k=0,32,17,63:ca-rule=0x35AC", "ca:ca-k=0,32,17,63:ca-rule=0x35AC", "ca ca-k=0,32,17,63 ca-rule=0x35AC", "ca-ca-k0.32.17.63-ca-rule0x35AC"},
	{"ranlux:lux=3", "ranlux:lux=3", "ranlux lux=3", "ranlux-lux3"},
}

func TestSpecForms(t *testing.T) {
	for _, c := range specExamples {
		s, err := ParseSpec(c.Spec)
		if err != nil {
			t.Errorf("%q: %v", c.Spec, err)
			continue
		}
		if s.String() != c.Canonical || s.Label() != c.Label || s.FileName() != c.File {
			t.Errorf("%q: canonical %q, label %q, file %q; want %q, %q, %q", c.Spec, s.String(), s.Label(), s.FileName(), c.Canonical, c.Label, c.File)
		}
	}
}

func TestSpecRefused(t *testing.T) {
	for spec, want := range map[string]string{
		"":                             "unknown generator",
		"nope":                         "unknown generator",
		"ca:ca-preset":                 "NAME[:OPTION=VALUE]",
		"ca:=linear":                   "NAME[:OPTION=VALUE]",
		"philox:lux=3":                 "does not apply to generator philox",
		"ranlux:lux=9":                 "--lux",
		"philox:seed=-1":               "the seed must be",
		"philox:seed=4294967296":       "the seed must be",
		"philox:seed=1:seed=2":         "seed twice",
		"ranlux:lux=1:lux=2":           "--lux twice",
		"lehmer:lehmer-seeding=other":  "--lehmer-seeding",
		"ca:ca-k=64,0,0,0":             "ca-k",
		"lehmer:lehmer-seeding=slm:x=": "does not apply",
	} {
		if _, err := ParseSpec(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error saying %q", spec, err, want)
		}
	}
}

func TestParseSpecs(t *testing.T) {
	all, err := ParseSpecs("all")
	if err != nil || len(all) != len(All) {
		t.Fatalf("all: %v, %v", all, err)
	}
	got, err := ParseSpecs("lehmer:lehmer-seeding=slm,lehmer,philox:seed=3")
	if err != nil || len(got) != 3 || got[0].Label() != "lehmer slm" || got[2].Seed != 3 {
		t.Fatalf("%v, %v", got, err)
	}
	for _, dup := range []string{"philox,philox", "ranlux,ranlux:lux=4", "philox:seed=1,philox:seed=0x1"} {
		if _, err := ParseSpecs(dup); err == nil || !strings.Contains(err.Error(), "named twice") {
			t.Errorf("%q: %v, want refused as named twice", dup, err)
		}
	}
}

// With fills in the command's options only where they apply and the spec
// is silent; Config prefers the spec's seed.
func TestSpecWithAndConfig(t *testing.T) {
	s, _ := ParseSpec("ranlux:lux=2")
	w := s.With(map[string]string{"lux": "0", "ca-steps": "3"})
	if len(w.Options) != 1 || w.Options["lux"] != "2" {
		t.Errorf("spec's own lux lost or another generator's option kept: %v", w.Options)
	}
	p, _ := ParseSpec("ca")
	if w := p.With(map[string]string{"ca-steps": "3", "lux": "0"}); len(w.Options) != 1 || w.Options["ca-steps"] != "3" {
		t.Errorf("command option not applied: %v", w.Options)
	}
	if c := (Spec{Gen: Philox, Seed: 9, HasSeed: true}).Config(4, 1); c.Seed != 9 || c.Streams != 4 {
		t.Errorf("spec's seed not preferred: %+v", c)
	}
	if c := (Spec{Gen: Philox}).Config(4, 1); c.Seed != 1 {
		t.Errorf("command's seed not used: %+v", c)
	}
}
