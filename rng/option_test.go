package rng

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// accepted and refused are values of o at and just past its bounds.
func boundaryValues(o Option) (accepted, refused []string) {
	list := func(n int, x int64) string {
		return strings.TrimSuffix(strings.Repeat(fmt.Sprint(x)+",", n), ",")
	}
	switch o.Kind {
	case Choice:
		accepted = o.Choices
		refused = []string{"other", strings.ToUpper(o.Choices[0]), " " + o.Choices[0], o.Choices[0] + "|" + o.Choices[len(o.Choices)-1]}
	case Integer:
		accepted = []string{fmt.Sprint(o.Min), fmt.Sprint(o.Max)}
		refused = []string{fmt.Sprint(o.Min - 1), fmt.Sprint(o.Max + 1), "1.5", "0x1", "99999999999999999999", fmt.Sprintf(" %d", o.Max), fmt.Sprintf("\r%d", o.Max),
			fmt.Sprintf("+%d", o.Max), fmt.Sprintf("0%d", o.Max)}
	case Word:
		accepted = []string{"0", fmt.Sprintf("0x%X", o.wordMax()), fmt.Sprint(o.wordMax())}
		refused = []string{fmt.Sprintf("0x%X", o.wordMax()+1), "-1", "0x", "zz", "0x1 "}
	case IntList:
		accepted = []string{list(o.Len, o.Min), list(o.Len, o.Max)}
		refused = []string{list(o.Len, o.Min-1), list(o.Len, o.Max+1), list(o.Len-1, o.Min), list(o.Len+1, o.Min),
			list(o.Len, o.Min) + ",", "NaN" + strings.TrimPrefix(list(o.Len, o.Min), fmt.Sprint(o.Min)),
			strings.ReplaceAll(list(o.Len, o.Min), ",", ", "), "0" + list(o.Len, o.Max)}
	}
	refused = append(refused, "NaN", "Inf", "-Inf", "1e99", "a\nb")
	if o.Default == "" {
		accepted = append(accepted, "")
	} else {
		refused = append(refused, "")
	}
	refused = append(refused, " ")
	return accepted, refused
}

// TestOptionDeclarations: every option of every generator is declared
// whole (a kind, its bounds, a default it accepts), its values at the
// bounds pass and those just past them fail, Generator.New refuses exactly
// what Check refuses (with the same message), and every accepted value
// reaches the instance.
func TestOptionDeclarations(t *testing.T) {
	for _, g := range All {
		for _, o := range g.Options {
			name := g.Name + " --" + o.Name
			switch {
			case !isFlagName(o.Name) || o.Help == "":
				t.Errorf("%s: a flag's name and a help text, please", name)
			case o.Kind == Choice && (len(o.Choices) < 2 || o.Min != 0 || o.Max != 0 || o.Bits != 0 || o.Len != 0):
				t.Errorf("%s: a choice has two or more Choices and no bounds", name)
			case o.Kind == Integer && (o.Min > o.Max || o.Choices != nil || o.Bits != 0 || o.Len != 0):
				t.Errorf("%s: an integer has Min <= Max and nothing else", name)
			case o.Kind == Word && (o.Bits < 1 || o.Bits > 63 || o.Choices != nil || o.Min != 0 || o.Max != 0 || o.Len != 0):
				t.Errorf("%s: a word has 1..63 Bits and nothing else", name)
			case o.Kind == IntList && (o.Len < 2 || o.Len > 26 || o.Min > o.Max || o.Choices != nil || o.Bits != 0):
				t.Errorf("%s: a list has 2..26 elements, Min <= Max and no Choices or Bits", name)
			case o.Kind < Choice || o.Kind > IntList:
				t.Errorf("%s: kind %v", name, o.Kind)
			}
			if err := o.Check(o.Default); err != nil {
				t.Errorf("%s: the default %q fails its own check: %v", name, o.Default, err)
			}
			// An empty default means "the generator decides"; the window
			// then shows, and starts editing from, what it decided.
			if (o.Default == "") != (o.Effective != nil) {
				t.Errorf("%s: an empty default needs Effective, and only it", name)
			}
			if o.Effective != nil {
				if err := o.Check(o.Effective(map[string]string{})); err != nil {
					t.Errorf("%s: the effective value fails the check: %v", name, err)
				}
			}
			accepted, refused := boundaryValues(o)
			var insts []Instance
			for _, v := range accepted {
				if err := o.Check(v); err != nil {
					t.Errorf("%s %q refused: %v", name, v, err)
				}
				inst, err := g.New(Config{Seed: 1, Streams: 1, Options: map[string]string{o.Name: v}})
				if err != nil {
					t.Errorf("%s %q passes Check but New refuses it: %v", name, v, err)
					continue
				}
				insts = append(insts, inst)
			}
			if !distinctInstances(insts[0], insts[1]) {
				t.Errorf("%s: %q and %q configure the same generator: Configure ignores the option", name, accepted[0], accepted[1])
			}
			for _, v := range refused {
				err := o.Check(v)
				if err == nil {
					t.Errorf("%s %q accepted", name, v)
					continue
				}
				if msg := err.Error(); !strings.HasPrefix(msg, "--"+o.Name+" must be ") || strings.Contains(msg, "\n") || !strings.Contains(msg, fmt.Sprintf("(got %q", v)) || !strings.HasSuffix(msg, ")") { // "; did you mean" may follow the word
					t.Errorf("%s %q: message %q, want one line --%s must be ... (got %q)", name, v, msg, o.Name, v)
				}
				if _, nerr := g.New(Config{Seed: 1, Streams: 1, Options: map[string]string{o.Name: v}}); nerr == nil || nerr.Error() != err.Error() {
					t.Errorf("%s %q: New says %v, Check %v", name, v, nerr, err)
				}
			}
		}
	}
}

