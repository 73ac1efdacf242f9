package battery

import (
	"os"
	"testing"

	"speckle/gpu/gltest"
	"speckle/rng"
)

// TestMain serves the GPU tests' GL work on the main thread (gltest).
func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "study/battery tests")) }

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

// tr is a result as the tests write one, field by field in order.
func tr(gen, test, order string, numbers int64, p, ks, q float64, verdict string) TestResult {
	return TestResult{Generator: gen, Test: test, Order: order, Numbers: numbers, P: p, KS: ks, Q: q, Verdict: verdict}
}
