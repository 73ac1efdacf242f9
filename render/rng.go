package render

import (
	"fmt"
	"maps"

	"speckle/gpu"
	"speckle/rng"
	"speckle/shaders"
)

// RNG is a configured generator on the GPU: its auxiliary data, a state pool
// and the programs built with its port.
type RNG struct {
	ctx  *gpu.Context
	Gen  *rng.Generator
	Inst rng.Instance
	Cfg  rng.Config
	aux  *gpu.Buffer
	pool *gpu.Buffer
	// arrays are the instance's uniform arrays (rng.UniformArrays), made
	// once: Bind sets them on every program it binds.
	arrays map[string][]uint32
	// poolSlots is the pool's capacity in slots.
	poolSlots int
	// Slots is the number of streams the pool holds (after Seed or Dump).
	Slots int
	// SlotSequences gives each slot a quasi-random sequence of its own
	// (rng.SlotSequences), for passes where each slot integrates its own
	// domain; stream generators are unaffected.
	SlotSequences bool
}

// NewRNG configures gen for the GPU.
func NewRNG(ctx *gpu.Context, gen *rng.Generator, cfg rng.Config) (*RNG, error) {
	inst, err := gen.New(cfg)
	if err != nil {
		return nil, err
	}
	return NewRNGOf(ctx, gen, cfg, inst)
}

// NewRNGOf puts an instance of gen configured otherwise than by gen.New
// (rng.NewCAPopulation) on the GPU; cfg.Streams is its stream count.
func NewRNGOf(ctx *gpu.Context, gen *rng.Generator, cfg rng.Config, inst rng.Instance) (*RNG, error) {
	aux := inst.Aux()
	buf, err := ctx.NewBuffer(len(aux)*4, aux)
	if err != nil {
		return nil, err
	}
	r := &RNG{ctx: ctx, Gen: gen, Inst: inst, Cfg: cfg, aux: buf}
	if u, ok := inst.(rng.UniformArrays); ok {
		r.arrays = u.UniformArrays()
	}
	return r, nil
}

// Context is the GPU context the generator lives on.
func (r *RNG) Context() *gpu.Context { return r.ctx }

// Close frees the generator's buffers.
func (r *RNG) Close() {
	r.aux.Delete()
	r.pool.Delete()
}

// Program builds kernel with this generator's port, its defines plus extra.
func (r *RNG) Program(kernel string, extra map[string]string) (*gpu.Program, error) {
	defs := maps.Clone(r.Inst.Defines())
	if defs == nil {
		defs = map[string]string{}
	}
	maps.Copy(defs, extra)
	loops := r.Inst.Loops()
	init := loops.Init
	if _, ok := defs["RNG_DEFER_WARMUP"]; ok {
		init -= loops.Warmup // rng_init leaves the warm-up to rng_warmup
	}
	defs["RNG_LOOPS_PER_INIT"] = fmt.Sprintf("%du", init)
	defs["RNG_LOOPS_PER_DRAW"] = fmt.Sprintf("%du", loops.Draw)
	defs["RNG_LOOPS_WARMUP"] = fmt.Sprintf("%du", loops.Warmup)
	if r.SlotSequences {
		defs["RNG_SLOT_SEQUENCES"] = "1"
	}
	src, err := shaders.BuildGen(kernel, r.Gen, defs)
	if err != nil {
		return nil, err
	}
	return r.ctx.Compute(src)
}

// Bind makes the generator's buffers and uniforms current for p, for
// dispatch number iteration (quasi-random generators use it).
func (r *RNG) Bind(p *gpu.Program, iteration uint32) {
	r.aux.Bind(shaders.RNGAuxBinding)
	if r.pool != nil {
		r.pool.Bind(shaders.RNGPoolBinding)
	} else {
		r.aux.Bind(shaders.RNGPoolBinding) // never written: stateless use (dump)
	}
	p.SetUint("rng_seed", r.Cfg.Seed)
	for name, v := range r.arrays {
		p.SetUints(name, v)
	}
	p.SetUint("rng_streams", uint32(r.Cfg.Streams))
	p.SetUint("rng_pool_stride", uint32(max(r.Slots, 1)))
	p.SetUint("rng_iteration", iteration)
}

