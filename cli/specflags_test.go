package cli

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"speckle/rng"
)

// specFlags are every flag that names generators, by command path. Each
// reads rng.Spec's one grammar: the same table of specs runs over all.
var specFlags = []struct {
	command []string
	flag    string
	list    bool // takes several, comma-separated
}{
	{[]string{"render"}, "gen", false},
	{[]string{"capture"}, "gens", true},
	{[]string{"reference"}, "gen", false},
	{[]string{"bench", "render"}, "gens", true},
	{[]string{"app"}, "panes", true},
	{[]string{"rng", "dump"}, "gen", false},
	{[]string{"rng", "bench"}, "gens", true},
	{[]string{"rng", "look"}, "gens", true},
	{[]string{"rng", "test"}, "gens", true},
	{[]string{"rng", "pareto"}, "gens", true},
	{[]string{"rng", "bench"}, "gen", true}, // deprecated: --gens
	{[]string{"streamlines"}, "gen", false},
	{[]string{"streamlines"}, "gens", true},
}

// specSpellings are specs in the grammar, spelt as users may (spaces, a
// flag's dashes, options out of order, hex): every flag reads each as
// rng.ParseSpec does (rng's tests check its canonical spellings).
var specSpellings = []string{"philox", " philox:seed=3 ", "lehmer:lehmer-seeding=slm", "lehmer:--lehmer-seeding=consecutive",
	"ca:ca-preset=linear", "ca:ca-steps=3:ca-preset=linear:seed=0x10", "ca:ca-k=0,32,17,63:ca-rule=0x35AC", "ranlux:lux=3"}

func TestEveryGeneratorFlagReadsTheSpecGrammar(t *testing.T) {
	root := newRoot(&strings.Builder{}, &strings.Builder{})
	for _, f := range specFlags {
		c, _, err := root.Find(f.command)
		if err != nil || c.Name() != f.command[len(f.command)-1] {
			t.Fatalf("%v: no such command (%v)", f.command, err)
		}
		fl := c.Flags().Lookup(f.flag)
		if fl == nil {
			t.Fatalf("%v has no --%s", f.command, f.flag)
		}
		var list []string
		for _, spec := range specSpellings {
			s, err := rng.ParseSpec(spec)
			if err != nil {
				t.Fatalf("%q: %v", spec, err)
			}
			if err := fl.Value.Set(spec); err != nil || fl.Value.String() != s.String() {
				t.Errorf("%v --%s %q: read as %q, %v; want %q", f.command, f.flag, spec, fl.Value.String(), err, s.String())
			}
			list = append(list, s.String())
		}
		if f.list {
			joined := strings.Join(list, ",")
			if err := fl.Value.Set(joined); err != nil || fl.Value.String() != joined {
				t.Errorf("%v --%s %q: read as %q, %v", f.command, f.flag, joined, fl.Value.String(), err)
			}
		}
		for _, bad := range []string{"nope", "philox:lux=3", "ranlux:lux=9", "philox:seed=-1"} {
			if err := fl.Value.Set(bad); err == nil {
				t.Errorf("%v --%s %q accepted", f.command, f.flag, bad)
			}
		}
	}
}

// The table above is complete: every flag that names generators (by its
// name or its type) is in it, and is a spec flag.
func TestSpecFlagsTableComplete(t *testing.T) {
	listed := map[string]bool{}
	for _, f := range specFlags {
		listed["speckle "+strings.Join(f.command, " ")+" --"+f.flag] = true
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(fl *pflag.Flag) {
			key := c.CommandPath() + " --" + fl.Name
			typed := fl.Value.Type() == "spec" || fl.Value.Type() == "specs"
			named := fl.Name == "gen" || fl.Name == "gens" || fl.Name == "panes"
			if (typed || named) && !listed[key] {
				t.Errorf("%s names generators but is not in specFlags", key)
			}
			if named && !typed {
				t.Errorf("%s is a %s flag, not a generator spec", key, fl.Value.Type())
			}
		})
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(newRoot(&strings.Builder{}, &strings.Builder{}))
}
