package app

import (
	"fmt"
	"image"
	"math"
	"strings"
	"time"

	"github.com/inkyblackness/imgui-go/v4"

	"speckle/gpu"
	"speckle/internal/stats"
	"speckle/rng"
	"speckle/study/battery"
	"speckle/study/look"
)

// The lab mode's side of the window: each pane shows one generator's own
// numbers in one of rng look's views (look.Look), computed on the GPU from
// the pools the renderer uses, again only when what it shows changes.

// LabSettings are the lab mode's: the view every pane shows and its inputs,
// as `speckle rng look` takes them.
type LabSettings struct {
	View     string     `json:"view"` // one of look.Views, or LabBattery
	Size     int        `json:"size"` // each picture's side in pixels
	Points   int        `json:"points"`
	Bit      int        `json:"bit"`      // look.OptBit's views
	Decision string     `json:"decision"` // look.OptDecision's: light, direction or bounce
	Stream   int        `json:"stream"`   // look.OptStream's
	Zoom     [3]float64 `json:"zoom"`     // X, Y, SIDE of the square (cube) shown
	ZoomZ    float64    `json:"zoom_z"`   // look.OptCube's: the cube's third corner
	Rotate   [2]float64 `json:"rotate"`   // look.OptRotate's: the turn, yaw and pitch in degrees
	Scan     int64      `json:"scan"`     // look.OptScan's deep zoom: values scanned; 0 off
}

// LabDefaults shows successive pairs of 65,536 values.
func LabDefaults() LabSettings {
	return LabSettings{View: look.DefaultView(), Size: 512, Points: 1 << 16, Decision: "light", Zoom: [3]float64{0, 0, 1}, Rotate: [2]float64{30, 20}}
}

// The lab's choices in the UI.
var (
	labSizes  = []int{256, 512, 1024}
	labPoints = []int{1 << 12, 1 << 14, 1 << 16, 1 << 18, 1 << 20, 1 << 22}
	labScans  = []int64{0, 1 << 20, 1 << 24, 1 << 28, 1 << 32, 1 << 36}
)

// Look is the view of sp the settings describe; views that take no zoom
// cube or deep zoom leave them out, and no view draws more points than
// its WindowPoints (the spectrum's periodogram costs points x 129^2
// products in Go).
func (l LabSettings) Look(sp rng.Spec, seed uint32) look.Look {
	lk := look.Look{
		Specs: []rng.Spec{sp}, Seed: seed, View: l.View, Size: l.Size, Points: l.Points, Bit: l.Bit,
		Decision: look.PhotonDecisions[l.Decision], Stream: l.Stream, Zoom: l.Zoom, Rotate: l.Rotate,
		OnGPU: true, // the photon pass's samples are the Go reference's whatever this says (look.Look)
	}
	v := lk.ViewDef()
	if v.Takes(look.OptCube) {
		lk.ZoomZ = l.ZoomZ
	}
	if v.WindowPoints > 0 {
		lk.Points = min(lk.Points, v.WindowPoints)
	}
	if v.Takes(look.OptScan) {
		lk.Scan = l.Scan
		if l.Scan > 0 {
			lk.Points = min(lk.Points, look.MaxScanKept)
		}
	}
	return lk
}

// view is the settings' view in look.Views (LabBattery and an unknown
// name: one that takes no options).
func (l LabSettings) view() *look.View { return look.Look{View: l.View}.ViewDef() }

// Check reports the first lab setting that cannot be used.
func (l LabSettings) Check() error {
	if _, ok := look.PhotonDecisions[l.Decision]; !ok {
		return fmt.Errorf("lab decision %q: want light, direction or bounce", l.Decision)
	}
	if l.View == LabBattery {
		return nil
	}
	if err := l.Look(rng.Spec{Gen: rng.All[0]}, 1).Check(); err != nil {
		return fmt.Errorf("lab: %s", plain(err))
	}
	return nil
}

// LabBattery is the lab's view that runs `rng test`'s battery on the pane's
// generator and shows its verdicts (battery.RNGTest's grid), at a size the
// window can wait for.
const LabBattery = "battery"

// labViews are the lab's views: rng look's (look.Views) and the battery.
func labViews() []string { return append(look.ViewNames(), LabBattery) }

// labBattery is the battery the lab runs: 2^20 numbers per order from 128
// streams in 32 samples, the most the birthday tests allow at that size (a
// few seconds a pane on llvmpipe, 2 cores).
func labBattery(sp rng.Spec, seed uint32) battery.RNGTest {
	return battery.RNGTest{Specs: []rng.Spec{sp}, Seed: seed, Numbers: 1 << 20,
		Streams: battery.DefaultTestStreams, Samples: 1 << 20 / (battery.MinGroupsPerSample * stats.BirthdayGroup)}
}