// Seed fills a fresh pool of Cfg.Streams slots: slot i holds stream i.
func (r *RNG) Seed() error { return r.SeedStreams(0, r.Cfg.Streams) }

// SeedStreams fills pool slots 0..n-1 with fresh streams first..first+n-1. A
// warm-up too long for one dispatch (the CA's) runs in pieces under the
// loop budget: rng_init without it, then rng_warmup.comp.
func (r *RNG) SeedStreams(first, n int) error {
	if err := r.UsePool(n); err != nil {
		return err
	}
	loops := r.Inst.Loops()
	var defs map[string]string
	if loops.Warmup > 0 {
		defs = map[string]string{"RNG_DEFER_WARMUP": "1"}
	}
	if init := loops.Init - loops.Warmup; init > shaders.LoopBudget {
		return fmt.Errorf("seeding a stream of %s costs %d loop passes, more than one dispatch may run (%d)", r.Gen.Name, init, shaders.LoopBudget)
	}
	p, err := r.Program("rng_init.comp", defs)
	if err != nil {
		return err
	}
	r.Bind(p, 0)
	p.SetUint("first_stream", uint32(first))
	p.SetUint("chunk_streams", uint32(n))
	if err := r.ctx.Dispatch(p, n); err != nil || loops.Warmup == 0 {
		return err
	}
	w, err := r.Program("rng_warmup.comp", nil)
	if err != nil {
		return err
	}
	r.Bind(w, 0)
	w.SetUint("chunk_streams", uint32(n))
	step := shaders.LoopBudget - loops.Draw - 1 // rng_load costs at most a draw, n steps n + 1
	for done := 0; done < loops.Warmup; done += step {
		w.SetUint("steps", uint32(min(step, loops.Warmup-done)))
		if err := r.ctx.Dispatch(w, n); err != nil {
			return err
		}
	}
	return nil
}

// UsePool makes the pool hold slots 0..n-1 (a reseed rewrites the pool it
// has), for a kernel that seeds its streams itself (a dump's DUMP_INIT).
func (r *RNG) UsePool(n int) error {
	if words := r.Inst.StateWords(); words > 0 && r.poolSlots < n {
		pool, err := r.ctx.NewBuffer(n*words*4, nil)
		if err != nil {
			return fmt.Errorf("state pool for %d streams of %s: %v", n, r.Gen.Name, err)
		}
		r.pool.Delete()
		r.pool, r.poolSlots = pool, n
	}
	r.Slots = n
	return nil
}

// Piece is the most values one invocation may draw in one dispatch of a
// kernel whose draw loop makes `sites` calls (draws) per pass and yields
// `per` values per pass, within the loop budget less `fixed` passes spent
// outside the loop (PassesFor). A generator whose single pass does not fit
// is refused.
func (r *RNG) Piece(sites, per, fixed int) (int, error) {
	l := r.Inst.Loops()
	passes := 0
	for step := 1 << 16; step > 0; step >>= 1 {
		if fixed+PassesFor(l, sites, passes+step) <= shaders.LoopBudget {
			passes += step
		}
	}
	if passes < 1 {
		return 0, fmt.Errorf("one draw of %s costs %d loop passes, more than one GPU dispatch may run (%d)", r.Gen.Name, l.Draw, shaders.LoopBudget)
	}
	return passes * per, nil
}

// PassesFor bounds the loop passes of rng_load and then a loop of n passes
// with `sites` draws in each. Mesa counts a pass for every loop entered,
// also by lanes that are masked off, so the loop's last pass (its test
// fails) still enters the loops of every draw: n + 1 times sites*Draw + 1,
// plus rng_load, which costs at most one draw.
func PassesFor(l rng.Loops, sites, n int) int {
	return l.Draw + (n+1)*(sites*l.Draw+1)
}
