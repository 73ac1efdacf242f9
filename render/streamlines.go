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
//	gen, err := rng.ParseSpec("lehmer:lehmer-seeding=slm")
//	cfg := render.StreamlineConfig{Width: w, Height: h, RNG: gen.Seeded(1),
//		Params: flow.Params{Density: 3, Jitter: 1, Step: 0.5}} // slm's setting; MaxSteps 0: cross the image once
//	s, err := render.NewStreamlines(ctx, field, cfg)
//	defer s.Close()
//	for !s.Done() { s.Trace(1 << 16) }              // or s.Run(); a UI calls s.Advance(n, passes) a few times a frame
//	done, total := s.Progress()                    // streamlines traced, of all
//	s.Display(tex, render.DensityMap, render.MapOptions{}) // colour map into an RGBA8 texture, on the GPU
//	st := s.Stats()                                // steps, stop reasons, mean length
//	d, _ := s.Density(); l, _ := s.Lengths()       // the maps, read back
//	s.Reset()                                      // start over (same configuration)
//
// Display may be called at any time, also mid-trace. Textures are row 0 at the
// top (image order).
//
// A streamline may be longer than one invocation can loop (llvmpipe ends
// every loop of an invocation after 65,535 passes in all: see
// shaders/lib/loops.glsl). Trace therefore runs a chunk of streamlines in
// passes, each dispatch advancing every unfinished one by at most the steps
// that Passes reports, with the streamlines' state and their generators' pools kept
// between dispatches; the number of passes follows from MaxSteps, so no
// dispatch waits for a read-back. Advance runs a chunk's passes a few at a
// time (a UI's frame), Trace all of them.

package render

import (
	"fmt"
	"math"

	"speckle/gpu"
	"speckle/rng"
	"speckle/scenes/flow"
	"speckle/shaders"
)

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
	// The unfinished streamlines of a chunk between passes: state words
	// (shaders.StreamlineStateWords per slot) and the generator's pool (s.rng.pool), both
	// for slots streamlines.
	state    *gpu.Buffer
	slots    int
	maxChunk int // the most slots the buffers can hold
	// Steps per streamline in a chunk's first pass (which also seeds its
	// streams) and in each later pass.
	firstPassSteps, passSteps int
	chunk                     slChunk // the chunk in flight
}

// slChunk is a chunk of streamlines in flight (n > 0): [first, first+n), and
// the passes run.
type slChunk struct{ first, n, pass int }

// slLoopOverhead bounds the loop passes of one trace invocation besides its
// steps and draws (shaders/lib/loops.glsl's count): the recording variant's
// clearing loop (5), a resume by rng_dump_seek (Sobol's: 9), and the loops of the branch not
// taken (seeding in a later pass, resuming in the first), which lanes masked
// off still enter, one pass each.
const slLoopOverhead = 32

