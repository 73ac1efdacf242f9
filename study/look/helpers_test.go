package look

import (
	"testing"

	"speckle/rng"
)

// Helpers of this package's tests (study's own tests have the same few).

// spec parses s, or fails t.
func spec(t *testing.T, s string) rng.Spec {
	t.Helper()
	sp, err := rng.ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}
