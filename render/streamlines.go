// Jittered streamlines on the GPU (issue #5): slm's Lehmer-jittered RK2
// streamlines over a flow field, with any registered generator.
//
// Every pixel of a W x H image is a seed pixel with Density x Density
// streamlines starting at its sub-pixel centres. A step (flow.Tracer.Trace has
// the details) adds Jitter x a random vector to the unit flow vector,
// renormalises, takes a half step, does the same at the midpoint with a fresh
// random vector and takes the full step. Each step adds one visit to the pixel
// it lands in (the density map); each streamline adds its steps to its seed
// pixel (the mean length map). The random vectors come from the generator's
// stream of the seed pixel (slm: every sub-pixel streamline restarts it) or,
// with IndependentStreams, of the streamline.
//
// The API, for the command line and the UI (all calls on the GL thread):
//
//	field, err := flow.Open("dem")                 // or "gyre", "cylinder", a height-field file
//	cfg := render.DefaultStreamlineConfig(w, h, rng.Lehmer)
//	cfg.Options = map[string]string{"lehmer-seeding": "slm"}
//	s, err := render.NewStreamlines(ctx, field, cfg)
//	defer s.Close()
//	for !s.Done() { s.Trace(1 << 16) }              // or s.Run(); a few Trace calls per frame keep a UI live
//	done, total := s.Progress()                    // streamlines traced, of all
//	s.Display(tex, render.DensityMap, render.MapOptions{}) // colour map into an RGBA8 texture, on the GPU
//	st := s.Stats()                                // steps, stop reasons, mean length
//	d, _ := s.Density(); l, _ := s.Lengths()       // the maps, read back
//	s.Reset()                                      // start over (same configuration)
//
// Display may be called at any time, also mid-trace. Textures are row 0 at the
// top (image order).

package render

import (
	"fmt"
	"math"

	"speckle/render/gpu"
	"speckle/render/imageio"
	"speckle/rng"
	"speckle/scenes/flow"
	"speckle/shaders"
)

// StreamlineConfig fixes a streamline trace. The zero value of
// IndependentStreams is slm's seeding (a stream per seed pixel).
type StreamlineConfig struct {
	Width, Height int
	flow.Params                     // Density, Jitter, Step, MaxSteps (0: flow.AutoMaxSteps), IndependentStreams
	Seed          uint32            // generator seed
	Generator     *rng.Generator    // drives the jitter
	Options       map[string]string // generator options, as in rng dump
}

// DefaultStreamlineConfig is slm's setting for a w x h image: density 3,
// jitter 1, step 0.5 pixels, enough steps to cross the image once, shared
// streams, seed 0.
func DefaultStreamlineConfig(w, h int, gen *rng.Generator) StreamlineConfig {
	return StreamlineConfig{Width: w, Height: h, Generator: gen,
		Params: flow.Params{Density: 3, Jitter: 1, Step: 0.5}}
}

// MaxStreamlines bounds Width x Height x Density^2 (streamline indices are
// 32-bit on the GPU).
const MaxStreamlines = 1 << 31

// Check fills MaxSteps if it is 0 and rejects impossible values; errors read
// like the command line's flags.
func (c *StreamlineConfig) Check() error {
	if c.Width < 1 || c.Height < 1 || c.Width > 16384 || c.Height > 16384 {
		return fmt.Errorf("--size %dx%d: width and height must be 1..16384", c.Width, c.Height)
	}
	if c.Generator == nil {
		return fmt.Errorf("no generator")
	}
	if c.MaxSteps == 0 && c.Step > 0 {
		c.MaxSteps = flow.AutoMaxSteps(c.Width, c.Height, c.Step)
	}
	if err := c.Params.Check(); err != nil {
		return err
	}
	if n := int64(c.Width) * int64(c.Height) * int64(c.Density*c.Density); n > MaxStreamlines {
		return fmt.Errorf("%dx%d pixels at density %d are %d streamlines, more than %d", c.Width, c.Height, c.Density, n, int64(MaxStreamlines))
	}
	return nil
}

// StreamlineMap names one of the two maps.
type StreamlineMap int

const (
	DensityMap StreamlineMap = iota // visits per pixel
	LengthMap                       // mean streamline length (pixels) per seed pixel
)

func (m StreamlineMap) String() string {
	if m == LengthMap {
		return "length"
	}
	return "density"
}

// ParseStreamlineMap reads "density" or "length".
func ParseStreamlineMap(s string) (StreamlineMap, error) {
	switch s {
	case "density":
		return DensityMap, nil
	case "length":
		return LengthMap, nil
	}
	return 0, fmt.Errorf("--map must be density or length (got %q)", s)
}

// MapScaling says how values become colours.
type MapScaling int

