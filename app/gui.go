package app

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/imageio"
	"speckle/internal/units"
	"speckle/study/look"
	"speckle/ui"
)

// paneColors tell the panes apart in the plot and their overlays: each
// pane's generator's colour (imageio.GeneratorStyles, by name), as in the
// saved plots and montages; a second pane of one generator a shade of it.
func paneColors(panes []PaneSettings) (c [MaxPanes]color.RGBA) {
	labels := make([]string, 0, MaxPanes)
	for i := 0; i < MaxPanes && i < len(panes); i++ {
		labels = append(labels, panes[i].Generator)
	}
	for i, s := range imageio.GeneratorStyles(labels) {
		t := imageio.TextOnDark(s.Color) // pane labels and plot lines on the dark theme
		c[i] = color.RGBA{t.R, t.G, t.B, t.A}
	}
	return c
}

// paneColor is pane i's colour (paneColors).
func (a *App) paneColor(i int) color.RGBA { return paneColors(a.Model.S.Panes[:])[i] }

const sidebarWidth = 340 // screen units, times the content scale

// sidebarFor is the sidebar's width in a window w units wide: sidebarWidth,
// widened with the plot shown to a third of a wide window, at most
// plotWidth, so the plot is legible on a projector (500 units in 1600).
func sidebarFor(w, scale float64, plot bool) float64 {
	if !plot {
		return sidebarWidth * scale
	}
	return math.Max(sidebarWidth*scale, math.Min(plotWidth*scale, w*0.32))
}

// plotWidth is the widest the plot's sidebar grows, in screen units.
const plotWidth = 500

var helpText = [][2]string{
	{"Space", "pause / resume"},
	{"N", "one iteration (while paused)"},
	{"R", "restart every pane"},
	{"S", "screenshot: window and panes into " + ScreenshotDir},
	{"1 / 2 / 4", "one, two or four panes"},
	{"C", "show / hide the controls"},
	{"H", "this help"},
	{"drag", "orbit the camera (every pane restarts); lab: zoom box, turn triples"},
	{"wheel", "zoom the camera"},
	{"right click", "pin / release the magnifier's point"},
}

func vec(x, y float64) imgui.Vec2 { return imgui.Vec2{X: float32(x), Y: float32(y)} }

func packed(c color.RGBA) imgui.PackedColor { return imgui.Packed(c) }

var (
	white    = packed(color.RGBA{255, 255, 255, 255})
	grey     = packed(color.RGBA{150, 150, 150, 255})
	shade    = packed(color.RGBA{0, 0, 0, 170})
	errText  = imgui.Vec4{X: 1, Y: 0.45, Z: 0.4, W: 1}
	greyText = imgui.Vec4{X: 0.6, Y: 0.6, Z: 0.6, W: 1}
)

// gui lays out one frame: panes, overlays, controls, plot, help and toast.
func (a *App) gui() {
	scale := float64(a.platform.ContentScale())
	size := a.platform.DisplaySize()
	left := 0.0
	showPlot := a.Model.S.ShowPlot && a.Model.S.Mode != ModeLab // the lab converges to nothing
	if a.showControls {
		left = sidebarFor(float64(size[0]), scale, showPlot)
	}
	a.keys()
	a.drawPanes(left, 0, float64(size[0]), a.panesBottom(float64(size[1]), scale))
	a.lessonWindow(left, float64(size[0]), float64(size[1]))
	if a.showControls {
		plotH := 0.0
		if showPlot { // in the large font, as the plot's window draws it
			imgui.PushFont(a.largeFont)
			plotH = math.Min(left*0.8+a.plotLegendExtra(left), float64(size[1])*0.6)
			imgui.PopFont()
			a.plotWindow(0, float64(size[1])-plotH, left, plotH)
		}
		a.controls(left, float64(size[1])-plotH)
	}
	if a.Model.ShowHelp {
		a.help()
	}
	if a.toast != "" && time.Now().Before(a.toastUntil) {
		dl := imgui.ForegroundDrawList()
		ts := imgui.CalcTextSize(a.toast, false, 0)
		x, y := (left+float64(size[0])-float64(ts.X))/2, float64(size[1])-float64(ts.Y)-30*scale
		dl.AddRectFilledV(vec(x-10, y-6), vec(x+float64(ts.X)+10, y+float64(ts.Y)+6), shade, 6, 0)
		dl.AddText(vec(x, y), white, a.toast)
	}
}

