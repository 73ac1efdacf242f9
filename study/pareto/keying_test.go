package pareto

import (
	"testing"

	"speckle/rng"
)

// --paper keys the paper's hashes as their harness did, where a spec does
// not choose its keying; the rest are left as they are.
func TestKeyedAsThePaper(t *testing.T) {
	specs, err := rng.ParseSpecs("pcg3d,tea:tea-rounds=6,wang:hash-key=linear,philox,pcg")
	if err != nil {
		t.Fatal(err)
	}
	got := KeyedAsThePaper(specs)
	want := []string{"pcg3d:hash-key=paper", "tea:hash-key=paper:tea-rounds=6:tea-key=zero", "wang:hash-key=linear", "philox", "pcg"}
	for i, sp := range got {
		if sp.String() != want[i] {
			t.Errorf("%s: %q, want %q", specs[i].String(), sp.String(), want[i])
		}
	}
}

// Labels drop the paper's keying only where every hash of the table has
// it and no two labels would meet.
func TestLabelsLeaveOutThePapersKeying(t *testing.T) {
	row := &Paper[0]
	pts := func(specs ...string) []Point {
		out := make([]Point, len(specs))
		for i, s := range specs {
			sp, err := rng.ParseSpec(s)
			if err != nil {
				t.Fatal(err)
			}
			out[i] = Point{Generator: sp.Label(), Spec: sp.String(), Paper: row}
		}
		return out
	}
	tea6, _ := rng.ParseSpec("tea:tea-rounds=6")
	if got, ok := labelsOf(pts("pcg3d:hash-key=paper", "tea:tea-rounds=6:hash-key=paper:tea-key=zero")); !ok || got[0] != "pcg3d" || got[1] != tea6.Label() {
		t.Errorf("all paper-keyed: %q %v", got, ok)
	}
	for _, mixed := range [][]string{{"pcg3d:hash-key=paper", "pcg3d"}, {"pcg3d:hash-key=paper", "tea:hash-key=paper"}} {
		p := pts(mixed...)
		if got, ok := labelsOf(p); ok || got[0] != p[0].Generator {
			t.Errorf("%v: %q %v, want the full labels", mixed, got, ok)
		}
	}
	if _, ok := labelsOf([]Point{{Generator: "philox"}}); ok {
		t.Error("no hash of the table: nothing to leave out")
	}
}