const (
	ScaleAuto   MapScaling = iota // log for density, linear for length
	ScaleLog                      // log(1+v) / log(1+max)
	ScaleLinear                   // v / max
)

// MapOptions choose the streamline picture; the zero value is the default: inferno
// on a log scale for density, viridis on a linear scale for length, each
// scaled to its own maximum.
type MapOptions struct {
	Colormap string     // "viridis", "inferno" or "" (by map)
	Scaling  MapScaling // ScaleAuto, ScaleLog, ScaleLinear
	Max      float32    // value at the top of the colour map; 0: the map's maximum (see MapMax)
}

func (o MapOptions) resolve(m StreamlineMap) (string, bool) {
	name := o.Colormap
	if name == "" {
		name = "inferno"
		if m == LengthMap {
			name = "viridis"
		}
	}
	log := o.Scaling == ScaleLog || (o.Scaling == ScaleAuto && m == DensityMap)
	return name, log
}

// Streamlines is one trace on the GPU: a field, a generator, the maps.
type Streamlines struct {
	ctx      *gpu.Context
	Cfg      StreamlineConfig
	Field    flow.Field
	grid     *flow.Grid
	rng      *RNG
	fieldBuf *gpu.Buffer
	visits   *gpu.Buffer
	lengths  *gpu.Buffer
	counters *gpu.Buffer
	scale    *gpu.Buffer
	luts     map[string]*gpu.Buffer
	trace    *gpu.Program
	max      *gpu.Program
	colour   *gpu.Program
	next     int // the next streamline to trace
	total    int
}

// Binding points of shaders/streamlines*.comp.
const (
	slFieldBinding    = 0
	slVisitsBinding   = 1
	slLengthsBinding  = 2
	slCountersBinding = 3
	slRecordBinding   = 4
	slScaleBinding    = 5
	slLutBinding      = 6
)

// NewStreamlines samples field for cfg's image and prepares a trace; nothing
// is traced until Trace or Run.
func NewStreamlines(ctx *gpu.Context, field flow.Field, cfg StreamlineConfig) (*Streamlines, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	s := &Streamlines{ctx: ctx, Cfg: cfg, Field: field, luts: map[string]*gpu.Buffer{}}
	ok := false
	defer func() {
		if !ok {
			s.Close()
		}
	}()
	s.total = cfg.Width * cfg.Height * cfg.Density * cfg.Density
	var err error
	s.rng, err = NewRNG(ctx, cfg.Generator, rng.Config{Seed: cfg.Seed, Streams: cfg.Params.Streams(cfg.Width, cfg.Height), Options: cfg.Options})
	if err != nil {
		return nil, err
	}
	s.grid = field.Grid(cfg.Width, cfg.Height)
	if s.fieldBuf, err = ctx.NewBuffer(len(s.grid.V)*4, floatWords(s.grid.V)); err != nil {
		return nil, fmt.Errorf("field %s: %v", field.Name(), err)
	}
	pixels := cfg.Width * cfg.Height
	if s.visits, err = ctx.NewBuffer(pixels*8, nil); err != nil {
		return nil, fmt.Errorf("density map: %v", err)
	}
	if s.lengths, err = ctx.NewBuffer(pixels*4, nil); err != nil {
		return nil, fmt.Errorf("length map: %v", err)
	}
	if s.counters, err = ctx.NewBuffer(8*4, nil); err != nil {
		return nil, err
	}
	if s.scale, err = ctx.NewBuffer(4, nil); err != nil {
		return nil, err
	}
	if s.trace, err = s.program(false); err != nil {
		return nil, err
	}
	for _, p := range []struct {
		prog *(*gpu.Program)
		defs map[string]string
	}{{&s.max, map[string]string{"DISPLAY_MAX": "1"}}, {&s.colour, nil}} {
		src, err := shaders.Build("streamlines_display.comp", "", p.defs)
		if err != nil {
			return nil, err
		}
		if *p.prog, err = ctx.Compute(src); err != nil {
			return nil, err
		}
	}
	s.Reset()
	ok = true
	return s, nil
}

// program builds the trace kernel (record: the tests' path-recording variant).
func (s *Streamlines) program(record bool) (*gpu.Program, error) {
	defs := map[string]string{}
	if s.Cfg.Generator.DumpF32Centred {
		defs["RNG_DUMP_F32_CENTRED"] = "1"
	}
	if record {
		defs["STREAMLINE_RECORD"] = "1"
	}
	return s.rng.Program("streamlines.comp", defs)
}

