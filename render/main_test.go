package render

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"speckle/render/gpu"
	"speckle/render/imageio"
)

// GL work must stay on one OS thread: TestMain keeps the main thread for it
// and tests reach it through onGL.
var (
	glThread = gpu.NewThread()
	glCtx    *gpu.Context
	glErr    error
)

// -update-golden rewrites the golden images under testdata/ (as does
// SPECKLE_UPDATE_GOLDEN=1): go test ./render -run Golden -update-golden
var updateGolden = flag.Bool("update-golden", false, "rewrite the golden images in testdata/")

func TestMain(m *testing.M) {
	flag.Parse()
	if *updateGolden {
		os.Setenv(imageio.UpdateGoldenEnv, "1")
	}
	os.Setenv("MESA_SHADER_CACHE_DISABLE", "true")
	os.Exit(glThread.Serve(func() int {
		glThread.Do(func() { glCtx, glErr = gpu.Open(gpu.Options{}) })
		if glErr == nil {
			fmt.Fprintln(os.Stderr, "GPU tests run on", glCtx.Info)
		}
		code := m.Run()
		if glErr == nil {
			glThread.Do(glCtx.Close)
		}
		return code
	}))
}

// onGL runs f on the GL thread with the shared context and fails the test
// with f's error. f must not call t.Fatal: that would end the GL thread.
// Without a context the test fails: GPU-path tests are part of the suite.
func onGL(t *testing.T, f func(c *gpu.Context) error) {
	t.Helper()
	if glErr != nil {
		t.Fatalf("no OpenGL context: %v", glErr)
	}
	var err error
	glThread.Do(func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic on the GL thread: %v", p)
			}
		}()
		err = f(glCtx)
	})
	if err != nil {
		t.Fatal(err)
	}
}
