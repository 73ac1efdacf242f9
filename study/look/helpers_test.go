package look

import (
	"os"
	"testing"

	"speckle/gpu/gltest"
	"speckle/rng"
)

// TestMain serves the GPU tests' GL work on the main thread (gltest).
func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "study/look tests")) }

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