// setTraceUniforms sets what every trace dispatch reads (uniforms are
// program state, shared by every Streamlines using the same program).
func (s *Streamlines) setTraceUniforms(p *gpu.Program) {
	c := s.Cfg
	p.SetUint("width", uint32(c.Width))
	p.SetUint("height", uint32(c.Height))
	p.SetUint("grid_nx", uint32(s.grid.NX))
	p.SetUint("grid_ny", uint32(s.grid.NY))
	p.SetFloat("scale_x", s.grid.ScaleX)
	p.SetFloat("scale_y", s.grid.ScaleY)
	p.SetUint("density_n", uint32(c.Density))
	p.SetFloat("inv_density", float32(1)/float32(c.Density))
	p.SetFloat("jitter", c.Jitter)
	p.SetFloat("step_size", c.Step)
	p.SetUint("max_steps", uint32(c.MaxSteps))
	p.SetFloat("min_speed", flow.MinSpeed)
	independent := uint32(0)
	if c.IndependentStreams {
		independent = 1
	}
	p.SetUint("independent", independent)
	s.rng.Bind(p, 0)
	s.fieldBuf.Bind(slFieldBinding)
	s.visits.Bind(slVisitsBinding)
	s.lengths.Bind(slLengthsBinding)
	s.counters.Bind(slCountersBinding)
}

// Reset clears the maps and statistics: the next Trace starts over.
func (s *Streamlines) Reset() {
	s.visits.Clear()
	s.lengths.Clear()
	s.counters.Clear()
	s.next = 0
}

// dispatch traces streamlines [first, first+n) with p.
func (s *Streamlines) dispatch(p *gpu.Program, first, n int) error {
	s.setTraceUniforms(p)
	p.SetUint("first_streamline", uint32(first))
	p.SetUint("count", uint32(n))
	return s.ctx.Dispatch(p, n)
}

// Trace traces the next n streamlines (fewer at the end) in one dispatch and
// reports whether all are traced. A UI calls it once or a few times a frame,
// sizing n from the time a call takes; one streamline costs up to MaxSteps
// steps.
func (s *Streamlines) Trace(n int) (done bool, err error) {
	if n < 1 {
		return s.Done(), fmt.Errorf("Trace(%d): trace at least one streamline", n)
	}
	n = min(n, s.total-s.next)
	if n > 0 {
		if err := s.dispatch(s.trace, s.next, n); err != nil {
			return false, err
		}
		s.next += n
	}
	return s.Done(), nil
}

// Run traces whatever is left, in dispatches of DefaultChunk streamlines.
func (s *Streamlines) Run() error {
	chunk := s.DefaultChunk()
	for !s.Done() {
		if _, err := s.Trace(chunk); err != nil {
			return err
		}
	}
	return nil
}

// DefaultChunk is a dispatch size that keeps one Trace call well under a
// second: 2^16 streamlines on a CPU rasteriser, 2^22 on a GPU.
func (s *Streamlines) DefaultChunk() int {
	if s.ctx.Info.Software() {
		return 1 << 16
	}
	return 1 << 22
}

// Done reports whether every streamline is traced.
func (s *Streamlines) Done() bool { return s.next >= s.total }

// Progress is the number of streamlines traced and of all of them
// (Width x Height x Density^2).
func (s *Streamlines) Progress() (done, total int) { return s.next, s.total }

// Stats reads the statistics so far (waits for the GPU).
func (s *Streamlines) Stats() flow.Stats {
	var w [6]uint32
	s.counters.Read(0, w[:])
	return flow.Stats{Steps: int64(w[1])<<32 | int64(w[0]), Stalled: int64(w[2]), Left: int64(w[3]),
		MaxSteps: int64(w[4]), Streamlines: int64(w[5])}
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
	s.visits.Bind(slVisitsBinding)
	s.lengths.Bind(slLengthsBinding)
	s.scale.Bind(slScaleBinding)
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
	name, log := opt.resolve(m)
	lut, ok := s.luts[name]
	if !ok {
		cm, err := imageio.LookupColormap(name)
		if err != nil {
			return err
		}
		if lut, err = s.ctx.NewBuffer(256*4, cm.Packed()); err != nil {
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
	lut.Bind(slLutBinding)
	dst.BindImage(0)
	p.SetFloat("fixed_max", max(opt.Max, 0))
	logScale := uint32(0)
	if log {
		logScale = 1
	}
	p.SetUint("log_scale", logScale)
	return s.ctx.Dispatch2D(p, s.Cfg.Width, s.Cfg.Height)
}

// Close frees the GPU resources.
func (s *Streamlines) Close() {
	if s.rng != nil {
		s.rng.Close()
	}
	for _, b := range []*gpu.Buffer{s.fieldBuf, s.visits, s.lengths, s.counters, s.scale} {
		b.Delete()
	}
	for _, b := range s.luts {
		b.Delete()
	}
}
