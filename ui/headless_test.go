package ui

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/gpu"
)

// The test scene: a window of known colours at a known place holding a
// button, a line of text, a child region whose fill overflows it (the
// scissor must cut it) and a 2x2 texture drawn large, nearest and bilinear.
const sceneW, sceneH = 320, 260

var (
	clearColor  = [3]float32{0.1, 0.2, 0.4}
	windowBg    = imgui.Vec4{X: 0.2, Y: 0.6, Z: 0.3, W: 1}
	titleBg     = imgui.Vec4{X: 0.8, Y: 0.5, Z: 0.1, W: 1}
	buttonColor = imgui.Vec4{X: 0.9, Y: 0.1, Z: 0.7, W: 1}
	yellow      = imgui.Vec4{X: 1, Y: 1, Z: 0, W: 1}
	// The window's rectangle, and where the textures go (display units).
	winMin, winMax   = imgui.Vec2{X: 20, Y: 20}, imgui.Vec2{X: 280, Y: 240}
	nearMin, nearMax = imgui.Vec2{X: 140, Y: 120}, imgui.Vec2{X: 220, Y: 200}
	linMin, linMax   = imgui.Vec2{X: 140, Y: 55}, imgui.Vec2{X: 220, Y: 105}
	// The 2x2 texture, top row first: red green / blue white.
	texels = []byte{255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255}
)

type scene struct {
	tex                *gpu.Texture
	button, child      [2]imgui.Vec2 // rectangles as drawn last frame
	clicks, keyPresses int
	keyDown            []bool // 'T' held, frame by frame
	wheel              float32
}

func (s *scene) draw() {
	imgui.SetNextWindowPos(winMin)
	imgui.SetNextWindowSize(imgui.Vec2{X: winMax.X - winMin.X, Y: winMax.Y - winMin.Y})
	for _, c := range []imgui.StyleColorID{imgui.StyleColorTitleBg, imgui.StyleColorTitleBgActive, imgui.StyleColorTitleBgCollapsed} {
		imgui.PushStyleColor(c, titleBg)
	}
	imgui.PushStyleColor(imgui.StyleColorWindowBg, windowBg)
	for _, c := range []imgui.StyleColorID{imgui.StyleColorButton, imgui.StyleColorButtonHovered, imgui.StyleColorButtonActive} {
		imgui.PushStyleColor(c, buttonColor)
	}
	imgui.BeginV("Speckle test", nil, imgui.WindowFlagsNoResize|imgui.WindowFlagsNoMove|imgui.WindowFlagsNoCollapse|imgui.WindowFlagsNoSavedSettings)
	if imgui.Button("Toggle") {
		s.clicks++
	}
	s.button = [2]imgui.Vec2{imgui.ItemRectMin(), imgui.ItemRectMax()}
	imgui.Text("Hello, Speckle")
	imgui.BeginChildV("clip", imgui.Vec2{X: 60, Y: 40}, false, 0)
	at := imgui.CursorScreenPos()
	imgui.WindowDrawList().AddRectFilled(at.Minus(imgui.Vec2{X: 20, Y: 20}), at.Plus(imgui.Vec2{X: 100, Y: 100}), imgui.PackedColorFromVec4(yellow))
	imgui.EndChild()
	s.child = [2]imgui.Vec2{imgui.ItemRectMin(), imgui.ItemRectMax()}
	dl := imgui.WindowDrawList()
	dl.AddImage(TextureID(s.tex, true), nearMin, nearMax)
	dl.AddImage(TextureID(s.tex, false), linMin, linMax)
	if imgui.IsKeyPressed('T') {
		s.keyPresses++
	}
	s.keyDown = append(s.keyDown, imgui.IsKeyDown('T'))
	_, s.wheel = imgui.CurrentIO().MouseWheel()
	imgui.End()
	imgui.PopStyleColorV(7)
}

// frame runs one frame of the app's loop.
func frame(p Platform, r Renderer, s *scene) {
	p.ProcessEvents()
	p.NewFrame()
	imgui.NewFrame()
	s.draw()
	imgui.Render()
	r.PreRender(clearColor)
	r.Render(p.DisplaySize(), p.FramebufferSize(), imgui.RenderedDrawData())
}

// newScene makes the scene's texture in c; free it with s.tex.Delete.
func newScene(c *gpu.Context) (*scene, error) {
	tex, err := c.NewTexture(2, 2, gpu.RGBA8)
	if err != nil {
		return nil, err
	}
	if err := tex.WriteBytes(texels); err != nil {
		tex.Delete()
		return nil, err
	}
	return &scene{tex: tex}, nil
}

