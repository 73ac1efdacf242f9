package lab

import (
	"flag"
	"os"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/imageio/golden"
)

// -update-golden rewrites the golden images under testdata/ (as does
// SPECKLE_UPDATE_GOLDEN=1): go test ./render -run Golden -update-golden
var updateGolden = flag.Bool("update-golden", false, "rewrite the golden images in testdata/")

func TestMain(m *testing.M) {
	flag.Parse()
	if *updateGolden {
		os.Setenv(golden.UpdateEnv, "1")
	}
	os.Exit(gltest.Main(m, "GPU tests"))
}

// onGL runs f on the GL thread with the shared context (see gltest.On).
func onGL(t *testing.T, f func(c *gpu.Context) error) {
	t.Helper()
	gltest.On(t, f)
}
