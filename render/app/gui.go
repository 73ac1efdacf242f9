package app

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/render/imageio"
	"speckle/render/ui"
	"speckle/rng"
	"speckle/scenes"
	"speckle/scenes/flow"
)

// PaneColors tell the panes apart in the plot and their overlays (Okabe-Ito,
// distinguishable with colour-blindness).
var PaneColors = [MaxPanes]color.RGBA{
	{230, 159, 0, 255}, {86, 180, 233, 255}, {0, 158, 115, 255}, {213, 94, 0, 255},
}

const sidebarWidth = 340 // screen units, times the content scale

var helpText = [][2]string{
	{"Space", "pause / resume"},
	{"N", "one iteration (while paused)"},
	{"R", "restart every pane"},
	{"S", "screenshot: window and panes into " + ScreenshotDir},
	{"1 / 2 / 4", "one, two or four panes"},
	{"C", "show / hide the controls"},
	{"H", "this help"},
	{"drag", "orbit the camera (every pane restarts)"},
	{"wheel", "zoom the camera"},
	{"right click", "pin / release the magnifier's point"},
}

func vec(x, y float64) imgui.Vec2 { return imgui.Vec2{X: float32(x), Y: float32(y)} }

func packed(c color.RGBA) imgui.PackedColor { return imgui.Packed(c) }

var (
	white   = packed(color.RGBA{255, 255, 255, 255})
	grey    = packed(color.RGBA{150, 150, 150, 255})
	shade   = packed(color.RGBA{0, 0, 0, 170})
	errText = imgui.Vec4{X: 1, Y: 0.45, Z: 0.4, W: 1}
)

