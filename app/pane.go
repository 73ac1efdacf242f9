package app

import (
	"fmt"
	"time"

	"speckle/gpu"
	"speckle/render"
	"speckle/scenes"
	"speckle/scenes/flow"
)

// Point is one convergence measurement of a pane.
type Point struct {
	Photons int64
	RMSE    float64
}

// pane is one pane's render on the GPU and what the UI shows of it.
type pane struct {
	buildKey, renderKey string
	// warnings are the degenerate streams its build runs into
	// (render.Degenerate), said once (warned); periodAt is the photons
	// past which it draws past its generator's period (0: never), said
	// once too.
	warnings             []string
	warned, periodWarned bool
	periodAt             int64
	sppm                 *render.SPPM
	lines                *render.Streamlines // streamline mode instead of sppm
	lab                  *labPane            // lab mode instead of either
	lineStats            flow.Stats          // as of the last trace
	lastChunk            int                 // streamlines in the last trace
	lastSteps            int64               // and their steps
	lastSeconds          float64             // and their seconds
	prevChunk            int                 // the trace before
	prevSeconds          float64
	linePasses           int     // passes of a chunk per trace (0: all)
	untaught             int     // traces in a row that taught the rate nothing
	fastest              float64 // steps per second of the fastest trace of late
	mapMax               float32 // the map's largest value, for maxKey
	maxKey               string
	display              *gpu.Texture // RGBA8, what the UI draws
	shown                string       // what display holds: iterations, exposure, mode
	err                  error        // why the pane cannot render (shown in it)
	History              []Point
	RMSE                 float64 // latest; NaN-free: 0 when unknown
	// rate is photons per second of GPU time (sizes the next frame's work);
	// WallRate photons per second of wall time (what the overlay says).
	rate, WallRate   float64
	workSum, timeSum float64 // what rate is learnt from
	lastPhotons      int64
	lastTime         time.Time
}

// Photons is the work the pane has done: photons traced, or in streamline
// mode streamlines.
func (p *pane) Photons() int64 {
	switch {
	case p.lines != nil:
		done, _ := p.lines.Progress()
		return int64(done)
	case p.sppm != nil:
		return p.sppm.Emitted + int64(p.sppm.InFlight())
	case p.lab != nil:
		return int64(p.lab.looked.Shown)
	}
	return 0
}

func (p *pane) close() {
	if p.sppm != nil {
		p.sppm.Close()
		p.sppm = nil
	}
	if p.lines != nil {
		p.lines.Close()
		p.lines = nil
	}
	if p.lab != nil {
		p.lab.closeScan()
		p.lab = nil
	}
	p.display.Delete()
	p.display = nil
}

// sync makes the pane render what the model says: rebuilt when its build
// key changed, restarted when only its render key did.
func (p *pane) sync(ctx *gpu.Context, m *Model, i int, scene *scenes.Scene, field flow.Field, photons int) {
	bk, rk := m.BuildKey(i), m.RenderKey(i)
	if m.S.Mode == ModeLab { // the lab's keys are finer: a turn draws again, it computes nothing
		if p.sppm != nil || p.lines != nil {
			p.close()
		}
		p.buildKey, p.renderKey = bk, rk
		p.syncLab(ctx, m, i)
		return
	}
	if bk == p.buildKey && rk == p.renderKey {
		return
	}
	defer func() { p.buildKey, p.renderKey = bk, rk }()
	p.History, p.RMSE, p.shown, p.lastPhotons, p.rate, p.workSum, p.timeSum = nil, 0, "", 0, 0, 0, 0
	p.lineStats, p.lastChunk, p.lastSteps, p.lastSeconds, p.maxKey = flow.Stats{}, 0, 0, 0, ""
	p.prevChunk, p.prevSeconds, p.linePasses, p.untaught, p.fastest = 0, 0, 0, 0, 0
	if p.lab != nil {
		p.close() // a lab picture is no render
	}
	if m.S.Mode == ModeStreamlines {
		if bk == p.buildKey && p.lines != nil && p.display != nil {
			p.lines.Reset()
			p.err = nil
			return
		}
		p.close()
		if p.err = p.buildLines(ctx, m.S, m.S.Panes[i], field); p.err != nil {
			p.close()
		}
		return
	}
	cam := scene.Camera
	if m.S.Camera != nil {
		cam = *m.S.Camera
	}
	if bk == p.buildKey && p.sppm != nil && p.display != nil {
		p.err = p.sppm.SetCamera(cam)
		return
	}
	p.close()
	if p.err = p.build(ctx, m.S, m.S.Panes[i], scene, cam, photons); p.err != nil {
		p.close() // half-built: the next change rebuilds it whole
	}
}