// distinctInstances says whether a and b differ in what the GPU port is
// built with or in their first numbers.
func distinctInstances(a, b Instance) bool {
	if !reflect.DeepEqual(a.Defines(), b.Defines()) || !slices.Equal(a.Aux(), b.Aux()) {
		return true
	}
	sa, sb := a.Stream(0), b.Stream(0)
	for range 8 {
		if sa.U32() != sb.U32() {
			return true
		}
	}
	return false
}

// TestOptionValuesText: help and docs show each option's accepted values
// as they read before options were typed; a new option adds its line here,
// so a help text never changes unseen. The messages keep their shape.
func TestOptionValuesText(t *testing.T) {
	want := map[string]string{
		"lux":               "0..4",
		"lehmer-seeding":    "consecutive|slm",
		"ca-preset":         "paper|linear",
		"ca-k":              "a,b,c,d (each 0..63)",
		"ca-rule":           "0x0000..0xFFFF",
		"ca-steps":          "1..4096",
		"ca-warmup":         "0..1000000",
		"philox-rounds":     "1..16",
		"philox-interleave": "1..4",
		"sobol-pixels":      "own|shared",
		"hash-key":          "counter|linear|nested|paper", // and |native where the hash takes several words
		"tea-rounds":        "2..6",
		"tea-key":           "zafar|zero",
	}
	seen := map[string]bool{}
	for _, g := range All {
		for _, o := range g.Options {
			seen[o.Name] = true
			if w, ok := want[o.Name]; !ok || o.Values() != w && !(o.Name == "hash-key" && o.Values() == w+"|native") {
				t.Errorf("--%s reads %q, want %q", o.Name, o.Values(), w)
			}
			var back struct{ Name, Kind, Values, Default string }
			if j, err := json.Marshal(o); err != nil || json.Unmarshal(j, &back) != nil ||
				back.Name != o.Name || back.Kind != o.Kind.String() || back.Values != o.Values() || back.Default != o.Default {
				t.Errorf("--%s as JSON: %s, %v", o.Name, j, err)
			}
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("no generator has --%s any more", name)
		}
	}
	for _, c := range []struct{ gen, opt, v, want string }{
		{"ranlux", "lux", "9", `--lux must be 0..4 (got "9")`},
		{"lehmer", "lehmer-seeding", "odd", `--lehmer-seeding must be consecutive or slm (got "odd")`},
		{"ca", "ca-rule", "0x10000", `--ca-rule must be a 16-bit word 0x0000..0xFFFF (got "0x10000")`},
		{"ca", "ca-k", "1,2,3", `--ca-k must be 4 integers 0..63 separated by commas (got "1,2,3")`},
		{"ca", "ca-steps", "0", `--ca-steps must be 1..4096 (got "0")`},
		{"philox", "philox-rounds", "17", `--philox-rounds must be 1..16 (got "17")`},
		{"philox", "philox-interleave", "8", `--philox-interleave must be 1..4 (got "8")`},
	} {
		g, _ := Lookup(c.gen)
		if _, err := g.New(Config{Streams: 1, Options: map[string]string{c.opt: c.v}}); err == nil || err.Error() != c.want {
			t.Errorf("%s --%s %s: %v, want %s", c.gen, c.opt, c.v, err, c.want)
		}
	}
	if got := orList([]string{"a", "b", "c"}); got != "a, b or c" {
		t.Errorf("three choices read %q", got)
	}
}