// labPane is what a lab pane keeps: the numbers drawn (kept while only the
// drawing changes) and the picture made of them.
type labPane struct {
	sample             look.Sample
	sampleKey, drawKey string
	look               look.Look
	looked             look.Looked
	// scan is a deep zoom in progress on the GPU: it goes on a little each
	// frame, and the picture shows what it has found so far.
	scan *look.Scan
	// battery is the battery view's report (nil in the other views).
	battery *battery.RNGTestReport
}

func (lab *labPane) closeScan() {
	if lab.scan != nil {
		lab.scan.Close()
		lab.scan = nil
	}
}

// syncLab draws the numbers again if their inputs changed (a deep zoom a
// share of the frame budget at a time), and the picture if anything it
// shows did.
func (p *pane) syncLab(ctx *gpu.Context, m *Model, i int) {
	ps := m.S.Panes[i]
	sp, ok := ps.Spec()
	if !ok {
		p.err = fmt.Errorf("unknown generator %q", ps.Generator)
		return
	}
	if p.lab == nil {
		p.lab = &labPane{}
	}
	lab := p.lab
	if m.S.Lab.View == LabBattery {
		p.syncBattery(ctx, sp, ps.seedIn(m.S), fmt.Sprintf("%s|%d|battery", sp.String(), m.resets[i]))
		return
	}
	lab.battery = nil
	lk := m.S.Lab.Look(sp, ps.seedIn(m.S))
	gen := fmt.Sprintf("%s|%d", sp.String(), m.resets[i])
	sampleKey := gen + "|" + lk.SampleKey()
	drawKey := fmt.Sprintf("%s|%+v", sampleKey, m.S.Lab)
	if drawKey == lab.drawKey && lab.scan == nil { // drawn already, or refused: the error stays shown
		return
	}
	if drawKey != lab.drawKey {
		lab.look, lab.drawKey, p.err = lk, drawKey, nil
		if err := lk.Check(); err != nil {
			lab.closeScan()
			p.err, lab.sampleKey = err, ""
			return
		}
	}
	if sampleKey != lab.sampleKey {
		lab.closeScan()
		var err error
		if lk.Scan > 0 && lk.OnGPU {
			lab.scan, err = lk.NewScan(ctx, sp)
			lab.sample = look.Sample{}
		} else {
			lab.sample, err = lk.Sample(ctx, sp)
		}
		if err != nil {
			p.err, lab.sampleKey = err, ""
			return
		}
		lab.sampleKey = sampleKey
	}
	if lab.scan != nil {
		share := time.Duration(float64(m.S.BudgetMS) / float64(m.Visible()) * float64(time.Millisecond))
		err := lab.scan.Step(time.Now().Add(share), share)
		lab.sample = lab.scan.Sample()
		if err != nil || lab.scan.Done() {
			lab.closeScan()
		}
		if err != nil {
			p.err, lab.sampleKey = err, ""
			return
		}
	}
	lab.looked = lk.Draw(sp, lab.sample)
	p.show(ctx, lab.looked.Image)
}

// syncBattery runs the battery on the pane's generator when it changed and
// shows its verdicts.
func (p *pane) syncBattery(ctx *gpu.Context, sp rng.Spec, seed uint32, key string) {
	lab := p.lab
	if key == lab.drawKey {
		return
	}
	lab.closeScan()
	lab.drawKey, lab.sampleKey, lab.looked, p.err = key, "", look.Looked{}, nil
	rep, err := labBattery(sp, seed).Run(ctx)
	if err != nil {
		p.err, lab.battery = err, nil
		return
	}
	lab.battery = &rep
	p.show(ctx, rep.Grid())
}

// show puts a lab picture into the pane's texture.
func (p *pane) show(ctx *gpu.Context, img *image.NRGBA) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if p.display == nil || p.display.Width != w || p.display.Height != h {
		p.display.Delete()
		var err error
		if p.display, err = ctx.NewTexture(w, h, gpu.RGBA8); err != nil {
			p.err = err
			return
		}
	}
	p.err = p.display.WriteBytes(img.Pix)
}

