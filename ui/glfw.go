package ui

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"math"
	"os"
	"strings"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"

	"speckle/gpu"
)

// ErrNoDisplay is NewGLFW's answer where there is no display to open a
// window on.
var ErrNoDisplay = errors.New("no display (DISPLAY and WAYLAND_DISPLAY are unset): run `speckle capture` or `speckle render` to render headless, or `speckle app --headless`")

// GLFW is a Platform with a window: GLFW on X11, its OpenGL context adopted
// by gpu. GLFW wants its calls from the main thread: lock it (an
// init func calling runtime.LockOSThread) and make every call from there.
type GLFW struct {
	window      *glfw.Window
	ctx         *gpu.Context
	io          imgui.IO
	time        float64
	justPressed [3]bool // clicks shorter than a frame still reach imgui
	cursors     map[imgui.MouseCursorID]*glfw.Cursor
	cursor      imgui.MouseCursorID
}

var _ Platform = (*GLFW)(nil)

// NewGLFW opens a width x height window (in screen units, scaled to the
// monitor's content scale) with an OpenGL 4.5 core context, or 4.3 where 4.5
// is refused, makes it current on the calling thread and adopts it into a
// gpu.Context. Vsync is off (SetSwapInterval turns it on). It reports
// ErrNoDisplay where there is no display, and GLFW's failures as errors.
// No EGL context (gpu.Open) may be current on the thread: Release it first,
// or libglvnd's GLX fails with an X error that ends the process.
func NewGLFW(title string, width, height int, o gpu.Options, opts ...Option) (p *GLFW, ctx *gpu.Context, err error) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return nil, nil, ErrNoDisplay
	}
	cfg := collect(opts)
	var glfwLog bytes.Buffer
	inited := false
	defer func() {
		// go-gl/glfw panics on errors it calls programming errors, such
		// as any call after a failed Init: turn them into errors.
		if e := recover(); e != nil {
			err = fmt.Errorf("opening a window: %v", e)
			if msg := strings.TrimSpace(glfwLog.String()); msg != "" {
				err = fmt.Errorf("opening a window: %s", msg)
			}
		}
		if err != nil && inited {
			if p != nil && p.window != nil {
				p.window.Destroy()
			}
			glfw.Terminate()
			p, ctx = nil, nil
		}
	}()
	// go-gl/glfw logs GLFW's platform errors, and a failed glfw.Init
	// returns nil after logging: catch the log for our error message.
	w, flags := log.Writer(), log.Flags()
	log.SetOutput(&glfwLog)
	log.SetFlags(0)
	defer func() { log.SetOutput(w); log.SetFlags(flags) }()
	if err = glfw.Init(); err != nil {
		return nil, nil, fmt.Errorf("starting GLFW: %v", err)
	}
	inited = true
	window, err := createWindow(title, width, height, o.Debug, &glfwLog)
	if err != nil {
		return nil, nil, err
	}
	p = &GLFW{window: window, io: imgui.CurrentIO(), cursor: imgui.MouseCursorArrow}
	window.MakeContextCurrent()
	glfw.SwapInterval(0)
	o.MakeCurrent = window.MakeContextCurrent
	if ctx, err = gpu.Adopt(glfw.GetProcAddress, o); err != nil {
		return nil, nil, err
	}
	p.ctx = ctx
	p.wireInput(cfg)
	return p, ctx, nil
}