// keys handles the keyboard shortcuts, unless a text field has the keyboard.
func (a *App) keys() {
	if imgui.CurrentIO().WantTextInput() {
		return
	}
	m := a.Model
	switch {
	case imgui.IsKeyPressedV(' ', false):
		m.Paused = !m.Paused
	case imgui.IsKeyPressedV('N', false):
		a.step = true
	case imgui.IsKeyPressedV('R', false):
		m.Reset()
	case imgui.IsKeyPressedV('S', false):
		a.shot = true
	case imgui.IsKeyPressedV('1', false):
		m.SetLayout(1)
	case imgui.IsKeyPressedV('2', false):
		m.SetLayout(2)
	case imgui.IsKeyPressedV('4', false):
		m.SetLayout(4)
	case imgui.IsKeyPressedV('H', false):
		m.ShowHelp = !m.ShowHelp
	case imgui.IsKeyPressedV('C', false):
		a.showControls = !a.showControls
	case imgui.IsKeyPressedV(ui.KeyEscape, false):
		m.ShowHelp = false
	}
}

// paneRects splits the area into the layout's cells.
func paneRects(n int, x0, y0, x1, y1 float64) [][4]float64 {
	w, h := x1-x0, y1-y0
	switch n {
	case 1:
		return [][4]float64{{x0, y0, x1, y1}}
	case 2:
		if w >= h { // side by side on a wide window, stacked on a tall one
			return [][4]float64{{x0, y0, x0 + w/2, y1}, {x0 + w/2, y0, x1, y1}}
		}
		return [][4]float64{{x0, y0, x1, y0 + h/2}, {x0, y0 + h/2, x1, y1}}
	}
	return [][4]float64{
		{x0, y0, x0 + w/2, y0 + h/2}, {x0 + w/2, y0, x1, y0 + h/2},
		{x0, y0 + h/2, x0 + w/2, y1}, {x0 + w/2, y0 + h/2, x1, y1},
	}
}

// fit is the largest rectangle of the image's aspect centred in a cell.
func fit(cell [4]float64, iw, ih int, margin float64) [4]float64 {
	w, h := cell[2]-cell[0]-2*margin, cell[3]-cell[1]-2*margin
	s := math.Min(w/float64(iw), h/float64(ih))
	dw, dh := float64(iw)*s, float64(ih)*s
	x, y := cell[0]+(cell[2]-cell[0]-dw)/2, cell[1]+(cell[3]-cell[1]-dh)/2
	return [4]float64{x, y, x + dw, y + dh}
}

// drawPanes draws each pane's image, overlay and legend, and turns mouse
// input over them into camera moves and the magnifier's point.
func (a *App) drawPanes(x0, y0, x1, y1 float64) {
	dl := imgui.BackgroundDrawList()
	io := imgui.CurrentIO()
	mouse := io.MousePosition()
	scale := float64(a.platform.ContentScale())
	iw, ih := a.Model.S.Size()
	a.hovered = -1
	rects := paneRects(a.Model.Visible(), x0, y0, x1, y1)
	for i, cell := range rects {
		if p := a.panes[i]; p != nil && p.display != nil {
			iw, ih = p.display.Width, p.display.Height
		}
		r := fit(cell, iw, ih, 2*scale)
		a.imageRects[i] = r
		if float64(mouse.X) >= r[0] && float64(mouse.X) < r[2] && float64(mouse.Y) >= r[1] && float64(mouse.Y) < r[3] {
			a.hovered = i
			if !a.Model.S.FocusLocked && a.Model.S.Panes[i].View != ViewMagnifier {
				a.Model.S.Focus = [2]float32{float32((float64(mouse.X) - r[0]) / (r[2] - r[0])), float32((float64(mouse.Y) - r[1]) / (r[3] - r[1]))}
			}
		}
		a.drawPane(dl, i, r, scale)
	}
	a.mouse(rects)
}

