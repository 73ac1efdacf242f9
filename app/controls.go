package app

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/internal/units"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes"
	"speckle/scenes/flow"
)

// controls is the sidebar: shared settings, then one section per pane.
func (a *App) controls(width, height float64) {
	imgui.SetNextWindowPosV(vec(0, 0), imgui.ConditionAlways, vec(0, 0))
	imgui.SetNextWindowSizeV(vec(width, height), imgui.ConditionAlways)
	imgui.BeginV("Speckle", nil, imgui.WindowFlagsNoMove|imgui.WindowFlagsNoResize|imgui.WindowFlagsNoCollapse|imgui.WindowFlagsNoSavedSettings|imgui.WindowFlagsMenuBar)
	defer imgui.End()
	a.lessonMenu()
	m := a.Model
	imgui.PushItemWidth(float32(width * 0.5))
	defer imgui.PopItemWidth()

	a.transportControls()
	imgui.Text(a.ctx.Info.Renderer)
	if imgui.RadioButton("photon mapping", m.S.Mode == ModePhotons) {
		m.S.Mode = ModePhotons
	}
	imgui.SameLine()
	if imgui.RadioButton("streamlines", m.S.Mode == ModeStreamlines) {
		m.S.Mode = ModeStreamlines
	}
	imgui.SameLine()
	if imgui.RadioButton("lab", m.S.Mode == ModeLab) {
		m.S.Mode = ModeLab
	}
	switch m.S.Mode {
	case ModeStreamlines:
		a.lineControls()
	case ModeLab:
		a.labControls()
	default:
		a.photonControls()
		a.evolutionControls()
	}
	a.sharedControls()
	for i := 0; i < m.Visible(); i++ {
		a.paneControls(i)
	}
}

// transportControls are the buttons that pause, step, reset and shoot, and
// the frame rate they act on.
func (a *App) transportControls() {
	m := a.Model
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
	if m.S.Mode == ModeLab { // the lab draws once per change, not per frame
		imgui.Textf("%.1f frames/s (last %.0f s)", a.fps.perSecond(), frameRateWindow.Seconds())
	} else {
		imgui.Textf("%.1f frames/s (last %.0f s)  %s %s/frame", a.fps.perSecond(), frameRateWindow.Seconds(), units.FormatCount(int64(a.photonsFrame)), a.unit())
	}
}

// sharedControls are the settings every pane shares: budget, seed, layout.
func (a *App) sharedControls() {
	m := a.Model
	if !imgui.CollapsingHeaderV("Shared", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	imgui.SliderFloatV("frame budget", &m.S.BudgetMS, 2, 100, "%.0f ms", imgui.SliderFlagsAlwaysClamp)
	seed := int32(min(m.S.Seed, math.MaxInt32)) // the UI offers 0..2^31-1; the CLI all 32 bits
	if a.deferredInt("seed", "seed", &seed, 0, math.MaxInt32) {
		m.S.Seed = uint32(seed)
	}
	imgui.Checkbox("sync options across panes", &m.S.Sync)
	imgui.SameLine()
	imgui.Checkbox("plot", &m.S.ShowPlot)
	imgui.Text("layout")
	for _, n := range layouts {
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
		for _, w := range lineWidths {
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

func (a *App) errorText() { wrappedError(a.uiErr) }

// wrappedError shows msg, if any, in the error colour, wrapped to the panel.
func wrappedError(msg string) {
	if msg != "" {
		imgui.PushTextWrapPos()
		imgui.PushStyleColor(imgui.StyleColorText, errText)
		imgui.Text(msg)
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
			for _, r := range resolutions {
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
		photons := "auto (" + units.FormatCount(int64(a.photons)) + ")"
		if m.S.Photons > 0 {
			photons = units.FormatCount(int64(m.S.Photons))
		}
		if imgui.BeginCombo("photons/iteration", photons) {
			if imgui.SelectableV("auto", m.S.Photons == 0, 0, imgui.Vec2{}) {
				m.S.Photons = 0
			}
			for k := 10; k <= 24; k += 2 {
				if imgui.SelectableV(fmt.Sprintf("2^%d = %s", k, units.FormatCount(1<<k)), m.S.Photons == 1<<k, 0, imgui.Vec2{}) {
					m.S.Photons = 1 << k
				}
			}
			imgui.EndCombo()
		}
		imgui.SliderFloatV("exposure", &m.S.Exposure, 0.05, 20, "%.2f", imgui.SliderFlagsLogarithmic|imgui.SliderFlagsAlwaysClamp)
		a.deferredFloat("alpha", &m.S.Alpha, float32(render.AlphaRange.Lo), 1, "%.2f", 0)
		a.deferredFloat("initial radius", &m.S.Radius, 0, 0.2, "%.4f (0: 1 pixel)", 0)
		imgui.SliderFloatV("heatmap scale", &m.S.ErrorScale, 0.02, 2, "%.2f", imgui.SliderFlagsLogarithmic|imgui.SliderFlagsAlwaysClamp)
	}
}

// paneControls edits one pane: generator, view and the generator's options,
// with widgets chosen from the options' declared values.
func (a *App) paneControls(i int) {
	m := a.Model
	ps := m.S.Panes[i]
	imgui.PushIDInt(i)
	defer imgui.PopID()
	c := a.paneColor(i)
	imgui.PushStyleColor(imgui.StyleColorText, imgui.Vec4{X: float32(c.R) / 255, Y: float32(c.G) / 255, Z: float32(c.B) / 255, W: 1})
	open := imgui.CollapsingHeaderV(fmt.Sprintf("Pane %d: %s###pane", i+1, paneLabel(ps)), imgui.TreeNodeFlagsDefaultOpen)
	imgui.PopStyleColor()
	if !open {
		return
	}
	if imgui.BeginCombo("generator", ps.Generator) {
		for _, f := range generatorFamilies() {
			if f.name != "" { // a family's heading: the GPU hashes
				imgui.Separator()
				textDisabled(f.name)
			}
			for _, g := range f.gens {
				if imgui.SelectableV(g.Name, g.Name == ps.Generator, 0, imgui.Vec2{}) {
					m.SetGenerator(i, g.Name)
					delete(a.optionErrs, i)
				}
				if imgui.IsItemHovered() {
					imgui.SetTooltip(g.Doc)
				}
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
	wrappedError(a.optionErr(i))
}

func (a *App) optionErr(i int) string { return a.optionErrs[i] }

// plain words a message for the window: the renderer and generators name
// their command-line flags (--alpha, --density); the window has none.
func plain(err error) string { return strings.ReplaceAll(err.Error(), "--", "") }

func textDisabled(s string) {
	imgui.PushStyleColor(imgui.StyleColorText, imgui.Vec4{X: 0.6, Y: 0.6, Z: 0.6, W: 1})
	imgui.Text(s)
	imgui.PopStyleColor()
}

// family is one group of the generator picker: a heading ("" for the
// generators proper) and its generators in registry order.
type family struct {
	name string
	gens []*rng.Generator
}

// generatorFamilies is rng.All grouped by Generator.Family, the generators
// proper first, each family in the order the registry first names it.
func generatorFamilies() []family {
	out := []family{{name: ""}}
	at := map[string]int{"": 0}
	for _, g := range rng.All {
		i, ok := at[g.Family]
		if !ok {
			i = len(out)
			at[g.Family] = i
			out = append(out, family{name: g.Family})
		}
		out[i].gens = append(out[i].gens, g)
	}
	if users := rng.UserGenerators(); len(users) > 0 { // glsl:FILE, from the command line or settings
		out = append(out, family{name: "your own (GLSL)", gens: users})
	}
	return out
}
