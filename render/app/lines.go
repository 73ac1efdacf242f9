package app

import (
	"fmt"
	"math"

	"speckle/render"
	"speckle/render/gpu"
	"speckle/rng"
	"speckle/scenes/flow"
)

// The streamline mode's side of a pane: slm's jittered streamlines through
// a flow field, one trace per pane, each driven by the pane's generator.

// lineSize is the streamline image for a field: the width asked for, the
// height from the field's aspect.
func lineSize(l LineSettings, f flow.Field) (w, h int) {
	return l.Width, max(1, int(math.Round(float64(l.Width)/f.Aspect())))
}

func (p *pane) buildLines(ctx *gpu.Context, s Settings, ps PaneSettings, field flow.Field) error {
	g, err := rng.Lookup(ps.Generator)
	if err != nil {
		return err
	}
	w, h := lineSize(s.Lines, field)
	cfg := render.StreamlineConfig{Width: w, Height: h, Params: s.Lines.Params(), Seed: s.Seed, Generator: g, Options: ps.Options}
	if p.lines, err = render.NewStreamlines(ctx, field, cfg); err != nil {
		return err
	}
	p.display, err = ctx.NewTexture(w, h, gpu.RGBA8)
	return err
}

// traceLines traces about n more streamlines, timing them as trace does
// photons.
func (p *pane) traceLines(ctx *gpu.Context, n int) error {
	if p.lines == nil || p.lines.Done() {
		return nil
	}
	before, _ := p.lines.Progress()
	d, err := ctx.Time(func() error {
		_, err := p.lines.Trace(n)
		return err
	})
	if err != nil {
		return err
	}
	after, _ := p.lines.Progress()
	p.learn(after-before, d.Seconds())
	return nil
}

// refreshLines recolours the map when the trace went on or the scale moved.
func (p *pane) refreshLines(m *Model, scale float32) error {
	if p.lines == nil {
		return nil
	}
	done, _ := p.lines.Progress()
	mp, _ := render.ParseStreamlineMap(m.S.Lines.Map)
	key := fmt.Sprint("lines", done, mp, scale)
	if key == p.shown {
		return nil
	}
	p.shown = key
	return p.lines.Display(p.display, mp, render.MapOptions{Max: scale})
}

// lineOverlay is the pane's second overlay line in streamline mode.
func (p *pane) lineOverlay() string {
	done, total := p.lines.Progress()
	st := p.lines.Stats()
	l := fmt.Sprintf("%s of %s streamlines (%.0f%%)  %s/s", ShortCount(int64(done)), ShortCount(int64(total)),
		100*float64(done)/float64(total), ShortCount(int64(p.WallRate)))
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
		if p := a.panes[i]; p != nil && p.lines != nil && p.err == nil {
			v, err := p.lines.MapMax(mp)
			if err != nil {
				return 0, err
			}
			top = max(top, v)
		}
	}
	return top, nil
}