func (p *pane) build(ctx *gpu.Context, s Settings, ps PaneSettings, scene *scenes.Scene, cam scenes.Camera, photons int) error {
	sp, err := ps.seededIn(s)
	if err != nil {
		return err
	}
	w, h := s.Size()
	if p.warnings, err = render.Degenerate(sp, sp.Seed, w, h, photons); err != nil {
		return err
	}
	p.warned, p.periodWarned = false, false
	p.periodAt = render.PeriodPhotons(sp.Gen, w, h, photons, sp.Options)
	p.sppm, err = render.NewSPPM(ctx, scene, render.SPPMConfig{
		Width: w, Height: h, Photons: photons, Alpha: s.Alpha, Radius: s.Radius, RNG: sp,
	})
	if err != nil {
		return err
	}
	if cam != scene.Camera {
		if err := p.sppm.SetCamera(cam); err != nil {
			return err
		}
	}
	p.display, err = ctx.NewTexture(w, h, gpu.RGBA8)
	return err
}

// trace runs about n photons and measures the GPU time they took.
func (p *pane) trace(ctx *gpu.Context, n int) error {
	if p.sppm == nil || n <= 0 {
		return nil
	}
	done := 0
	d, err := ctx.Time(func() error {
		for done < n {
			k, err := p.sppm.Trace(n - done)
			if err != nil {
				return err
			}
			done += k
		}
		return nil
	})
	if err != nil {
		return err
	}
	// Once a frame: the loop guard's flag (Trace does not read it back).
	if err := p.sppm.Check(); err != nil {
		return err
	}
	p.learn(done, d.Seconds())
	return nil
}

// learn folds a measured amount of work in some GPU seconds into the rate
// that sizes the next frame's work: the ratio of sums fading over about 20
// frames, so that the frames which also run an iteration's eye pass and
// grid are averaged in rather than swinging the next frame's size.
func (p *pane) learn(work int, seconds float64) {
	if seconds <= 0 || work <= 0 {
		return
	}
	p.workSum = 0.95*p.workSum + float64(work)
	p.timeSum = 0.95*p.timeSum + seconds
	p.rate = p.workSum / p.timeSum
}

// measure updates the wall-clock rate, about once a second.
func (p *pane) measure(now time.Time) {
	n := p.Photons()
	if p.lastTime.IsZero() || n < p.lastPhotons {
		p.lastTime, p.lastPhotons = now, n
		return
	}
	if dt := now.Sub(p.lastTime).Seconds(); dt >= 0.5 {
		p.WallRate = float64(n-p.lastPhotons) / dt
		p.lastTime, p.lastPhotons = now, n
	}
}

// refresh redraws the display texture when what it shows has changed, and
// measures the error after each finished iteration.
func (p *pane) refresh(m *Model, i int, ref *gpu.Texture) error {
	if p.sppm == nil {
		return nil
	}
	mode := render.DisplayImage
	if m.S.Panes[i].View == ViewHeatmap && ref != nil {
		mode = render.DisplayHeatmap
	}
	key := fmt.Sprint(p.sppm.Iterations, m.S.Exposure, mode, m.S.ErrorScale, ref != nil)
	if key == p.shown {
		return nil
	}
	if ref != nil && p.sppm.Iterations > 0 && (len(p.History) == 0 || p.History[len(p.History)-1].Photons < p.sppm.Emitted) {
		e, err := p.sppm.RMSE(ref)
		if err != nil {
			return err
		}
		p.RMSE = e
		p.record(Point{p.sppm.Emitted, e})
	}
	p.shown = key
	return p.sppm.Display(p.display, render.DisplayOptions{Mode: mode, Exposure: m.S.Exposure, Reference: ref, ErrorScale: m.S.ErrorScale})
}

// maxHistory bounds a pane's convergence points: beyond it every other
// old point goes (the plot is log-log, so the recent end matters most).
const maxHistory = 512

func (p *pane) record(pt Point) {
	p.History = append(p.History, pt)
	if len(p.History) > maxHistory {
		kept := p.History[:0]
		for k, q := range p.History {
			if k%2 == 0 || k >= len(p.History)-maxHistory/4 {
				kept = append(kept, q)
			}
		}
		p.History = kept
	}
}
