package battery

import (
	"testing"

	"speckle/rng"
)

// Helpers of this package's tests (study's own tests have the same few).

// specs parses a list of specs, or fails t.
func specs(t *testing.T, list string) []rng.Spec {
	t.Helper()
	s, err := rng.ParseSpecs(list)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