// headless runs f with a fresh imgui context, a headless platform, a
// renderer and the scene, and frees them.
func headless(c *gpu.Context, f func(p *Headless, r *ImguiRenderer, s *scene) error) error {
	ictx := imgui.CreateContext(nil)
	defer ictx.Destroy()
	s, err := newScene(c)
	if err != nil {
		return err
	}
	defer s.tex.Delete()
	p, err := NewHeadless(c, sceneW, sceneH, time.Second/30, withoutIniFile())
	if err != nil {
		return err
	}
	defer p.Dispose()
	r, err := NewRenderer(c, 15)
	if err != nil {
		return err
	}
	defer r.Dispose()
	return f(p, r, s)
}

// shot is a read-back frame, row 0 at the top.
type shot struct {
	img   *image.RGBA
	scale float32 // pixels per display unit
}

func (sh shot) at(x, y float32) [3]int {
	o := sh.img.PixOffset(int(x*sh.scale), int(y*sh.scale))
	p := sh.img.Pix[o : o+3]
	return [3]int{int(p[0]), int(p[1]), int(p[2])}
}

func rgb(v imgui.Vec4) [3]int {
	return [3]int{int(v.X*255 + 0.5), int(v.Y*255 + 0.5), int(v.Z*255 + 0.5)}
}

// colourTol is how far (per channel, of 255) a flat area may be off: clear
// colour rounding, and nothing else is blended there.
const colourTol = 3

// expect checks the pixel at (x, y) display units.
func (sh shot) expect(t *testing.T, what string, x, y float32, want [3]int, tol int) bool {
	t.Helper()
	got := sh.at(x, y)
	for i := range got {
		if d := got[i] - want[i]; d > tol || d < -tol {
			t.Errorf("%s at (%g, %g): got %v, want %v ± %d", what, x, y, got, want, tol)
			return false
		}
	}
	return true
}

// saveFailed writes the shot under testdata/failed/ if the test failed.
func (sh shot) saveFailed(t *testing.T) {
	if !t.Failed() {
		return
	}
	path := filepath.Join("testdata", "failed", t.Name()+".png")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Log(err)
		return
	}
	f, err := os.Create(path)
	if err == nil {
		err = png.Encode(f, sh.img)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		t.Log(err)
		return
	}
	t.Log("frame saved as", path)
}

// checkScene checks a frame of the scene.
func checkScene(t *testing.T, sh shot, s *scene) {
	t.Helper()
	defer sh.saveFailed(t)
	clear := rgb(imgui.Vec4{X: clearColor[0], Y: clearColor[1], Z: clearColor[2]})
	for _, p := range [][2]float32{{5, 5}, {300, 130}, {150, 252}, {10, 250}} {
		sh.expect(t, "clear colour outside the window", p[0], p[1], clear, colourTol)
	}
	sh.expect(t, "title bar", 150, 27, rgb(titleBg), colourTol)
	sh.expect(t, "window background", 60, 215, rgb(windowBg), colourTol)
	sh.expect(t, "window background", 250, 160, rgb(windowBg), colourTol)
	// Nearest sampling: each texel a flat 40x40 square, top row first, up
	// to the middle (where bilinear filtering would blend).
	for i, q := range [][2]float32{{0.25, 0.25}, {0.75, 0.25}, {0.25, 0.75}, {0.75, 0.75}} {
		want := [3]int{int(texels[4*i]), int(texels[4*i+1]), int(texels[4*i+2])}
		for _, f := range []float32{0, 0.8} { // the texel's centre, and 80% of the way to the middle
			x := nearMin.X + (q[0]+f*(0.5-q[0]))*(nearMax.X-nearMin.X)
			y := nearMin.Y + (q[1]+f*(0.5-q[1]))*(nearMax.Y-nearMin.Y)
			sh.expect(t, fmt.Sprintf("nearest texel %d", i), x, y, want, 1)
		}
	}
	// Bilinear: the centre is the mean of the four texels.
	sh.expect(t, "bilinear centre", (linMin.X+linMax.X)/2, (linMin.Y+linMax.Y)/2, [3]int{128, 128, 128}, 6)
	// Button: its colour inside the frame, and white text on it.
	b := s.button
	if b[1].X-b[0].X < 20 || b[1].Y-b[0].Y < 10 {
		t.Fatalf("button rectangle %v is implausible", b)
	}
	sh.expect(t, "button", b[0].X+2, b[0].Y+2, rgb(buttonColor), colourTol)
	white := 0
	for y := b[0].Y; y < b[1].Y; y++ {
		for x := b[0].X; x < b[1].X; x++ {
			if p := sh.at(x, y); p[0] > 200 && p[1] > 200 && p[2] > 200 {
				white++
			}
		}
	}
	if white < 20 {
		t.Errorf("the button's label drew %d white pixels, want at least 20 (font atlas?)", white)
	}
	// The child's overflowing fill: yellow inside, cut at its edges.
	c := s.child
	if c[1].X-c[0].X != 60 || c[1].Y-c[0].Y != 40 {
		t.Fatalf("child rectangle %v, want 60x40", c)
	}
	mid := imgui.Vec2{X: (c[0].X + c[1].X) / 2, Y: (c[0].Y + c[1].Y) / 2}
	sh.expect(t, "inside the child", mid.X, mid.Y, rgb(yellow), colourTol)
	sh.expect(t, "inside the child's corner", c[1].X-1, c[1].Y-1, rgb(yellow), colourTol)
	sh.expect(t, "right of the child (scissor)", c[1].X+3, mid.Y, rgb(windowBg), colourTol)
	sh.expect(t, "below the child (scissor)", mid.X, c[1].Y+3, rgb(windowBg), colourTol)
	sh.expect(t, "left of the child (scissor)", c[0].X-3, mid.Y, rgb(windowBg), colourTol)
}

