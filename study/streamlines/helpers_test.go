package streamlines

import (
	"os"
	"testing"

	"speckle/gpu/gltest"
)

// TestMain serves the GPU tests' GL work on the main thread (gltest).
func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "study/streamlines tests")) }
