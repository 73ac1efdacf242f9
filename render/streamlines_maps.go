package render

import (
	"fmt"
	"math"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/scenes/flow"
	"speckle/shaders"
)

// Stats reads the statistics so far (waits for the GPU).
func (s *Streamlines) Stats() flow.Stats {
	var w [shaders.StreamlineCounterWords]uint32
	s.counters.Read(0, w[:])
	return flow.Stats{Steps: counter64(w[:], shaders.StreamlineCounterSteps), Stalled: int64(w[shaders.StreamlineCounterStalled]),
		Left: int64(w[shaders.StreamlineCounterLeft]), MaxSteps: int64(w[shaders.StreamlineCounterMaxSteps]),
		Streamlines: int64(w[shaders.StreamlineCounterLines])}
}

// Density reads the density map: visits per pixel, row by row from the top.
func (s *Streamlines) Density() ([]uint64, error) {
	w := make([]uint32, 2*s.Cfg.Width*s.Cfg.Height)
	s.visits.Read(0, w)
	d := make([]uint64, len(w)/2)
	for i := range d {
		d[i] = uint64(w[2*i+1])<<32 | uint64(w[2*i])
	}
	return d, s.ctx.CheckError("reading the density map")
}

// LengthSteps reads the length map as integers: per seed pixel, the steps of
// its Density^2 streamlines summed (exact; what the GPU accumulates).
func (s *Streamlines) LengthSteps() ([]uint32, error) {
	w := make([]uint32, s.Cfg.Width*s.Cfg.Height)
	s.lengths.Read(0, w)
	return w, s.ctx.CheckError("reading the length map")
}

// Lengths reads the mean length map: per seed pixel, the mean length in
// pixels of its streamlines traced so far (counting those not yet traced as 0).
func (s *Streamlines) Lengths() ([]float32, error) {
	w, err := s.LengthSteps()
	l := make([]float32, len(w))
	k := float64(s.Cfg.Step) / float64(s.Cfg.Density*s.Cfg.Density)
	for i, v := range w {
		l[i] = float32(float64(v) * k)
	}
	return l, err
}

// computeMax leaves the map's largest value in the scale buffer.
func (s *Streamlines) computeMax(m StreamlineMap) error {
	s.scale.Clear()
	s.bindMaps(s.max, m)
	return s.ctx.Dispatch(s.max, s.Cfg.Width*s.Cfg.Height)
}

// bindMaps makes the maps current for a display program p and sets its
// uniforms (programs are shared between traces of one kind).
func (s *Streamlines) bindMaps(p *gpu.Program, m StreamlineMap) {
	p.SetUint("width", uint32(s.Cfg.Width))
	p.SetUint("height", uint32(s.Cfg.Height))
	p.SetFloat("length_scale", s.Cfg.Step/float32(s.Cfg.Density*s.Cfg.Density))
	p.SetUint("map_kind", uint32(m))
	s.visits.Bind(shaders.StreamlineVisitsBinding)
	s.lengths.Bind(shaders.StreamlineLengthsBinding)
	s.scale.Bind(shaders.StreamlineScaleBinding)
}

// MapMax is the largest value of a map (visits, or mean length in pixels):
// what MapOptions.Max = 0 scales to. Panes that should share a scale
// pass the largest of their MapMax as Max.
func (s *Streamlines) MapMax(m StreamlineMap) (float32, error) {
	if err := s.computeMax(m); err != nil {
		return 0, err
	}
	var w [1]uint32
	s.scale.Read(0, w[:])
	return math.Float32frombits(w[0]), nil
}

// Display colours map m into dst, an RGBA8 texture of the trace's size, on the
// GPU (no read-back).
func (s *Streamlines) Display(dst *gpu.Texture, m StreamlineMap, opt MapOptions) error {
	if dst.Format != gpu.RGBA8 || dst.Width != s.Cfg.Width || dst.Height != s.Cfg.Height {
		return fmt.Errorf("display needs an RGBA8 texture of %dx%d (got %dx%d)", s.Cfg.Width, s.Cfg.Height, dst.Width, dst.Height)
	}
	name, log := opt.Resolve(m)
	lut, ok := s.luts[name]
	if !ok {
		cm, err := imageio.LookupColormap(name)
		if err != nil {
			return err
		}
		if lut, err = newColormapBuffer(s.ctx, cm); err != nil {
			return err
		}
		s.luts[name] = lut
	}
	if opt.Max <= 0 {
		if err := s.computeMax(m); err != nil {
			return err
		}
	}
	p := s.colour
	s.bindMaps(p, m)
	lut.Bind(shaders.ColormapBinding)
	dst.BindImage(shaders.DisplayImageUnit)
	p.SetFloat("fixed_max", max(opt.Max, 0))
	logScale := uint32(0)
	if log {
		logScale = 1
	}
	p.SetUint("log_scale", logScale)
	return s.ctx.Dispatch2D(p, s.Cfg.Width, s.Cfg.Height)
}