// gui lays out one frame: panes, overlays, controls, plot, help and toast.
func (a *App) gui() {
	scale := float64(a.platform.ContentScale())
	size := a.platform.DisplaySize()
	left := 0.0
	if a.showControls {
		left = sidebarWidth * scale
	}
	a.keys()
	a.drawPanes(left, 0, float64(size[0]), float64(size[1]))
	if a.showControls {
		plotH := 0.0
		if a.Model.S.ShowPlot {
			plotH = math.Min(left*0.8, float64(size[1])/2)
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
		if float64(mouse.X) >= r[0] && float64(mouse.X) < r[2] && float64(mouse.Y) >= r[1] && float64(mouse.Y) < r[3] {
			a.hovered = i
			if !a.Model.FocusLocked && a.Model.S.Panes[i].View != ViewMagnifier {
				a.Model.Focus = [2]float32{float32((float64(mouse.X) - r[0]) / (r[2] - r[0])), float32((float64(mouse.Y) - r[1]) / (r[3] - r[1]))}
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
			cx := math.Min(math.Max(float64(a.Model.Focus[0]), half), 1-half)
			cy := math.Min(math.Max(float64(a.Model.Focus[1]), half), 1-half)
			dl.AddImageV(ui.TextureID(p.display, true), vec(r[0], r[1]), vec(r[2], r[3]),
				vec(cx-half, cy-half), vec(cx+half, cy+half), white)
		} else {
			dl.AddImage(ui.TextureID(p.display, false), vec(r[0], r[1]), vec(r[2], r[3]))
			if a.anyMagnifier() { // where the magnifiers look
				half := 0.5 / float64(a.Model.S.Zoom)
				cx := math.Min(math.Max(float64(a.Model.Focus[0]), half), 1-half)
				cy := math.Min(math.Max(float64(a.Model.Focus[1]), half), 1-half)
				w, h := r[2]-r[0], r[3]-r[1]
				dl.AddRectV(vec(r[0]+(cx-half)*w, r[1]+(cy-half)*h), vec(r[0]+(cx+half)*w, r[1]+(cy+half)*h), white, 0, 0, float32(scale))
			}
		}
		if ps.View == ViewHeatmap && a.ref != nil && p.sppm != nil {
			a.colorScale(dl, r, scale)
		}
	}
	// Overlay: generator and options, photons, rate, error.
	lines := []string{PaneLabel(ps)}
	switch {
	case p == nil:
	case p.err != nil:
		lines = append(lines, "error: "+plain(p.err))
	case p.lines != nil:
		lines = append(lines, p.lineOverlay())
		if ps.View == ViewHeatmap {
			lines = append(lines, "no heatmap for streamlines: there is no reference")
		}
	default:
		l := fmt.Sprintf("%s photons  %s/s", ShortCount(p.Photons()), ShortCount(int64(p.WallRate)))
		if a.ref != nil && p.RMSE > 0 {
			l += fmt.Sprintf("  RMSE %.4g", p.RMSE)
		}
		lines = append(lines, l)
		if ps.View == ViewHeatmap && a.ref == nil {
			lines = append(lines, "no heatmap: no reference here (see the controls)")
		}
	}
	x, y := r[0]+6*scale, r[1]+4*scale
	lh := float64(imgui.TextLineHeight())
	wmax := 0.0
	for _, l := range lines {
		wmax = math.Max(wmax, float64(imgui.CalcTextSize(l, false, 0).X))
	}
	dl.AddRectFilledV(vec(r[0], r[1]), vec(math.Min(x+wmax+8*scale, r[2]), y+lh*float64(len(lines))+4*scale), shade, 0, 0)
	dl.AddRectFilled(vec(r[0], r[1]), vec(r[0]+3*scale, y+lh*float64(len(lines))+4*scale), packed(PaneColors[i]))
	for k, l := range lines {
		c := white
		if k > 0 && p != nil && p.err != nil {
			c = packed(color.RGBA{255, 115, 100, 255})
		}
		dl.AddText(vec(x, y+lh*float64(k)), c, l)
	}
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
		a.Model.FocusLocked = !a.Model.FocusLocked
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

// controls is the sidebar: shared settings, then one section per pane.
func (a *App) controls(width, height float64) {
	imgui.SetNextWindowPosV(vec(0, 0), imgui.ConditionAlways, vec(0, 0))
	imgui.SetNextWindowSizeV(vec(width, height), imgui.ConditionAlways)
	imgui.BeginV("Speckle", nil, imgui.WindowFlagsNoMove|imgui.WindowFlagsNoResize|imgui.WindowFlagsNoCollapse|imgui.WindowFlagsNoSavedSettings)
	defer imgui.End()
	m := a.Model
	imgui.PushItemWidth(float32(width * 0.5))
	defer imgui.PopItemWidth()

	label := "Pause"
	if m.Paused {
		label = "Resume"
	}
	if imgui.Button(label) {
		m.Paused = !m.Paused
	}
	imgui.SameLine()
	if imgui.Button("Step") {
		a.step = true
	}
	imgui.SameLine()
	if imgui.Button("Reset") {
		m.Reset()
	}
	imgui.SameLine()
	if imgui.Button("Screenshot") {
		a.shot = true
	}
	unit := "photons"
	if m.S.Mode == ModeStreamlines {
		unit = "streamlines"
	}
	imgui.Textf("%.0f fps  %s %s/frame", a.fps, ShortCount(a.photonsFrame), unit)
	imgui.Text(a.ctx.Info.Renderer)
	if imgui.RadioButton("photon mapping", m.S.Mode == ModePhotons) {
		m.S.Mode = ModePhotons
	}
	imgui.SameLine()
	if imgui.RadioButton("streamlines", m.S.Mode == ModeStreamlines) {
		m.S.Mode = ModeStreamlines
	}
	if m.S.Mode == ModeStreamlines {
		a.lineControls()
	} else {
		a.photonControls()
	}
	if imgui.CollapsingHeaderV("Shared", imgui.TreeNodeFlagsDefaultOpen) {
		imgui.SliderFloatV("frame budget", &m.S.BudgetMS, 2, 100, "%.0f ms", imgui.SliderFlagsAlwaysClamp)
		seed := int32(min(m.S.Seed, math.MaxInt32)) // the UI offers 0..2^31-1; the CLI all 32 bits
		if a.deferredInt("seed", "seed", &seed, 0, math.MaxInt32) {
			m.S.Seed = uint32(seed)
		}
		imgui.Checkbox("sync options across panes", &m.S.Sync)
		imgui.SameLine()
		imgui.Checkbox("plot", &m.S.ShowPlot)
		imgui.Text("layout")
		for _, n := range Layouts {
			imgui.SameLine()
			if imgui.RadioButton(strconv.Itoa(n), m.S.Layout == n) {
				m.SetLayout(n)
			}
		}
		imgui.SliderFloatV("magnifier", &m.S.Zoom, 2, 32, "%.0fx", imgui.SliderFlagsLogarithmic|imgui.SliderFlagsAlwaysClamp)
		if imgui.Button("Reset to defaults") {
			keep := m.S.Layout
			m.S = Defaults()
			m.S.Layout = keep
		}
	}
	for i := 0; i < m.Visible(); i++ {
		a.paneControls(i)
	}
}

// lineControls are the streamline mode's: field and slm's parameters.
func (a *App) lineControls() {
	m := a.Model
	l := &m.S.Lines
	if !imgui.CollapsingHeaderV("Field", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	if imgui.BeginCombo("field", l.Field) {
		for _, n := range flow.Names() {
			if imgui.SelectableV(n, n == l.Field, 0, imgui.Vec2{}) {
				l.Field = n
				a.uiErr = ""
			}
		}
		imgui.EndCombo()
	}
	imgui.InputTextWithHint("##fieldfile", "height-field file", &a.fieldFile)
	imgui.SameLine()
	if imgui.Button("Load##field") && a.fieldFile != "" {
		path, _ := filepath.Abs(a.fieldFile)
		if _, err := flow.Open(path); err != nil {
			a.uiErr = plain(err)
		} else {
			l.Field, a.uiErr, a.fieldKey = path, "", "" // read again: it may have been edited
			for _, p := range a.panes {
				if p != nil {
					p.buildKey = ""
				}
			}
		}
	}
	a.errorText()
	if imgui.BeginCombo("image width", strconv.Itoa(l.Width)) {
		for _, w := range LineWidths {
			if imgui.SelectableV(strconv.Itoa(w), w == l.Width, 0, imgui.Vec2{}) {
				l.Width = w
			}
		}
		imgui.EndCombo()
	}
	density := int32(l.Density)
	if a.deferredInt("density", "density", &density, 1, flow.MaxDensity) {
		l.Density = int(density)
	}
	a.deferredFloat("jitter", &l.Jitter, 0, 2, "%.2f", 0)
	a.deferredFloat("step (px)", &l.Step, 0.05, 4, "%.2f", imgui.SliderFlagsLogarithmic)
	steps := int32(l.MaxSteps)
	if a.deferredInt("max steps", "max steps (0: auto)", &steps, 0, flow.MaxMaxSteps) {
		l.MaxSteps = int(steps)
	}
	imgui.Checkbox("a stream per streamline", &l.Independent)
	if imgui.IsItemHovered() {
		imgui.SetTooltip("off: as slm, every sub-pixel streamline of a seed pixel starts from the seed pixel's stream")
	}
	imgui.Text("map")
	for _, mp := range []string{"density", "length"} {
		imgui.SameLine()
		if imgui.RadioButton(mp+"##map", l.Map == mp) { // "density" is also the slider's label
			l.Map = mp
		}
	}
}

func (a *App) errorText() {
	if a.uiErr != "" {
		imgui.PushTextWrapPos()
		imgui.PushStyleColor(imgui.StyleColorText, errText)
		imgui.Text(a.uiErr)
		imgui.PopStyleColor()
		imgui.PopTextWrapPos()
	}
}

// photonControls are the photon mapping mode's: scene, camera, SPPM.
func (a *App) photonControls() {
	m := a.Model
	if imgui.CollapsingHeaderV("Scene", imgui.TreeNodeFlagsDefaultOpen) {
		names := scenes.Names()
		if imgui.BeginCombo("scene", m.S.Scene) {
			for _, n := range names {
				if imgui.SelectableV(n, n == m.S.Scene, 0, imgui.Vec2{}) {
					m.SetScene(n)
					a.uiErr = ""
				}
			}
			imgui.EndCombo()
		}
		imgui.InputTextWithHint("##file", "scene file (.json)", &a.sceneFile)
		imgui.SameLine()
		if imgui.Button("Load") && a.sceneFile != "" {
			path, _ := filepath.Abs(a.sceneFile) // the settings outlive the working directory
			if _, err := scenes.Open(path); err != nil {
				a.uiErr = plain(err)
			} else {
				m.SetScene(path)
				a.sceneKey, a.uiErr = "", "" // read it again: it may have been edited
				for _, p := range a.panes {
					if p != nil {
						p.buildKey = "" // rebuilt from the new file
					}
				}
			}
		}
		a.errorText()
		if imgui.Button("Reset camera") {
			m.ResetCamera()
		}
		if imgui.BeginCombo("resolution", m.S.Resolution) {
			for _, r := range Resolutions {
				if imgui.SelectableV(r, r == m.S.Resolution, 0, imgui.Vec2{}) {
					m.S.Resolution = r
				}
			}
			imgui.EndCombo()
		}
		imgui.PushTextWrapPos()
		textDisabled("reference: " + a.refNote)
		imgui.PopTextWrapPos()
	}

	if imgui.CollapsingHeaderV("Rendering", imgui.TreeNodeFlagsDefaultOpen) {
		photons := "auto (" + ShortCount(int64(a.photons)) + ")"
		if m.S.Photons > 0 {
			photons = ShortCount(int64(m.S.Photons))
		}
		if imgui.BeginCombo("photons/iteration", photons) {
			if imgui.SelectableV("auto", m.S.Photons == 0, 0, imgui.Vec2{}) {
				m.S.Photons = 0
			}
			for k := 10; k <= 24; k += 2 {
				if imgui.SelectableV(fmt.Sprintf("2^%d = %s", k, ShortCount(1<<k)), m.S.Photons == 1<<k, 0, imgui.Vec2{}) {
					m.S.Photons = 1 << k
				}
			}
			imgui.EndCombo()
		}
		imgui.SliderFloatV("exposure", &m.S.Exposure, 0.05, 20, "%.2f", imgui.SliderFlagsLogarithmic|imgui.SliderFlagsAlwaysClamp)
		a.deferredFloat("alpha", &m.S.Alpha, 0.05, 1, "%.2f", 0)
		a.deferredFloat("initial radius", &m.S.Radius, 0, 0.2, "%.4f (0: 1 pixel)", 0)
		imgui.SliderFloatV("heatmap scale", &m.S.ErrorScale, 0.02, 2, "%.2f", imgui.SliderFlagsLogarithmic|imgui.SliderFlagsAlwaysClamp)
	}
}

// plotWindow holds the convergence plot under the controls, always in view.
func (a *App) plotWindow(x, y, w, h float64) {
	imgui.SetNextWindowPosV(vec(x, y), imgui.ConditionAlways, vec(0, 0))
	imgui.SetNextWindowSizeV(vec(w, h), imgui.ConditionAlways)
	open := true
	title := "RMSE against photons (log-log)###plot"
	if a.Model.S.Mode == ModeStreamlines {
		title = "Streamline statistics###plot"
	}
	imgui.BeginV(title, &open, imgui.WindowFlagsNoMove|imgui.WindowFlagsNoResize|imgui.WindowFlagsNoCollapse|imgui.WindowFlagsNoSavedSettings|imgui.WindowFlagsNoScrollbar)
	avail := imgui.ContentRegionAvail()
	if a.Model.S.Mode == ModeStreamlines {
		a.lineStats(float64(avail.X))
	} else {
		a.plot(float64(avail.X), float64(avail.Y))
	}
	imgui.End()
	if !open {
		a.Model.S.ShowPlot = false
	}
}

// paneControls edits one pane: generator, view and the generator's options,
// with widgets chosen from the options' declared values.
func (a *App) paneControls(i int) {
	m := a.Model
	ps := m.S.Panes[i]
	imgui.PushIDInt(i)
	defer imgui.PopID()
	c := PaneColors[i]
	imgui.PushStyleColor(imgui.StyleColorText, imgui.Vec4{X: float32(c.R) / 255, Y: float32(c.G) / 255, Z: float32(c.B) / 255, W: 1})
	open := imgui.CollapsingHeaderV(fmt.Sprintf("Pane %d: %s###pane", i+1, ps.Generator), imgui.TreeNodeFlagsDefaultOpen)
	imgui.PopStyleColor()
	if !open {
		return
	}
	if imgui.BeginCombo("generator", ps.Generator) {
		for _, g := range rng.All {
			if imgui.SelectableV(g.Name, g.Name == ps.Generator, 0, imgui.Vec2{}) {
				m.SetGenerator(i, g.Name)
				delete(a.optionErrs, i)
			}
			if imgui.IsItemHovered() {
				imgui.SetTooltip(g.Doc)
			}
		}
		imgui.EndCombo()
	}
	for _, v := range Views {
		if imgui.RadioButton(string(v), ps.View == v) {
			m.S.Panes[i].View = v
		}
		imgui.SameLine()
	}
	if imgui.Button("reset") {
		m.ResetPane(i)
	}
	g, err := rng.Lookup(ps.Generator)
	if err != nil {
		return
	}
	for _, o := range g.Options {
		a.optionWidget(i, g, o)
	}
	if e := a.optionErr(i); e != "" {
		imgui.PushTextWrapPos()
		imgui.PushStyleColor(imgui.StyleColorText, errText)
		imgui.Text(e)
		imgui.PopStyleColor()
		imgui.PopTextWrapPos()
	}
}

func (a *App) optionErr(i int) string { return a.optionErrs[i] }

// setOption applies an option edit; a refused value is kept to show why.
func (a *App) setOption(i int, name, value string) {
	if a.optionErrs == nil {
		a.optionErrs = map[int]string{}
	}
	if err := a.Model.SetOption(i, name, value); err != nil {
		a.optionErrs[i] = plain(err)
	} else {
		delete(a.optionErrs, i)
	}
}

func (a *App) optionWidget(i int, g *rng.Generator, o rng.Option) {
	m := a.Model
	value := m.Option(i, o.Name)
	w := WidgetFor(o)
	custom := value != "" || o.Default != ""
	effective := value
	if value == "" && o.Effective != nil {
		effective = o.Effective(m.S.Panes[i].Options)
	}
	// An option whose empty value means "the preset's" gets a checkbox to
	// take it over, starting from what the preset has.
	if o.Default == "" {
		c := custom
		if imgui.Checkbox("custom "+o.Name, &c) {
			if c {
				a.setOption(i, o.Name, effective)
			} else {
				a.setOption(i, o.Name, "")
			}
		}
		if imgui.IsItemHovered() {
			imgui.SetTooltip(o.Help)
		}
		if !c {
			imgui.SameLine()
			textDisabled(effective)
			return
		}
	}
	switch w.Kind {
	case WidgetChoice:
		if imgui.BeginCombo(o.Name, value) {
			for _, ch := range w.Choices {
				if imgui.SelectableV(ch, ch == value, 0, imgui.Vec2{}) {
					a.setOption(i, o.Name, ch)
				}
			}
			imgui.EndCombo()
		}
	case WidgetInt:
		n, _ := strconv.Atoi(value)
		v := int32(n)
		if a.deferredInt(fmt.Sprint(i, o.Name), o.Name, &v, w.Lo, w.Hi) {
			a.setOption(i, o.Name, strconv.Itoa(int(v)))
		}
	case WidgetBits:
		bits, err := ParseBits(value, w.Bits)
		if err != nil {
			bits = make([]bool, w.Bits)
		}
		imgui.Text(o.Name + " " + FormatBits(bits))
		changed := false
		for b := 0; b < w.Bits; b++ {
			if b%8 != 0 {
				imgui.SameLine()
			}
			if imgui.Checkbox(fmt.Sprintf("##bit%d", b), &bits[b]) {
				changed = true
			}
			if imgui.IsItemHovered() {
				imgui.SetTooltip(fmt.Sprintf("bit %d: next cell when neighbours n3 n2 n1 n0 = %04b", b, b))
			}
		}
		if changed {
			a.setOption(i, o.Name, FormatBits(bits))
		}
	case WidgetIntList:
		vals, err := ParseIntList(value, w.N)
		if err != nil {
			vals = make([]int32, w.N)
		}
		changed := false
		imgui.PushItemWidth(float32(40 * a.platform.ContentScale()))
		for k := range vals {
			if k > 0 {
				imgui.SameLine()
			}
			if imgui.InputIntV(fmt.Sprintf("##%s%d", o.Name, k), &vals[k], 0, 0, 0) {
				vals[k] = min(max(vals[k], int32(w.Lo)), int32(w.Hi))
				changed = true
			}
		}
		imgui.PopItemWidth()
		imgui.SameLine()
		imgui.Text(o.Name)
		if changed {
			a.setOption(i, o.Name, FormatIntList(vals))
		}
	default:
		text := value
		if imgui.InputTextV(o.Name, &text, imgui.InputTextFlagsEnterReturnsTrue, nil) {
			a.setOption(i, o.Name, text)
		}
	}
	if imgui.IsItemHovered() {
		imgui.SetTooltip(o.Help)
	}
}

// plot draws RMSE against photons, log-log, one line per pane in its colour,
// with a slope -1/2 guide.
func (a *App) plot(width, height float64) {
	pos := imgui.CursorScreenPos()
	imgui.Dummy(vec(width, height))
	dl := imgui.WindowDrawList()
	lh := float64(imgui.TextLineHeight())
	x0, y0 := float64(pos.X)+3.2*lh, float64(pos.Y)+0.5*lh
	x1, y1 := float64(pos.X)+width-0.5*lh, float64(pos.Y)+height-1.6*lh
	dl.AddRectFilled(vec(x0, y0), vec(x1, y1), packed(color.RGBA{20, 20, 24, 255}))
	var series [][]Point
	for i := 0; i < a.Model.Visible(); i++ {
		if p := a.panes[i]; p != nil {
			series = append(series, p.History)
		} else {
			series = append(series, nil)
		}
	}
	r, ok := PlotRange(series)
	if !ok {
		msg := "RMSE appears here once a reference exists"
		if a.ref == nil {
			msg = "no RMSE: " + a.refNote
		}
		imgui.SetCursorScreenPos(vec(x0+4, y0+4))
		imgui.PushTextWrapPosV(float32(x1 - float64(pos.X)))
		textDisabled(msg)
		imgui.PopTextWrapPos()
		return
	}
	w, h := x1-x0, y1-y0
	for d := r.X0; d <= r.X1; d++ {
		x := x0 + (d-r.X0)/(r.X1-r.X0)*w
		dl.AddLine(vec(x, y0), vec(x, y1), packed(color.RGBA{60, 60, 66, 255}))
		label := fmt.Sprintf("1e%d", int(d))
		tw := float64(imgui.CalcTextSize(label, false, 0).X)
		dl.AddText(vec(math.Min(x-tw/2, x1-tw), y1+2), grey, label)
	}
	for d := r.Y0; d <= r.Y1; d++ {
		y := y0 + (r.Y1-d)/(r.Y1-r.Y0)*h
		dl.AddLine(vec(x0, y), vec(x1, y), packed(color.RGBA{60, 60, 66, 255}))
		dl.AddText(vec(float64(pos.X), y-lh/2), grey, fmt.Sprintf("1e%d", int(d)))
	}
	dl.PushClipRect(vec(x0, y0), vec(x1, y1))
	defer dl.PopClipRect()
	// The guide goes through the first point of the first pane with one.
	for _, s := range series {
		if len(s) > 0 {
			if pa, pb, ok := r.SlopeLine(s[0], -0.5); ok {
				ax, ay, _ := r.Map(pa, w, h)
				bx, by, _ := r.Map(pb, w, h)
				dl.AddLineV(vec(x0+ax, y0+ay), vec(x0+bx, y0+by), grey, 1)
				dl.AddText(vec(x0+bx-4*lh, y0+by-lh*1.2), grey, "slope -1/2")
			}
			break
		}
	}
	for i, s := range series {
		var prev imgui.Vec2
		for k, pt := range s {
			x, y, ok := r.Map(pt, w, h)
			if !ok {
				continue
			}
			cur := vec(x0+x, y0+y)
			if k > 0 {
				dl.AddLineV(prev, cur, packed(PaneColors[i]), 2)
			}
			prev = cur
		}
	}
}

// lineStats tabulates each pane's streamlines and draws the shared colour
// scale of the maps.
func (a *App) lineStats(width float64) {
	if imgui.BeginTable("stats", 5) {
		for _, h := range []string{"pane", "mean px", "stalled", "left", "max steps"} {
			imgui.TableNextColumn()
			imgui.Text(h)
		}
		for i := 0; i < a.Model.Visible(); i++ {
			p := a.panes[i]
			if p == nil || p.lines == nil {
				continue
			}
			st := p.lineStats
			n := math.Max(float64(st.Streamlines), 1)
			c := PaneColors[i]
			imgui.TableNextColumn()
			imgui.PushStyleColor(imgui.StyleColorText, imgui.Vec4{X: float32(c.R) / 255, Y: float32(c.G) / 255, Z: float32(c.B) / 255, W: 1})
			imgui.Text(a.Model.S.Panes[i].Generator)
			imgui.PopStyleColor()
			imgui.TableNextColumn()
			imgui.Textf("%.1f", st.MeanLength(p.lines.Cfg.Step))
			for _, v := range []int64{st.Stalled, st.Left, st.MaxSteps} {
				imgui.TableNextColumn()
				imgui.Textf("%.1f%%", 100*float64(v)/n)
			}
		}
		imgui.EndTable()
	}
	// The colour scale all panes share.
	mp := a.Model.S.Lines.Map
	name, log := "inferno", true
	if mp == "length" {
		name, log = "viridis", false
	}
	cm, err := imageio.LookupColormap(name)
	if err != nil {
		return
	}
	imgui.Spacing()
	pos := imgui.CursorScreenPos()
	h := float64(imgui.TextLineHeight())
	dl := imgui.WindowDrawList()
	const steps = 48
	for k := 0; k < steps; k++ {
		c := cm.At(float64(k) / (steps - 1))
		dl.AddRectFilled(vec(float64(pos.X)+width*float64(k)/steps, float64(pos.Y)), vec(float64(pos.X)+width*float64(k+1)/steps+0.5, float64(pos.Y)+h), packed(color.RGBA{c.R, c.G, c.B, 255}))
	}
	imgui.Dummy(vec(width, h))
	unit := "visits per pixel, log scale"
	if !log {
		unit = "mean streamline length (px)"
	}
	imgui.Textf("0 .. %.4g %s", a.lineMax, unit)
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

// plain words a message for the window: the renderer and generators name
// their command-line flags (--alpha, --density); the window has none.
func plain(err error) string { return strings.ReplaceAll(err.Error(), "--", "") }

func textDisabled(s string) {
	imgui.PushStyleColor(imgui.StyleColorText, imgui.Vec4{X: 0.6, Y: 0.6, Z: 0.6, W: 1})
	imgui.Text(s)
	imgui.PopStyleColor()
}

// Settings that restart panes are edited in a buffer and committed when the
// widget lets go, so dragging a slider does not restart every frame.
type editBuffer struct {
	id    string
	f     float32
	i     int32
	valid bool
}

func (a *App) deferredFloat(label string, v *float32, lo, hi float32, format string, flags imgui.SliderFlags) {
	buf := *v
	if a.edit.id == label { // only the widget being edited reads the buffer
		buf = a.edit.f
	}
	imgui.SliderFloatV(label, &buf, lo, hi, format, flags|imgui.SliderFlagsAlwaysClamp)
	a.track(label)
	if a.edit.id == label {
		a.edit.f = buf
	}
	if imgui.IsItemDeactivatedAfterEdit() {
		*v = buf
	}
}

func (a *App) deferredInt(key, label string, v *int32, lo, hi int) bool {
	buf := *v
	if a.edit.id == key {
		buf = a.edit.i
	}
	if hi-lo <= 64 {
		imgui.SliderInt(label, &buf, int32(lo), int32(hi))
	} else {
		imgui.InputIntV(label, &buf, 1, 100, 0)
	}
	buf = min(max(buf, int32(lo)), int32(hi))
	a.track(key)
	if a.edit.id == key {
		a.edit.i = buf
	}
	if imgui.IsItemDeactivatedAfterEdit() && buf != *v {
		*v = buf
		return true
	}
	return false
}

// track notes which deferred widget is being edited, and where each is
// (tests drag them by name).
func (a *App) track(label string) {
	if a.widgets == nil {
		a.widgets = map[string][2]imgui.Vec2{}
	}
	a.widgets[label] = [2]imgui.Vec2{imgui.ItemRectMin(), imgui.ItemRectMax()}
	if imgui.IsItemActivated() {
		a.edit.id = label
	}
	if imgui.IsItemDeactivated() && a.edit.id == label {
		a.edit.id = ""
	}
}