func (a *App) drawPane(dl imgui.DrawList, i int, r [4]float64, scale float64) {
	p, ps := a.panes[i], a.Model.S.Panes[i]
	dl.AddRectFilled(vec(r[0], r[1]), vec(r[2], r[3]), packed(color.RGBA{30, 30, 34, 255}))
	if p != nil && p.display != nil && p.err == nil {
		if ps.View == ViewMagnifier {
			half := 0.5 / float64(a.Model.S.Zoom)
			cx := math.Min(math.Max(float64(a.Model.S.Focus[0]), half), 1-half)
			cy := math.Min(math.Max(float64(a.Model.S.Focus[1]), half), 1-half)
			dl.AddImageV(ui.TextureID(p.display, true), vec(r[0], r[1]), vec(r[2], r[3]),
				vec(cx-half, cy-half), vec(cx+half, cy+half), white)
		} else {
			dl.AddImage(ui.TextureID(p.display, false), vec(r[0], r[1]), vec(r[2], r[3]))
			if a.anyMagnifier() { // where the magnifiers look
				half := 0.5 / float64(a.Model.S.Zoom)
				cx := math.Min(math.Max(float64(a.Model.S.Focus[0]), half), 1-half)
				cy := math.Min(math.Max(float64(a.Model.S.Focus[1]), half), 1-half)
				w, h := r[2]-r[0], r[3]-r[1]
				dl.AddRectV(vec(r[0]+(cx-half)*w, r[1]+(cy-half)*h), vec(r[0]+(cx+half)*w, r[1]+(cy+half)*h), white, 0, 0, float32(scale))
			}
		}
		if ps.View == ViewHeatmap && a.ref != nil && p.sppm != nil {
			a.colorScale(dl, r, scale)
		}
		if p.lab != nil && p.lab.battery == nil && p.lab.looked.Image != nil {
			labAxes(dl, p.lab.look, r)
		}
	}
	lines := a.overlayLines(i)
	x, y := r[0]+6*scale, r[1]+4*scale
	lh := float64(imgui.TextLineHeight())
	wmax := 0.0
	for _, l := range lines {
		wmax = math.Max(wmax, float64(imgui.CalcTextSize(l, false, 0).X))
	}
	dl.AddRectFilledV(vec(r[0], r[1]), vec(math.Min(x+wmax+8*scale, r[2]), y+lh*float64(len(lines))+4*scale), shade, 0, 0)
	dl.AddRectFilled(vec(r[0], r[1]), vec(r[0]+3*scale, y+lh*float64(len(lines))+4*scale), packed(a.paneColor(i)))
	for k, l := range lines {
		c := white
		if k > 0 && p != nil && p.err != nil {
			c = packed(color.RGBA{255, 115, 100, 255})
		}
		dl.AddText(vec(x, y+lh*float64(k)), c, l)
	}
}

// overlayLines are pane i's overlay: its label (the name the plot's legend
// and the streamline table use), then its work, rate and error or why none.
func (a *App) overlayLines(i int) []string {
	p, ps := a.panes[i], a.Model.S.Panes[i]
	lines := []string{paneLabel(ps)}
	switch {
	case p == nil:
	case p.err != nil:
		lines = append(lines, "error: "+plain(p.err))
	case p.lab != nil:
		if p.lab.battery == nil && p.lab.looked.Image != nil {
			lines = append(lines, p.lab.look.Title()) // the view's name
		}
		lines = append(lines, p.labOverlay())
		if ps.View == ViewHeatmap {
			lines = append(lines, "no heatmap in the lab: there is no reference")
		}
	case p.lines != nil:
		lines = append(lines, p.lineOverlay())
		if ps.View == ViewHeatmap {
			lines = append(lines, "no heatmap for streamlines: there is no reference")
		}
	default:
		l := fmt.Sprintf("%s photons  %s/s", units.FormatCount(p.Photons()), units.FormatRate(p.WallRate))
		if a.ref != nil && p.RMSE > 0 {
			l += fmt.Sprintf("  RMSE %.4g", p.RMSE)
		}
		lines = append(lines, l)
		if ps.View == ViewHeatmap && a.ref == nil {
			lines = append(lines, "no heatmap: no reference here (see the controls)")
		}
	}
	return lines
}

func (a *App) anyMagnifier() bool {
	for i := 0; i < a.Model.Visible(); i++ {
		if a.Model.S.Panes[i].View == ViewMagnifier {
			return true
		}
	}
	return false
}

