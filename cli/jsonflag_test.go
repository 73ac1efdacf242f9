package cli

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// --json means one thing on every command that has it (jsonUsage: the
// result as one JSON document on stdout), and render, capture, lesson and
// version have it.
func TestJSONMeansOneThing(t *testing.T) {
	have := map[string]bool{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if f := c.Flags().Lookup("json"); f != nil {
			have[c.CommandPath()] = true
			if f.Value.Type() != "bool" || f.Usage != jsonUsage {
				t.Errorf("%s --json: %s flag %q, want the shared bool flag (jsonFlag)", c.CommandPath(), f.Value.Type(), f.Usage)
			}
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if strings.Contains(f.Name, "json") && f.Name != "json" && f.Name != "json-file" {
				t.Errorf("%s --%s: a JSON flag of another name", c.CommandPath(), f.Name)
			}
		})
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(newRoot(&strings.Builder{}, &strings.Builder{}))
	for _, p := range []string{"speckle render", "speckle capture", "speckle lesson", "speckle version",
		"speckle rng list", "speckle rng bench", "speckle rng test", "speckle rng pareto", "speckle bench render"} {
		if !have[p] {
			t.Errorf("%s has no --json", p)
		}
	}
	// rng test's --json was a file: the old spelling says what to use now.
	r := speckle(t, nil, "rng", "test", "--json", "out.json")
	if r.code != 2 || !strings.Contains(r.stderr, "--json-file out.json writes them to a file") {
		t.Errorf("rng test --json FILE: exit %d, %q", r.code, r.stderr)
	}
}

// Each command's --json stdout is one JSON document with the documented
// fields (docs/manual.md), and nothing else; progress and notes go to stderr.
func TestJSONOutputsParse(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args   []string
		fields []string
	}{
		{[]string{"version", "--json"}, []string{"version", "module", "revision", "modified", "go"}},
		{[]string{"render", "--scene", "plane", "--gen", "philox", "--photons", "2^14", "--size", "64x36", "--out", filepath.Join(dir, "r.png"), "--json"},
			[]string{"out", "scene", "generator", "photons", "iterations", "seconds", "photons_per_s", "bounces_per_s", "metric", "reference", "error"}},
		{[]string{"capture", "--scene", "plane", "--gens", "philox,lehmer", "--at", "2^13,2^14", "--size", "64x36", "--out", filepath.Join(dir, "cap"), "--json"},
			[]string{"out", "scene", "generators", "images", "files"}},
		{[]string{"rng", "test", "--gens", "randu,philox", "--tests", "triples", "--numbers", "2^16", "--streams", "64", "--samples", "8", "--json"},
			[]string{"device", "numbers_per_order", "streams", "samples", "layout", "generators", "results"}},
		{[]string{"rng", "pareto", "--gens", "lcg,philox", "--tests", "monobit", "--numbers", "2^18", "--time", "2s", "--out", filepath.Join(dir, "p.png"), "--json"},
			[]string{"device", "numbers_per_order", "samples", "tests", "seed", "battery_passes", "points"}},
		{[]string{"lesson", "lehmer-rings", "--time-limit", "30", "--out", filepath.Join(dir, "l.png"), "--json"},
			[]string{"lesson", "title", "generators", "visible", "last", "photons_per_s", "figure", "history"}},
	} {
		r := speckle(t, nil, c.args...)
		var got map[string]any
		if err := json.Unmarshal([]byte(r.stdout), &got); r.code != 0 || err != nil {
			t.Errorf("%v: exit %d, %v; stdout %q stderr %q", c.args, r.code, err, r.stdout, r.stderr)
			continue
		}
		for _, f := range c.fields {
			if _, ok := got[f]; !ok {
				t.Errorf("%v: no %q in %s", c.args, f, r.stdout)
			}
		}
	}
	r := speckle(t, nil, "lesson", "--json")
	var list []map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list) == 0 || list[0]["name"] == nil {
		t.Errorf("lesson --json: %v, %q", err, r.stdout)
	}
}

func TestJSONNumberNull(t *testing.T) {
	b, err := json.Marshal([]jsonNumber{1.5, jsonNumber(math.NaN()), jsonNumber(math.Inf(1))})
	if err != nil || string(b) != "[1.5,null,null]" {
		t.Errorf("%s, %v", b, err)
	}
}
