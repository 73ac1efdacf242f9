package app

import (
	"fmt"
	"image/color"
	"math"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/units"
	"speckle/render"
	"speckle/scenes/flow"

	"github.com/inkyblackness/imgui-go/v4"
)

// The streamline mode's side of a pane: slm's jittered streamlines through
// a flow field, one trace per pane, each driven by the pane's generator.

// lineSize is the streamline image for a field: the width asked for, the
// height from the field's aspect.
func lineSize(l LineSettings, f flow.Field) (w, h int) {
	return l.Width, max(1, int(math.Round(float64(l.Width)/f.Aspect())))
}

func (p *pane) buildLines(ctx *gpu.Context, s Settings, ps PaneSettings, field flow.Field) error {
	sp, err := ps.seededIn(s)
	if err != nil {
		return err
	}
	w, h := lineSize(s.Lines, field)
	cfg := render.StreamlineConfig{Width: w, Height: h, Params: s.Lines.Params(), RNG: sp}
	texts, refused, err := sp.Gen.Warnings(sp.StreamConfig(cfg.Params.Streams(w, h)))
	if err != nil {
		return err
	}
	if refused != "" {
		return fmt.Errorf("%s: %s", sp.Label(), refused)
	}
	p.warnings, p.warned, p.periodAt = nil, false, 0
	for _, t := range texts {
		p.warnings = append(p.warnings, sp.Label()+" (streamlines): "+t)
	}
	if p.lines, err = render.NewStreamlines(ctx, field, cfg); err != nil {
		return err
	}
	p.display, err = ctx.NewTexture(w, h, gpu.RGBA8)
	return err
}

// traceLines advances the trace by passes of a chunk of about n streamlines
// and learns the GPU's rate in steps per second (a streamline costs anything
// from one step to MaxSteps, so streamlines per second would mislead the
// next frame).
//
// A chunk takes render.Streamlines.Passes dispatches (many where the
// generator's draws are costly: see shaders/lib/loops.glsl), each with a
// fixed cost. So the chunk size follows the time of one pass (lastSeconds),
// and a call runs as many passes as fit the share; a chunk of one pass, the
// usual case, is sized from the time of the whole call as before.
func (p *pane) traceLines(ctx *gpu.Context, n int, share float64) error {
	if p.lines == nil || p.lines.Done() {
		return nil
	}
	before, _ := p.lines.Progress()
	steps := p.lineStats.Steps
	passes := p.linePasses
	if passes < 1 {
		passes = math.MaxInt
	}
	ran := 0
	d, err := ctx.Time(func() error {
		var err error
		ran, _, err = p.lines.Advance(n, passes)
		return err
	})
	if err != nil || ran == 0 {
		return err
	}
	after, _ := p.lines.Progress()
	chunk := p.lines.InFlight()
	if chunk == 0 { // the chunk ended in this call
		chunk = after - before
	}
	p.lineStats = p.lines.Stats()
	p.lastSteps = p.lineStats.Steps - steps
	p.noteTrace(p.lastSteps, d.Seconds(), share)
	perPass := d.Seconds() / float64(ran)
	p.linePasses = max(1, int(share/max(perPass, 1e-9)))
	p.prevChunk, p.prevSeconds = p.lastChunk, p.lastSeconds
	p.lastChunk, p.lastSeconds = chunk, perPass
	return nil
}

// staleRate is how many traces in a row may teach the rate nothing before
// it is dropped.
const staleRate = 32

// noteTrace learns the rate from a trace of steps in seconds. Only traces
// that took a good part of their share teach it: the first also pays for
// the driver's first use of the program, and tiny ones are mostly dispatch
// overhead. Nor does a hiccup (a shared CPU busy elsewhere): a trace four
// times slower per step than the fastest of late, whose steps per second
// are a floor under the true rate (overhead only adds time).
//
// The guard in lineChunk keeps traces as short as the rate says, and
// short traces teach nothing, so a rate learnt from a slow trace could
// stand for good: on llvmpipe two panes of four stayed at 16 streamlines a
// frame (150 a second) while the others traced 1,000. So a rate that no
// trace has taught for staleRate traces is dropped, and the chunks grow
// again until a trace teaches a new one.
func (p *pane) noteTrace(steps int64, seconds, share float64) {
	if seconds <= 0 {
		return
	}
	sample := float64(steps) / seconds
	p.fastest = max(0.98*p.fastest, sample)
	if p.lastChunk > 0 && seconds >= share/4 && sample >= p.fastest/4 {
		p.learn(int(steps), seconds)
		p.untaught = 0
		return
	}
	if p.untaught++; p.untaught > staleRate {
		p.rate, p.workSum, p.timeSum, p.untaught = 0, 0, 0, 0
	}
}

