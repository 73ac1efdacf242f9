package rng

import "testing"

func TestParseSpec(t *testing.T) {
	g, opts, err := ParseSpec(" ca:ca-preset=linear:--ca-steps=3")
	if err != nil || g != CA || len(opts) != 2 || opts["ca-preset"] != "linear" || opts["ca-steps"] != "3" {
		t.Fatalf("%v %v %v", g, opts, err)
	}
	if g, opts, err := ParseSpec("philox"); err != nil || g != Philox || opts != nil {
		t.Fatalf("plain name: %v %v %v", g, opts, err)
	}
	for _, bad := range []string{"nope", "ca:ca-preset", "ca:=linear", ""} {
		if _, _, err := ParseSpec(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
