package rng

import "testing"

// A list of specs is cut at the commas that start a generator, so that an
// option whose value holds commas (ca-k) can be listed among others.
func TestParseSpecsValuesWithCommas(t *testing.T) {
	got, err := ParseSpecs("ca:ca-k=0,32,17,63:ca-rule=0x35AC,philox,ca:ca-k=1,2,3,4")
	if err != nil || len(got) != 3 || got[0].String() != "ca:ca-k=0,32,17,63:ca-rule=0x35AC" || got[1].Gen != Philox || got[2].String() != "ca:ca-k=1,2,3,4" {
		t.Fatalf("read as %v, %v", got, err)
	}
	for _, bad := range []string{"rand48,nope", "philox,,lehmer", "ca:ca-k=0,32,17", "lehmer,32"} {
		if _, err := ParseSpecs(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