// readShot takes a Screenshot of p's frame.
func readShot(c *gpu.Context, p Platform) (shot, error) {
	img, err := Screenshot(c, p)
	if err != nil {
		return shot{}, err
	}
	return shot{img: img, scale: p.FramebufferSize()[0] / p.DisplaySize()[0]}, nil
}

func TestHeadlessRendersScene(t *testing.T) {
	var sh shot
	s := new(scene)
	onGL(t, func(c *gpu.Context) error {
		return headless(c, func(p *Headless, r *ImguiRenderer, sc *scene) error {
			for i := 0; i < 3; i++ {
				frame(p, r, sc)
			}
			*s = *sc
			c.BindDefaultFramebuffer() // Screenshot binds the right one
			var err error
			sh, err = readShot(c, p)
			return err
		})
	})
	checkScene(t, sh, s)
}

func TestFontAtlasUploaded(t *testing.T) {
	var w, h, covered int
	onGL(t, func(c *gpu.Context) error {
		return headless(c, func(p *Headless, r *ImguiRenderer, s *scene) error {
			f := r.font
			w, h = f.Width, f.Height
			px, err := f.ReadBytes()
			for i := 3; i < len(px); i += 4 {
				if px[i] > 0 {
					covered++
				}
			}
			return err
		})
	})
	// Printable ASCII at 15 px covers a few thousand texels.
	if w < 64 || h < 64 || covered < 1000 {
		t.Errorf("font atlas %dx%d with %d covered texels", w, h, covered)
	}
}

func TestHeadlessScriptedInput(t *testing.T) {
	var s scene
	var afterMiss, afterClick, later int
	var wheel float32
	onGL(t, func(c *gpu.Context) error {
		return headless(c, func(p *Headless, r *ImguiRenderer, sc *scene) error {
			frame(p, r, sc)
			// A click beside the button does nothing...
			p.MoveMouse(sc.button[0].X-5, sc.button[0].Y-5)
			p.SetButton(0, true)
			p.SetButton(0, false)
			for i := 0; i < 3; i++ {
				frame(p, r, sc)
			}
			afterMiss = sc.clicks
			// ...one on it presses it, once: press and release land in
			// successive frames.
			p.MoveMouse((sc.button[0].X+sc.button[1].X)/2, (sc.button[0].Y+sc.button[1].Y)/2)
			p.SetButton(0, true)
			p.SetButton(0, false)
			for i := 0; i < 3; i++ {
				frame(p, r, sc)
			}
			afterClick = sc.clicks
			sc.keyDown = nil
			p.PressKey('T')
			p.Scroll(2)
			frame(p, r, sc)
			wheel = sc.wheel
			for i := 0; i < 3; i++ {
				frame(p, r, sc)
			}
			later = sc.clicks
			s = *sc
			return nil
		})
	})
	if afterMiss != 0 {
		t.Errorf("a click beside the button pressed it %d times", afterMiss)
	}
	if afterClick != 1 || later != 1 {
		t.Errorf("a click on the button pressed it %d times (%d frames later), want 1", afterClick, later)
	}
	if s.keyPresses != 1 {
		t.Errorf("PressKey('T') was seen %d times, want 1", s.keyPresses)
	}
	if want := []bool{true, false, false, false}; fmt.Sprint(s.keyDown) != fmt.Sprint(want) {
		t.Errorf("'T' held in frames %v, want %v (down one frame)", s.keyDown, want)
	}
	if wheel != 2 {
		t.Errorf("Scroll(2) gave a mouse wheel of %g", wheel)
	}
}
