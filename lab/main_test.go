package lab

import (
	"os"
	"testing"

	"speckle/gpu/gltest"
)

// The GPU tests run their GL work on the main thread (see gltest.Main).
func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "GPU tests")) }