// createWindow opens a window with an OpenGL 4.5, else 4.3, core context;
// glfwLog holds what GLFW logged, the reason when it says nothing else.
func createWindow(title string, width, height int, debug bool, glfwLog *bytes.Buffer) (window *glfw.Window, err error) {
	glfw.WindowHint(glfw.ClientAPI, glfw.OpenGLAPI)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	glfw.WindowHint(glfw.Resizable, glfw.True)
	glfw.WindowHint(glfw.ScaleToMonitor, glfw.True)
	glfw.WindowHint(glfw.CocoaRetinaFramebuffer, glfw.True)
	if debug {
		glfw.WindowHint(glfw.OpenGLDebugContext, glfw.True)
	}
	for _, minor := range []int{5, 3} { // 4.6 is refused by drivers that give 4.5
		glfw.WindowHint(glfw.ContextVersionMajor, 4)
		glfw.WindowHint(glfw.ContextVersionMinor, minor)
		if window, err = glfw.CreateWindow(width, height, title, nil, nil); window != nil {
			break
		}
	}
	if window == nil {
		if err == nil { // a platform error: logged
			err = errors.New(strings.TrimSpace(glfwLog.String()))
		}
		if strings.Contains(err.Error(), "VersionUnavailable") {
			// The same words as gpu.Open's check: the driver has no 4.3.
			return nil, fmt.Errorf("OpenGL 4.3 or newer is needed for compute shaders; this display's driver offers no 4.3 core context (%v)", err)
		}
		return nil, fmt.Errorf("opening an OpenGL 4.3 window: %v", err)
	}
	return window, nil
}

// wireInput gives Dear ImGui the window's keys, mouse, cursors and clipboard.
func (p *GLFW) wireInput(cfg options) {
	if cfg.noIniFile {
		p.io.SetIniFilename("")
	}
	mapKeys(p.io)
	p.io.SetClipboard(p)
	p.io.SetBackendFlags(p.io.GetBackendFlags() | imgui.BackendFlagsHasMouseCursors)
	p.cursors = map[imgui.MouseCursorID]*glfw.Cursor{
		imgui.MouseCursorArrow:     glfw.CreateStandardCursor(glfw.ArrowCursor),
		imgui.MouseCursorTextInput: glfw.CreateStandardCursor(glfw.IBeamCursor),
		imgui.MouseCursorResizeNS:  glfw.CreateStandardCursor(glfw.VResizeCursor),
		imgui.MouseCursorResizeEW:  glfw.CreateStandardCursor(glfw.HResizeCursor),
		imgui.MouseCursorHand:      glfw.CreateStandardCursor(glfw.HandCursor),
	}
	p.window.SetMouseButtonCallback(p.mouseButton)
	p.window.SetScrollCallback(func(_ *glfw.Window, x, y float64) { p.io.AddMouseWheelDelta(float32(x), float32(y)) })
	p.window.SetKeyCallback(p.key)
	p.window.SetCharCallback(func(_ *glfw.Window, r rune) { p.io.AddInputCharacters(string(r)) })
}

// SetSwapInterval sets how many vertical syncs a swap waits for (0: none).
func (p *GLFW) SetSwapInterval(n int) { glfw.SwapInterval(n) }

// ProcessEvents polls the window system; callbacks feed imgui.
func (p *GLFW) ProcessEvents() { glfw.PollEvents() }

// ShouldStop reports that the window was asked to close.
func (p *GLFW) ShouldStop() bool { return p.window.ShouldClose() }

// NewFrame binds the window's back buffer (the renderer draws into it) and
// sets imgui's display size, framebuffer scale, time step, mouse and the
// cursor shape imgui asked for last frame.
func (p *GLFW) NewFrame() {
	p.ctx.BindDefaultFramebuffer()
	d, f := p.DisplaySize(), p.FramebufferSize()
	p.io.SetDisplaySize(imgui.Vec2{X: d[0], Y: d[1]})
	if d[0] > 0 && d[1] > 0 {
		p.io.SetDisplayFrameBufferScale(imgui.Vec2{X: f[0] / d[0], Y: f[1] / d[1]})
	}
	now := glfw.GetTime()
	if p.time > 0 && now > p.time {
		p.io.SetDeltaTime(float32(now - p.time))
	}
	p.time = now
	if p.window.GetAttrib(glfw.Focused) != 0 {
		x, y := p.window.GetCursorPos()
		p.io.SetMousePosition(imgui.Vec2{X: float32(x), Y: float32(y)})
	} else {
		p.io.SetMousePosition(imgui.Vec2{X: -math.MaxFloat32, Y: -math.MaxFloat32})
	}
	for i := range p.justPressed {
		down := p.justPressed[i] || p.window.GetMouseButton(glfw.MouseButton1+glfw.MouseButton(i)) == glfw.Press
		p.io.SetMouseButtonDown(i, down)
		p.justPressed[i] = false
	}
	if c := imgui.MouseCursor(); c != p.cursor {
		p.cursor = c
		if c == imgui.MouseCursorNone {
			p.window.SetInputMode(glfw.CursorMode, glfw.CursorHidden)
		} else {
			p.window.SetInputMode(glfw.CursorMode, glfw.CursorNormal)
			cur, ok := p.cursors[c]
			if !ok {
				cur = p.cursors[imgui.MouseCursorArrow]
			}
			p.window.SetCursor(cur)
		}
	}
}

