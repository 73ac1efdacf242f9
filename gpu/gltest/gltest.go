// Package gltest runs a package's GPU tests on one OS thread: OpenGL
// contexts belong to a thread and `go test` runs tests on goroutines, so
// TestMain keeps the main thread, serves GL work there, and tests hand their
// GL work to it (Do, On). Main also opens the shared headless context.
//
// Floor: just above the leaves, test-only (layers_test.go's testOnly): it
// imports gpu alone (and gpu/internal/readback, which counts gpu's
// read-backs), and only _test.go files may import it.
package gltest

import (
	"fmt"
	"os"
	"testing"

	"speckle/gpu"
	"speckle/gpu/internal/readback"
)

var (
	thread = gpu.NewThread()
	ctx    *gpu.Context
	ctxErr error
)

// Serve runs the tests while the calling (main) thread serves GL work, for
// packages that make their own contexts.
func Serve(m *testing.M) int {
	os.Setenv("MESA_SHADER_CACHE_DISABLE", "true")
	return thread.Serve(m.Run)
}

// Main is Serve with the shared headless context open, named in one line
// on stderr ("<label> run on <device>").
func Main(m *testing.M, label string) int {
	os.Setenv("MESA_SHADER_CACHE_DISABLE", "true")
	return thread.Serve(func() int {
		thread.Do(func() { ctx, ctxErr = gpu.Open(gpu.Options{}) })
		if ctxErr == nil {
			fmt.Fprintln(os.Stderr, label, "run on", ctx.Info)
		}
		code := m.Run()
		if ctxErr == nil {
			thread.Do(ctx.Close)
		}
		return code
	})
}

// Context is the shared context (Main), nil if it could not be opened.
func Context() *gpu.Context { return ctx }

// ReadBacks is the number of buffer and texture read-backs so far, on all
// contexts: tests check that hot loops do not stall on them.
func ReadBacks() int64 { return readback.Total() }

// Do runs f on the GL thread and turns a panic there into an error, so
// that the thread lives on. f must not call t.Fatal.
func Do(f func() error) (err error) {
	thread.Do(func() {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic on the GL thread: %v", p)
			}
		}()
		err = f()
	})
	return err
}

// On runs f with the shared context on the GL thread and fails the test
// with f's error; without a context the test fails (GPU tests are part of
// the suite, never skipped).
func On(t testing.TB, f func(c *gpu.Context) error) {
	t.Helper()
	if ctxErr != nil {
		t.Fatalf("no OpenGL context: %v", ctxErr)
	}
	if err := Do(func() error { return f(ctx) }); err != nil {
		t.Fatal(err)
	}
}