// labOverlay is a lab pane's second overlay line: how many points are drawn.
func (p *pane) labOverlay() string {
	if p.lab != nil && p.lab.battery != nil {
		n := map[string]int{}
		for _, r := range p.lab.battery.Results {
			n[r.Verdict]++
		}
		return fmt.Sprintf("battery, %s numbers an order: %d PASS, %d SUSPECT, %d FAIL (left: stream order, right: consumed)",
			formatCount(p.lab.battery.Numbers), n["PASS"], n["SUSPECT"], n["FAIL"])
	}
	if p.lab == nil || p.lab.looked.Image == nil {
		return ""
	}
	l := p.lab.look
	caption := strings.Trim(l.Caption(p.lab.looked), "()")
	if l.Scan == 0 && l.ViewDef().CountsPoints() {
		caption += " points in view"
	}
	if p.lab.scan != nil {
		caption += " (scanning)"
	}
	return caption
}

// labControls are the lab mode's: the view and its inputs.
func (a *App) labControls() {
	l := &a.Model.S.Lab
	if !imgui.CollapsingHeaderV("Lab", imgui.TreeNodeFlagsDefaultOpen) {
		return
	}
	for k, v := range labViews() {
		if k%3 != 0 {
			imgui.SameLine()
		}
		if imgui.RadioButton(v+"##labview", l.View == v) {
			l.View = v
		}
	}
	if l.View == LabBattery {
		textDisabled("rng test's battery, 2^20 numbers an order from 128 streams in 32 samples: a few seconds a pane on a CPU rasteriser")
		return
	}
	v := l.view()
	labPictureControls(l, v)
	if v.Takes(look.OptStream) || v.Takes(look.OptScan) {
		a.labZoomControls(l, v)
	}
}

// labPictureControls size the picture and choose what the view v draws,
// as its options say: the bit, the photon pass's decision, the points.
func labPictureControls(l *LabSettings, v *look.View) {
	if imgui.BeginCombo("picture", fmt.Sprint(l.Size)) {
		for _, n := range labSizes {
			if imgui.SelectableV(fmt.Sprint(n), n == l.Size, 0, imgui.Vec2{}) {
				l.Size = n
			}
		}
		imgui.EndCombo()
	}
	if v.Takes(look.OptBit) {
		bit := int32(l.Bit)
		if imgui.SliderInt("bit", &bit, 0, 31) {
			l.Bit = int(bit)
		}
	}
	if v.Takes(look.OptDecision) {
		for _, d := range look.PhotonDecisionNames {
			if imgui.RadioButton(d+"##decision", l.Decision == d) {
				l.Decision = d
			}
			imgui.SameLine()
		}
		imgui.Text("decision")
	}
	if v.Takes(look.OptPoints) {
		if imgui.BeginCombo("points", formatCount(int64(l.Points))) {
			for _, n := range labPoints {
				if imgui.SelectableV(formatCount(int64(n)), n == l.Points, 0, imgui.Vec2{}) {
					l.Points = n
				}
			}
			imgui.EndCombo()
		}
	}
	if v.WindowPoints > 0 && l.Points > v.WindowPoints {
		what := "points"
		if v.Photons {
			what = "photons"
		}
		textDisabled(fmt.Sprintf("the %s takes the first %d %s", v.Name, v.WindowPoints, what))
	}
}

// labZoomControls are the scatter views', as the view v's options say:
// the stream, the deep zoom's scan, the cube's turn and corner, and the
// zoom box.
func (a *App) labZoomControls(l *LabSettings, v *look.View) {
	stream := int32(l.Stream)
	if v.Takes(look.OptStream) && a.deferredInt("lab stream", "stream", &stream, 0, 1<<20-1) {
		l.Stream = int(stream)
	}
	scan := "off"
	if l.Scan > 0 {
		scan = formatCount(l.Scan) + " values"
	}
	if v.Takes(look.OptScan) && imgui.BeginCombo("deep zoom", scan) {
		for _, n := range labScans {
			label := "off"
			if n > 0 {
				label = formatCount(n) + " values"
			}
			if imgui.SelectableV(label, n == l.Scan, 0, imgui.Vec2{}) {
				l.Scan = n
			}
		}
		imgui.EndCombo()
	}
	if v.Takes(look.OptScan) && imgui.IsItemHovered() {
		imgui.SetTooltip("scan this many values of many streams on the GPU and keep the tuples in the zoom")
	}
	if v.Takes(look.OptRotate) {
		yaw, pitch := float32(l.Rotate[0]), float32(l.Rotate[1])
		if imgui.SliderFloatV("yaw", &yaw, -180, 180, "%.1f deg", 0) {
			l.Rotate[0] = float64(yaw)
		}
		if imgui.SliderFloatV("pitch", &pitch, -180, 180, "%.1f deg", 0) {
			l.Rotate[1] = float64(pitch)
		}
	}
	if v.Takes(look.OptCube) {
		z := float32(l.ZoomZ)
		if imgui.SliderFloatV("cube z", &z, 0, float32(1-l.Zoom[2]), "%.6f", 0) {
			l.ZoomZ = math.Min(math.Max(float64(z), 0), 1-l.Zoom[2])
		}
	}
	imgui.Textf("zoom [%.6g, %.6g] x [%.6g, %.6g]", l.Zoom[0], l.Zoom[0]+l.Zoom[2], l.Zoom[1], l.Zoom[1]+l.Zoom[2])
	if imgui.Button("whole square") {
		l.Zoom, l.ZoomZ = [3]float64{0, 0, 1}, 0
	}
	textDisabled("drag a box on a pane to zoom; drag triples to turn")
}

