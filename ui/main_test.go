package ui

import (
	"os"
	"runtime"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
)

// GLFW wants the process's main thread, and OpenGL one thread throughout:
// init locks the main goroutine to the main thread, TestMain serves GL work
// there and tests reach it through onGL.
func init() { runtime.LockOSThread() }

func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "UI tests")) }

// onGL runs f on the GL thread with the headless context (see gltest.On).
func onGL(t *testing.T, f func(c *gpu.Context) error) {
	t.Helper()
	gltest.On(t, f)
}
