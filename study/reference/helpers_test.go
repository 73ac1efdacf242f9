package reference

import (
	"os"
	"testing"

	"speckle/gpu/gltest"
	"speckle/rng"
	"speckle/scenes"
)

// TestMain serves the GPU tests' GL work on the main thread (gltest).
func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "study/reference tests")) }

// Helpers of this package's tests (study's own tests have the same few).

func spec(t *testing.T, s string) rng.Spec {
	t.Helper()
	sp, err := rng.ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

func builtin(t *testing.T, name string) *scenes.Scene {
	t.Helper()
	s, err := scenes.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
