package ui

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/gpu"
)

// requireDisplay skips a window test where there is no display, unless
// SPECKLE_REQUIRE_DISPLAY=1 (make test runs the suite under xvfb-run).
func requireDisplay(t *testing.T) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		if os.Getenv("SPECKLE_REQUIRE_DISPLAY") == "1" {
			t.Fatal("no display, and SPECKLE_REQUIRE_DISPLAY=1: run under xvfb-run")
		}
		t.Skip("no display: run under xvfb-run (as make test does) to test the GLFW window")
	}
}

// A real window under X (Xvfb on llvmpipe in CI): the scene read back from
// the back buffer before the swap.
func TestGLFWRendersScene(t *testing.T) {
	requireDisplay(t)
	var sh shot
	var s scene
	var info gpu.Info
	onGL(t, func(c *gpu.Context) error {
		// glvnd allows one API's context per thread: the headless (EGL)
		// context steps aside for the window's (GLX), and comes back.
		c.Release()
		defer c.MakeCurrent()
		ictx := imgui.CreateContext(nil)
		defer ictx.Destroy()
		p, wctx, err := NewGLFW("Speckle UI test", sceneW, sceneH, gpu.Options{}, withoutIniFile())
		if err != nil {
			return err
		}
		defer p.Dispose()
		defer wctx.Close()
		info = wctx.Info
		sc, err := newScene(wctx)
		if err != nil {
			return err
		}
		defer sc.tex.Delete()
		r, err := NewRenderer(wctx, 15)
		if err != nil {
			return err
		}
		defer r.Dispose()
		for i := 0; i < 3; i++ {
			frame(p, r, sc)
			if i < 2 {
				p.PostRender()
			}
		}
		sh, err = readShot(wctx, p)
		p.PostRender()
		s = *sc
		return err
	})
	if info.Platform != "glfw" || info.Major < 4 {
		t.Errorf("adopted context reports %+v", info)
	}
	if r := sh.img.Rect; float32(r.Dx()) < sceneW*sh.scale || float32(r.Dy()) < sceneH*sh.scale {
		t.Fatalf("window framebuffer %v, smaller than %dx%d x %g", r, sceneW, sceneH, sh.scale)
	}
	checkScene(t, sh, &s)
}

func TestGLFWWithoutDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	p, c, err := NewGLFW("none", 100, 100, gpu.Options{})
	if !errors.Is(err, ErrNoDisplay) || p != nil || c != nil {
		t.Fatalf("NewGLFW without a display: %v, %v, %v; want ErrNoDisplay", p, c, err)
	}
	if !strings.Contains(err.Error(), "speckle app --headless") {
		t.Errorf("the error does not say how to run headless: %v", err)
	}
}

// A display that cannot be opened is an error, not a panic (go-gl/glfw
// panics on any call after a failed Init).
func TestGLFWBadDisplay(t *testing.T) {
	t.Setenv("DISPLAY", ":4093")
	t.Setenv("WAYLAND_DISPLAY", "")
	var err error
	onGL(t, func(c *gpu.Context) error {
		ictx := imgui.CreateContext(nil)
		defer ictx.Destroy()
		c.Release()
		defer c.MakeCurrent()
		var p *GLFW
		var wctx *gpu.Context
		p, wctx, err = NewGLFW("none", 100, 100, gpu.Options{})
		if err == nil {
			wctx.Close()
			p.Dispose()
		}
		return nil
	})
	if err == nil {
		t.Fatal("NewGLFW on DISPLAY=:4093 succeeded")
	}
	t.Log(err)
}
