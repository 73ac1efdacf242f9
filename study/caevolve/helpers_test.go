package caevolve

import (
	"os"
	"testing"

	"speckle/gpu/gltest"
	"speckle/scenes"
)

// TestMain serves the GPU tests' GL work on the main thread (gltest).
func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "study/caevolve tests")) }

// Helpers of this package's tests (study's own tests have the same few).

// builtin is the built-in scene name, or fails t.
func builtin(t *testing.T, name string) *scenes.Scene {
	t.Helper()
	s, err := scenes.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
