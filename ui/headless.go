package ui

import (
	"fmt"
	"math"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/gpu"
)

// Headless is a Platform without a window: imgui draws into an offscreen
// framebuffer of fixed size, time advances by a fixed step per frame and
// input comes from a script (MoveMouse, SetButton, Scroll, PressKey, Type).
// It runs on a GPU server with no X server, over an EGL context from
// gpu.Open, and makes tests and scripted captures deterministic.
type Headless struct {
	io      imgui.IO
	fb      *gpu.Framebuffer
	w, h    int
	dt      float32
	queue   []event // input waiting for ProcessEvents
	pressed []int   // keys PressKey put down last frame
}

// event is one piece of scripted input; what it changes (a mouse button,
// a key, or nothing) may change once per frame.
type event struct {
	what  string // "button 0", "key 65", ""
	apply func(io imgui.IO)
}

var _ Platform = (*Headless)(nil)

// NewHeadless makes a width x height headless platform for the current imgui
// context; each frame lasts frameTime (1/60 s if not positive).
func NewHeadless(ctx *gpu.Context, width, height int, frameTime time.Duration, opts ...Option) (*Headless, error) {
	if width < 1 || height < 1 {
		return nil, fmt.Errorf("headless display of %dx%d pixels", width, height)
	}
	fb, err := ctx.NewFramebuffer(width, height)
	if err != nil {
		return nil, err
	}
	if frameTime <= 0 {
		frameTime = time.Second / 60
	}
	p := &Headless{io: imgui.CurrentIO(), fb: fb, w: width, h: height, dt: float32(frameTime.Seconds())}
	if collect(opts).noIniFile {
		p.io.SetIniFilename("")
	}
	mapKeys(p.io)
	// No mouse until the script moves it: nothing is hovered.
	p.io.SetMousePosition(imgui.Vec2{X: -math.MaxFloat32, Y: -math.MaxFloat32})
	return p, nil
}

// MoveMouse puts the mouse at (x, y) display units from the top left.
func (p *Headless) MoveMouse(x, y float32) {
	p.queue = append(p.queue, event{"", func(io imgui.IO) { io.SetMousePosition(imgui.Vec2{X: x, Y: y}) }})
}

// SetButton presses or releases mouse button i (0 left, 1 right, 2 middle).
// A press and a release queued together land in successive frames, so
// imgui sees the click.
func (p *Headless) SetButton(i int, down bool) {
	p.queue = append(p.queue, event{fmt.Sprint("button ", i), func(io imgui.IO) { io.SetMouseButtonDown(i, down) }})
}

// Scroll turns the mouse wheel by dy notches (positive: away from the user).
func (p *Headless) Scroll(dy float32) {
	p.queue = append(p.queue, event{"", func(io imgui.IO) { io.AddMouseWheelDelta(0, dy) }})
}

// PressKey holds key k (an upper-case ASCII letter, digit or space, or a Key
// constant) down for one frame and releases it on the next.
func (p *Headless) PressKey(k int) {
	p.queue = append(p.queue, event{fmt.Sprint("key ", k), func(io imgui.IO) {
		io.KeyPress(k)
		p.pressed = append(p.pressed, k)
	}})
}

// ProcessEvents releases the keys pressed last frame and applies the queued
// input, leaving for the next frame whatever would change a button or key
// a second time.
func (p *Headless) ProcessEvents() {
	changed := map[string]bool{} // buttons and keys changed this frame
	for _, k := range p.pressed {
		p.io.KeyRelease(k)
		changed[fmt.Sprint("key ", k)] = true
	}
	p.pressed = p.pressed[:0]
	n := 0
	for ; n < len(p.queue); n++ {
		e := p.queue[n]
		if e.what != "" && changed[e.what] {
			break // the rest, in order, next frame
		}
		changed[e.what] = true
		e.apply(p.io)
	}
	p.queue = p.queue[n:]
	updateModifiers(p.io)
}

// ShouldStop is false: a script decides how many frames to draw.
func (p *Headless) ShouldStop() bool { return false }

// NewFrame binds the framebuffer (the renderer draws into it) and sets
// imgui's display size and the fixed time step.
func (p *Headless) NewFrame() {
	p.fb.Bind()
	p.io.SetDisplaySize(imgui.Vec2{X: float32(p.w), Y: float32(p.h)})
	p.io.SetDisplayFrameBufferScale(imgui.Vec2{X: 1, Y: 1})
	p.io.SetDeltaTime(p.dt)
}

// PostRender does nothing: there is nothing to present. The frame stays in
// Framebuffer.
func (p *Headless) PostRender() {}

// DisplaySize is the framebuffer's size: one unit per pixel.
func (p *Headless) DisplaySize() [2]float32 { return [2]float32{float32(p.w), float32(p.h)} }

// FramebufferSize equals DisplaySize.
func (p *Headless) FramebufferSize() [2]float32 { return p.DisplaySize() }

// ContentScale is 1.
func (p *Headless) ContentScale() float32 { return 1 }

// Dispose frees the framebuffer.
func (p *Headless) Dispose() { p.fb.Delete() }