// colorScale draws the heatmap's legend along the pane's bottom edge.
func (a *App) colorScale(dl imgui.DrawList, r [4]float64, scale float64) {
	const steps = 32
	w := math.Min(220*scale, (r[2]-r[0])*0.6)
	h := 10 * scale
	x0, y0 := r[2]-w-10*scale, r[3]-h-22*scale
	dl.AddRectFilled(vec(x0-6*scale, y0-4*scale), vec(r[2]-4*scale, r[3]-4*scale), shade)
	for k := 0; k < steps; k++ {
		c := imageio.HeatColor(float32(k) / (steps - 1))
		dl.AddRectFilled(vec(x0+w*float64(k)/steps, y0), vec(x0+w*float64(k+1)/steps+0.5, y0+h), packed(color.RGBA{c[0], c[1], c[2], 255}))
	}
	dl.AddText(vec(x0, y0+h+1), white, "0")
	top := fmt.Sprintf("%g rel. error", a.Model.S.ErrorScale)
	ts := imgui.CalcTextSize(top, false, 0)
	dl.AddText(vec(x0+w-float64(ts.X), y0+h+1), white, top)
}

// mouse turns drags into orbits, the wheel into zoom and a right click into
// pinning the magnifier.
func (a *App) mouse(rects [][4]float64) {
	io := imgui.CurrentIO()
	if io.WantCaptureMouse() && !a.dragging {
		return
	}
	if imgui.IsMouseClicked(1) && a.hovered >= 0 {
		a.Model.S.FocusLocked = !a.Model.S.FocusLocked
	}
	if a.Model.S.Mode == ModeLab {
		a.labMouse()
		return
	}
	if a.Model.S.Mode != ModePhotons || a.scene == nil {
		return // streamlines have no camera
	}
	cam := a.scene.Camera
	if a.Model.S.Camera != nil {
		cam = *a.Model.S.Camera
	}
	moved := false
	if imgui.IsMouseDown(0) && (a.dragging || a.hovered >= 0) {
		d := io.MouseDelta()
		if d.X != 0 || d.Y != 0 {
			cam = cam.Orbit(-d.X*0.005, -d.Y*0.005)
			moved = true
		}
		a.dragging = true
	} else {
		a.dragging = false
	}
	if _, wy := io.MouseWheel(); wy != 0 && a.hovered >= 0 {
		cam = cam.Dolly(float32(math.Pow(0.9, float64(wy))))
		moved = true
	}
	if moved {
		a.Model.SetCamera(cam)
	}
}

// help lists the keys.
func (a *App) help() {
	size := a.platform.DisplaySize()
	imgui.SetNextWindowPosV(vec(float64(size[0])/2, float64(size[1])/2), imgui.ConditionAlways, vec(0.5, 0.5))
	open := true
	imgui.BeginV("Keys", &open, imgui.WindowFlagsAlwaysAutoResize|imgui.WindowFlagsNoCollapse|imgui.WindowFlagsNoSavedSettings)
	for _, k := range helpText {
		imgui.Text(k[0])
		imgui.SameLineV(float32(110*a.platform.ContentScale()), -1)
		imgui.Text(k[1])
	}
	imgui.End()
	if !open {
		a.Model.ShowHelp = false
	}
}

// labAxes draws a lab picture's axes inside its rect r: ticks and values at
// its edges' ends and middles, and each axis's title, on shaded boxes (the
// picture fills the pane, so they go over it, at its edges).
func labAxes(dl imgui.DrawList, l look.Look, r [4]float64) {
	xLabel, yLabel, x0, x1, y0, y1, ok := l.PlaneAxes()
	if !ok {
		return
	}
	lh := float64(imgui.TextLineHeight())
	label := func(x, y float64, s string) {
		w := textWidth(s)
		x = math.Min(math.Max(x, r[0]), r[2]-w-4)
		dl.AddRectFilledV(vec(x, y), vec(x+w+4, y+lh), shade, 0, 0)
		dl.AddText(vec(x+2, y), white, s)
	}
	for _, f := range []float64{0, 0.5, 1} {
		x := r[0] + f*(r[2]-r[0])
		dl.AddLine(vec(x, r[3]-6), vec(x, r[3]), white)
		label(x-textWidth(tickText(x0+f*(x1-x0)))/2, r[3]-6-lh, tickText(x0+f*(x1-x0)))
		y := r[3] - f*(r[3]-r[1])
		dl.AddLine(vec(r[0], y), vec(r[0]+6, y), white)
		label(r[0]+8, math.Min(math.Max(y-lh/2, r[1]), r[3]-2*lh-8), tickText(y0+f*(y1-y0)))
	}
	label((r[0]+r[2]-textWidth(xLabel))/2, r[3]-6-2.2*lh, xLabel)
	label(r[0]+8, (r[1]+r[3])/2-1.6*lh, yLabel)
}

// tickText writes an axis value in three digits at most.
func tickText(v float64) string { return strconv.FormatFloat(v, 'g', 3, 64) }