// formatCount writes a power of two as 2^k, anything else as a number.
func formatCount(n int64) string {
	if n > 0 && n&(n-1) == 0 {
		return fmt.Sprintf("2^%d", int(math.Log2(float64(n))))
	}
	return fmt.Sprint(n)
}

// minLabZoom is the smallest zoom side a drag makes: 1e-6 of the unit
// square's area is a side of 1e-3, and a deep zoom goes well below.
const minLabZoom = 1e-9

// labMouse turns a drag on a lab pane into a zoom box (the views that take
// look.OptZoom: the square dragged) or a turn (look.OptRotate's).
func (a *App) labMouse() {
	l := &a.Model.S.Lab
	io := imgui.CurrentIO()
	mouse := io.MousePosition()
	if imgui.IsMouseClicked(0) && a.hovered >= 0 {
		a.dragging, a.dragPane, a.dragFrom = true, a.hovered, mouse
	}
	if !a.dragging {
		return
	}
	r := a.imageRects[a.dragPane]
	if l.view().Takes(look.OptRotate) {
		if d := io.MouseDelta(); d.X != 0 || d.Y != 0 {
			l.Rotate[0] = wrapDegrees(l.Rotate[0] + float64(d.X)*0.4)
			l.Rotate[1] = wrapDegrees(l.Rotate[1] + float64(d.Y)*0.4)
		}
		if !imgui.IsMouseDown(0) {
			a.dragging = false
		}
		return
	}
	if !l.view().Takes(look.OptZoom) {
		a.dragging = imgui.IsMouseDown(0)
		return
	}
	// Picture coordinates 0..1, y up, of both corners.
	at := func(v imgui.Vec2) (float64, float64) {
		x := (float64(v.X) - r[0]) / (r[2] - r[0])
		y := 1 - (float64(v.Y)-r[1])/(r[3]-r[1])
		return math.Min(math.Max(x, 0), 1), math.Min(math.Max(y, 0), 1)
	}
	x0, y0 := at(a.dragFrom)
	x1, y1 := at(mouse)
	side := math.Max(math.Abs(x1-x0), math.Abs(y1-y0))
	if imgui.IsMouseDown(0) {
		sx, sy := r[0]+math.Min(x0, x1)*(r[2]-r[0]), r[3]-math.Min(y0, y1)*(r[3]-r[1])
		w := side * (r[2] - r[0])
		imgui.ForegroundDrawList().AddRect(vec(sx, sy-w), vec(sx+w, sy), white)
		return
	}
	a.dragging = false
	if side < 0.01 { // a click, not a box
		return
	}
	l.Zoom = zoomInto(l.Zoom, math.Min(x0, x1), math.Min(y0, y1), side)
	l.ZoomZ = math.Min(l.ZoomZ, 1-l.Zoom[2])
}

// zoomInto is the square (x, y, side) of the picture showing zoom, in the
// unit square's coordinates, kept inside it and no smaller than minLabZoom.
func zoomInto(zoom [3]float64, x, y, side float64) [3]float64 {
	s := math.Max(side*zoom[2], minLabZoom)
	corner := func(c float64) float64 {
		c = math.Min(math.Max(c, 0), 1-s)
		for c+s > 1 { // 1-s rounded up
			c = math.Nextafter(c, 0)
		}
		return c
	}
	return [3]float64{corner(zoom[0] + x*zoom[2]), corner(zoom[1] + y*zoom[2]), s}
}

// wrapDegrees keeps an angle in [-180, 180).
func wrapDegrees(d float64) float64 { return math.Mod(math.Mod(d+180, 360)+360, 360) - 180 }