// passSteps sizes the trace's dispatches from the generator's loop costs:
// one step is a pass of the step loop and four draws, and a loop of n steps
// costs n + 1 of them (Mesa counts the loops that the last pass, whose test
// fails, enters for lanes that are masked off: PassesFor measures
// the same); a chunk's first pass also seeds each stream (rng_init), a later
// one resumes it (rng_load, at most one draw's work: philox recomputes its
// block). first may be 0 (a first pass that only seeds). A generator of
// which not even one step fits a later pass, or whose seeding leaves no room
// for the step loop's test, cannot trace streamlines on the loop budget.
func passSteps(gen string, loops rng.Loops, budget int) (first, later int, err error) {
	perStep := 1 + 4*loops.Draw
	later = (budget-slLoopOverhead-loops.Draw)/perStep - 1
	first = (budget-slLoopOverhead-loops.Init)/perStep - 1
	if first < 0 || later < 1 {
		return 0, 0, fmt.Errorf("%s is too costly for streamlines: seeding a stream (up to %d loop passes) or one step (four draws of up to %d) does not fit one dispatch's loop budget of %d passes",
			gen, loops.Init, loops.Draw, budget)
	}
	return first, later, nil
}

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
	s.rng, err = NewRNG(ctx, cfg.RNG.Gen, cfg.RNG.StreamConfig(cfg.Params.Streams(cfg.Width, cfg.Height)))
	if err != nil {
		return nil, err
	}
	if err := s.sizePasses(); err != nil {
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
	if s.counters, err = ctx.NewBuffer(shaders.StreamlineCounterWords*4, nil); err != nil {
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

// sizePasses fixes the steps of a chunk's passes and the largest chunk.
func (s *Streamlines) sizePasses() error {
	var err error
	if s.firstPassSteps, s.passSteps, err = passSteps(s.Cfg.RNG.Gen.Name, rng.LoopsOf(s.rng.Inst), shaders.LoopBudget); err != nil {
		return err
	}
	s.maxChunk = int(s.ctx.Info.MaxSSBOBytes / int64(4*max(shaders.StreamlineStateWords, s.rng.Inst.StateWords())))
	return nil
}

// Passes is the number of dispatches that trace one chunk of streamlines,
// and steps the most each streamline takes in one of them (the first may
// take fewer).
func (s *Streamlines) Passes() (passes, steps int) {
	if s.passSteps == 0 { // not sized (a bare Streamlines)
		return 1, s.Cfg.MaxSteps
	}
	rest := max(0, s.Cfg.MaxSteps-s.firstPassSteps)
	return 1 + (rest+s.passSteps-1)/s.passSteps, min(s.passSteps, s.Cfg.MaxSteps)
}

// program builds the trace kernel (record: the tests' path-recording variant).
func (s *Streamlines) program(record bool) (*gpu.Program, error) {
	defs := map[string]string{}
	if s.Cfg.RNG.Gen.DumpF32Centred {
		defs["RNG_DUMP_F32_CENTRED"] = "1"
	}
	if err := checkResumable(s.Cfg.RNG.Gen, s.rng.Inst); err != nil {
		return nil, err
	}
	if record {
		defs["STREAMLINE_RECORD"] = "1"
	}
	for _, d := range streamlinePartDefines[s.Cfg.Part] {
		defs[d] = "1"
	}
	return s.rng.Program("streamlines.comp", defs)
}

// checkResumable refuses a generator whose streams the trace cannot resume
// in a later pass. It resumes them with rng_load, except where the port's
// dump stream is stateless (rng.StridedDump, the GLSL's RNG_DUMP_SEEK): then
// it seeks that stream to the draw count. A quasi-random generator needs the
// seek, since its rng_load starts the renderer's points instead: one without
// it is refused, whatever its name.
func checkResumable(gen *rng.Generator, inst rng.Instance) error {
	_, quasi := inst.(rng.QuasiRandom)
	_, seeks := inst.(rng.StridedDump)
	if quasi && !seeks {
		return fmt.Errorf("streamlines cannot resume %s's streams between dispatches: a quasi-random generator needs a stateless dump stream (RNG_DUMP_SEEK)", gen.Name)
	}
	return nil
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
	p.SetUint("state_stride", uint32(s.slots))
	s.rng.Bind(p, 0)
	s.fieldBuf.Bind(shaders.StreamlineFieldBinding)
	s.visits.Bind(shaders.StreamlineVisitsBinding)
	s.lengths.Bind(shaders.StreamlineLengthsBinding)
	s.counters.Bind(shaders.StreamlineCountersBinding)
	s.state.Bind(shaders.StreamlineStateBinding)
}

// ensureSlots makes the state buffer and the generator's pool hold n
// streamlines (n <= maxChunk), growing them by powers of two.
func (s *Streamlines) ensureSlots(n int) error {
	if n <= s.slots {
		return nil
	}
	slots := 1
	for slots < n {
		slots *= 2
	}
	slots = min(slots, s.maxChunk)
	state, err := s.ctx.NewBuffer(slots*shaders.StreamlineStateWords*4, nil)
	if err != nil {
		return fmt.Errorf("streamline state for %d streamlines: %v", slots, err)
	}
	var pool *gpu.Buffer
	if words := s.rng.Inst.StateWords(); words > 0 {
		if pool, err = s.ctx.NewBuffer(slots*words*4, nil); err != nil {
			state.Delete()
			return fmt.Errorf("state pool for %d streams of %s: %v", slots, s.Cfg.RNG.Gen.Name, err)
		}
	}
	s.state.Delete()
	s.rng.pool.Delete()
	s.state, s.rng.pool, s.rng.Slots, s.slots = state, pool, slots, slots
	return nil
}

// Reset clears the maps and statistics: the next Trace starts over.
func (s *Streamlines) Reset() {
	s.visits.Clear()
	s.lengths.Clear()
	s.counters.Clear()
	s.next = 0
	s.chunk = slChunk{}
}

// dispatchPasses runs passes [from, to) of chunk [first, first+n) with p
// (the state buffers hold n slots).
func (s *Streamlines) dispatchPasses(p *gpu.Program, first, n, from, to int) error {
	s.setTraceUniforms(p) // every call: panes of one generator share p
	p.SetUint("first_streamline", uint32(first))
	p.SetUint("count", uint32(n))
	_, steps := s.Passes()
	for pass := from; pass < to; pass++ {
		init, k := uint32(0), steps
		if pass == 0 {
			init, k = 1, s.firstPassSteps
		}
		p.SetUint("init_pass", init)
		p.SetUint("pass_steps", uint32(k))
		if err := s.ctx.Dispatch(p, n); err != nil {
			return err
		}
	}
	return nil
}

// Advance runs at most `passes` dispatches of the chunk in flight, first
// starting a chunk of the next n streamlines (fewer at the end, and no more
// than the state buffers hold) if none is. It reports the dispatches run and
// whether every streamline is traced. A chunk's streamlines count (Progress)
// once its last pass has run; their visits, lengths and Stats as each ends.
// A UI calls it once or a few times a frame, sizing n and passes from the
// time a call takes.
func (s *Streamlines) Advance(n, passes int) (ran int, done bool, err error) {
	if n < 1 || passes < 1 {
		return 0, s.Done(), fmt.Errorf("Advance(%d, %d): trace at least one streamline, one pass", n, passes)
	}
	c := &s.chunk
	if c.n == 0 {
		if n = min(n, s.total-s.next, s.maxChunk); n == 0 {
			return 0, s.Done(), nil
		}
		if err := s.ensureSlots(n); err != nil {
			return 0, false, err
		}
		*c = slChunk{first: s.next, n: n}
	}
	all, _ := s.Passes()
	to := c.pass + min(passes, all-c.pass)
	if err := s.dispatchPasses(s.trace, c.first, c.n, c.pass, to); err != nil {
		return 0, false, err
	}
	ran, c.pass = to-c.pass, to
	if c.pass == all {
		s.next += c.n
		*c = slChunk{}
	}
	return ran, s.Done(), nil
}

// InFlight is the number of streamlines of the chunk in flight (0: none).
func (s *Streamlines) InFlight() int { return s.chunk.n }

// Trace finishes the chunk in flight, or else traces the next n streamlines
// (fewer at the end, and no more than the state buffers hold) to their ends,
// and reports whether all are traced. One streamline costs up to MaxSteps
// steps.
func (s *Streamlines) Trace(n int) (done bool, err error) {
	if n < 1 {
		return s.Done(), fmt.Errorf("Trace(%d): trace at least one streamline", n)
	}
	_, done, err = s.Advance(n, math.MaxInt)
	return done, err
}

// Run traces whatever is left, in chunks of DefaultChunk streamlines.
func (s *Streamlines) Run() error {
	chunk := s.DefaultChunk()
	for !s.Done() {
		if _, err := s.Trace(chunk); err != nil {
			return err
		}
	}
	return nil
}

// DefaultChunk is a chunk size that keeps each of its passes well under a
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

// Close frees the GPU resources.
func (s *Streamlines) Close() {
	if s.rng != nil {
		s.rng.Close()
	}
	for _, b := range []*gpu.Buffer{s.fieldBuf, s.visits, s.lengths, s.counters, s.scale, s.state} {
		b.Delete()
	}
	for _, b := range s.luts {
		b.Delete()
	}
}
