package ui

import (
	"fmt"
	"os"
	"runtime"
	"testing"

	"speckle/render/gpu"
)

// GLFW wants the process's main thread, and OpenGL one thread throughout:
// init locks the main goroutine to the main thread, TestMain serves GL work
// there and tests reach it through onGL.
func init() { runtime.LockOSThread() }

var (
	glThread = gpu.NewThread()
	glCtx    *gpu.Context
	glErr    error
)

func TestMain(m *testing.M) {
	os.Setenv("MESA_SHADER_CACHE_DISABLE", "true")
	os.Exit(glThread.Serve(func() int {
		glThread.Do(func() { glCtx, glErr = gpu.Open(gpu.Options{}) })
		if glErr == nil {
			fmt.Fprintln(os.Stderr, "UI tests run on", glCtx.Info)
		}
		code := m.Run()
		if glErr == nil {
			glThread.Do(glCtx.Close)
		}
		return code
	}))
}

// onGL runs f on the GL thread with the headless context and fails the test
// with f's error or panic. f must not call t.Fatal: that would end the GL
// thread.
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
