// Package ui is the glue between Dear ImGui and the machine: a Platform
// (window, input, time: GLFW, or a headless framebuffer for scripts and
// tests) and a Renderer (draws imgui's draw data through render/gpu), behind
// two small interfaces in the manner of the imgui-go examples.
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