// lineChunk sizes the next chunk of streamlines from the time the last one
// took against the pane's share of the frame budget: double while under
// half of it, shrink in proportion when over. Between the two it doubles
// again if the last doubling cost little: a big GPU runs a chunk's
// streamlines side by side, so a chunk's time can be one streamline's
// length of serial steps whatever its size, and only trying finds that
// out. Once a rate is learnt, a guard keeps a pass within the share if
// every streamline ran 1/32 of a pass's steps: the first rows of an image
// leave it in a few steps, and the rows after them may run the whole way.
func (p *pane) lineChunk(share float64) int {
	if p.lastChunk == 0 {
		return minLineChunk
	}
	n := p.lastChunk
	switch {
	case p.lastSeconds < share/2:
		n *= 2
	case p.lastSeconds > share:
		n = int(float64(n) * share / p.lastSeconds)
	case p.prevChunk > 0 && p.lastChunk > p.prevChunk && p.lastSeconds < 1.25*p.prevSeconds:
		n *= 2
	}
	if p.rate > 0 { // (none learnt while every chunk was quick)
		_, steps := p.lines.Passes()
		n = min(n, int(p.rate*share/max(float64(steps)/32, 1)))
	}
	return max(n, 16)
}

// refreshLines recolours the map when the trace went on or the scale moved.
func (p *pane) refreshLines(m *Model, scale float32) error {
	if p.lines == nil {
		return nil
	}
	done, _ := p.lines.Progress()
	mp, _ := render.ParseStreamlineMap(m.S.Lines.Map)
	// Streamlines add to the maps as they end, also mid-chunk.
	key := fmt.Sprint("lines", done, p.lineStats.Streamlines, mp, scale)
	if key == p.shown {
		return nil
	}
	p.shown = key
	return p.lines.Display(p.display, mp, render.MapOptions{Max: scale})
}

// lineOverlay is the pane's second overlay line in streamline mode.
func (p *pane) lineOverlay() string {
	done, total := p.lines.Progress()
	st := p.lineStats
	l := fmt.Sprintf("%s of %s streamlines (%.0f%%)  %s/s", units.FormatCount(int64(done)), units.FormatCount(int64(total)),
		100*float64(done)/float64(total), units.FormatRate(p.WallRate))
	if st.Streamlines > 0 {
		l += fmt.Sprintf("  mean %.1f px  stalled %.0f%%", st.MeanLength(p.lines.Cfg.Step), 100*float64(st.Stalled)/float64(st.Streamlines))
	}
	return l
}

// sharedLineScale is the largest map value over the visible panes, so that
// all panes share one colour scale and can be compared.
func (a *App) sharedLineScale() (float32, error) {
	mp, err := render.ParseStreamlineMap(a.Model.S.Lines.Map)
	if err != nil {
		return 0, err
	}
	var top float32
	for i := 0; i < a.Model.Visible(); i++ {
		p := a.panes[i]
		if p == nil || p.lines == nil || p.err != nil {
			continue
		}
		// The maximum changes only as the trace goes on: read it back then.
		if key := fmt.Sprint(p.lineStats.Streamlines, mp); key != p.maxKey {
			if p.mapMax, err = p.lines.MapMax(mp); err != nil {
				p.err = err
				continue
			}
			p.maxKey = key
		}
		top = max(top, p.mapMax)
	}
	return top, nil
}

// lineStatsRow is pane i's row of the streamline table: its name as the
// pane's overlay spells it, mean length, and the shares stalled, left and
// at max steps; nil for a pane with no trace.
func (a *App) lineStatsRow(i int) []string {
	p := a.panes[i]
	if p == nil || p.lines == nil {
		return nil
	}
	st := p.lineStats
	n := math.Max(float64(st.Streamlines), 1)
	row := []string{paneLabel(a.Model.S.Panes[i]), fmt.Sprintf("%.1f", st.MeanLength(p.lines.Cfg.Step))}
	for _, v := range []int64{st.Stalled, st.Left, st.MaxSteps} {
		row = append(row, fmt.Sprintf("%.1f%%", 100*float64(v)/n))
	}
	return row
}

// lineStats tabulates each pane's streamlines and draws the shared colour
// scale of the maps.
func (a *App) lineStats(width float64) {
	if imgui.BeginTableV("stats", 5, imgui.TableFlagsSizingFixedFit, vec(0, 0), 0) { // the names whole
		for _, h := range []string{"pane", "mean px", "stalled", "left", "max steps"} {
			imgui.TableNextColumn()
			imgui.Text(h)
		}
		for i := 0; i < a.Model.Visible(); i++ {
			row := a.lineStatsRow(i)
			if row == nil {
				continue
			}
			c := a.paneColor(i)
			imgui.TableNextColumn()
			imgui.PushStyleColor(imgui.StyleColorText, imgui.Vec4{X: float32(c.R) / 255, Y: float32(c.G) / 255, Z: float32(c.B) / 255, W: 1})
			imgui.Text(row[0])
			imgui.PopStyleColor()
			for _, cell := range row[1:] {
				imgui.TableNextColumn()
				imgui.Text(cell)
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
