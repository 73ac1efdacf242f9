// Package ui is the glue between Dear ImGui and the machine: a Platform
// (window, input, time: GLFW, or a headless framebuffer for scripts and
// tests) and a Renderer (draws imgui's draw data through gpu), behind
// two small interfaces in the manner of the imgui-go examples.
//
// Floor: beside the studies, above the renderer. ui may import every floor
// below it; it uses gpu (the only door to OpenGL: ui does not import
// go-gl/gl) and shaders, and nothing of the window (app) or the commands.
package ui

import "github.com/inkyblackness/imgui-go/v4"

// Platform is the window system seen by the app.
type Platform interface {
	// ProcessEvents polls input and feeds it to imgui's IO.
	ProcessEvents()
	// ShouldStop reports that the user asked to close the window.
	ShouldStop() bool
	// NewFrame sets imgui's display size, framebuffer scale and delta time;
	// call it before imgui.NewFrame.
	NewFrame()
	// PostRender presents the frame (swaps buffers).
	PostRender()
	// DisplaySize is the window's size in imgui units (screen coordinates).
	DisplaySize() [2]float32
	// FramebufferSize is the drawable's size in pixels (larger on high DPI).
	FramebufferSize() [2]float32
	// ContentScale is the monitor's DPI scale (1 on a normal screen).
	ContentScale() float32
	Dispose()
}

// Renderer draws imgui's draw data into the current framebuffer.
type Renderer interface {
	PreRender(clearColor [3]float32)
	Render(displaySize, framebufferSize [2]float32, drawData imgui.DrawData)
	Dispose()
}

// Keys: platforms put letters, digits and space in imgui's KeysDown at their
// ASCII codes (upper-case letters), so the app asks imgui.IsKeyPressed('S')
// without knowing the window system. Other keys imgui needs (Tab, arrows,
// Enter, Backspace, ...) sit at KeyBase and above.
const KeyBase = 256

// The keys at KeyBase and above. Function keys F1 to F12 sit at KeyF1 to
// KeyF1 + 11.
const (
	KeyTab = KeyBase + iota
	KeyLeft
	KeyRight
	KeyUp
	KeyDown
	KeyPageUp
	KeyPageDown
	KeyHome
	KeyEnd
	KeyInsert
	KeyDelete
	KeyBackspace
	KeyEnter
	KeyEscape
	KeyKeypadEnter
	KeyLeftShift
	KeyRightShift
	KeyLeftCtrl
	KeyRightCtrl
	KeyLeftAlt
	KeyRightAlt
	KeyLeftSuper
	KeyRightSuper
	KeyF1
)

// mapKeys tells imgui where the keys it needs for navigation and text
// editing sit in KeysDown.
func mapKeys(io imgui.IO) {
	for k, v := range map[int]int{
		imgui.KeyTab: KeyTab, imgui.KeyLeftArrow: KeyLeft, imgui.KeyRightArrow: KeyRight,
		imgui.KeyUpArrow: KeyUp, imgui.KeyDownArrow: KeyDown, imgui.KeyPageUp: KeyPageUp,
		imgui.KeyPageDown: KeyPageDown, imgui.KeyHome: KeyHome, imgui.KeyEnd: KeyEnd,
		imgui.KeyInsert: KeyInsert, imgui.KeyDelete: KeyDelete, imgui.KeyBackspace: KeyBackspace,
		imgui.KeySpace: ' ', imgui.KeyEnter: KeyEnter, imgui.KeyEscape: KeyEscape,
		imgui.KeyKeyPadEnter: KeyKeypadEnter, imgui.KeyA: 'A', imgui.KeyC: 'C', imgui.KeyV: 'V',
		imgui.KeyX: 'X', imgui.KeyY: 'Y', imgui.KeyZ: 'Z',
	} {
		io.KeyMap(k, v)
	}
}

// updateModifiers derives imgui's Ctrl/Shift/Alt/Super from KeysDown.
func updateModifiers(io imgui.IO) {
	io.KeyCtrl(KeyLeftCtrl, KeyRightCtrl)
	io.KeyShift(KeyLeftShift, KeyRightShift)
	io.KeyAlt(KeyLeftAlt, KeyRightAlt)
	io.KeySuper(KeyLeftSuper, KeyRightSuper)
}

// Option adjusts a platform as it is made.
type Option func(*options)

type options struct {
	noIniFile bool
}

func collect(opts []Option) options {
	var o options
	for _, f := range opts {
		f(&o)
	}
	return o
}

// withoutIniFile stops imgui reading and writing imgui.ini in the working
// directory (io.SetIniFilename("")): for tests, and for an app that keeps its
// own settings file. Without it the platforms leave imgui's ini alone.
func withoutIniFile() Option { return func(o *options) { o.noIniFile = true } }

// UIScale is the factor by which the app should scale imgui's style sizes
// (ScaleAllSizes): the content scale, less what the framebuffer scale already
// does where imgui units are points (macOS, Wayland) rather than pixels.
func UIScale(p Platform) float32 {
	d, f := p.DisplaySize(), p.FramebufferSize()
	s := p.ContentScale()
	if d[0] > 0 && f[0] > d[0] {
		s /= f[0] / d[0]
	}
	if s <= 0 {
		return 1
	}
	return s
}