// PostRender presents the frame.
func (p *GLFW) PostRender() { p.window.SwapBuffers() }

// DisplaySize is the window's size in screen units.
func (p *GLFW) DisplaySize() [2]float32 {
	w, h := p.window.GetSize()
	return [2]float32{float32(w), float32(h)}
}

// FramebufferSize is the window's size in pixels.
func (p *GLFW) FramebufferSize() [2]float32 {
	w, h := p.window.GetFramebufferSize()
	return [2]float32{float32(w), float32(h)}
}

// ContentScale is the window's content scale (the monitor's DPI over 96).
func (p *GLFW) ContentScale() float32 {
	x, _ := p.window.GetContentScale()
	if x <= 0 {
		return 1
	}
	return x
}

// Dispose closes the window and ends GLFW. Close the gpu.Context first.
func (p *GLFW) Dispose() {
	p.io.SetClipboard(nil)
	for _, c := range p.cursors {
		c.Destroy()
	}
	p.window.Destroy()
	glfw.Terminate()
}

// Text reads the clipboard (imgui.Clipboard).
func (p *GLFW) Text() (string, error) { return p.window.GetClipboardString(), nil }

// SetText writes the clipboard (imgui.Clipboard).
func (p *GLFW) SetText(text string) { p.window.SetClipboardString(text) }

func (p *GLFW) mouseButton(_ *glfw.Window, b glfw.MouseButton, action glfw.Action, _ glfw.ModifierKey) {
	if i := int(b - glfw.MouseButton1); i >= 0 && i < len(p.justPressed) && action == glfw.Press {
		p.justPressed[i] = true
	}
}

// glfwKeys places GLFW's keys above KeyBase; printable keys (letters,
// digits, space, punctuation) are their ASCII codes in GLFW already.
var glfwKeys = map[glfw.Key]int{
	glfw.KeyTab: KeyTab, glfw.KeyLeft: KeyLeft, glfw.KeyRight: KeyRight, glfw.KeyUp: KeyUp,
	glfw.KeyDown: KeyDown, glfw.KeyPageUp: KeyPageUp, glfw.KeyPageDown: KeyPageDown,
	glfw.KeyHome: KeyHome, glfw.KeyEnd: KeyEnd, glfw.KeyInsert: KeyInsert, glfw.KeyDelete: KeyDelete,
	glfw.KeyBackspace: KeyBackspace, glfw.KeyEnter: KeyEnter, glfw.KeyEscape: KeyEscape,
	glfw.KeyKPEnter: KeyKeypadEnter, glfw.KeyLeftShift: KeyLeftShift, glfw.KeyRightShift: KeyRightShift,
	glfw.KeyLeftControl: KeyLeftCtrl, glfw.KeyRightControl: KeyRightCtrl, glfw.KeyLeftAlt: KeyLeftAlt,
	glfw.KeyRightAlt: KeyRightAlt, glfw.KeyLeftSuper: KeyLeftSuper, glfw.KeyRightSuper: KeyRightSuper,
}

func (p *GLFW) key(_ *glfw.Window, key glfw.Key, _ int, action glfw.Action, _ glfw.ModifierKey) {
	k, ok := glfwKeys[key]
	switch {
	case ok:
	case key >= glfw.KeyF1 && key <= glfw.KeyF12:
		k = KeyF1 + int(key-glfw.KeyF1)
	case key >= glfw.KeySpace && key < KeyBase:
		k = int(key)
	default:
		return
	}
	switch action {
	case glfw.Press:
		p.io.KeyPress(k)
	case glfw.Release:
		p.io.KeyRelease(k)
	}
	updateModifiers(p.io)
}
