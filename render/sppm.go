package render

import (
	"fmt"
	"maps"
	"math"
	"time"

	"speckle/gpu"
	"speckle/scenes"
	"speckle/shaders"
)

// sceneBindings are the binding points of the scene buffers, in the order
// NewSPPM makes them.
var sceneBindings = []uint32{shaders.SceneMaterialsBinding, shaders.SceneSpheresBinding, shaders.SceneQuadsBinding,
	shaders.SceneTrianglesBinding, shaders.SceneLightsBinding, shaders.SceneBVHBinding, shaders.SceneRefsBinding}

// SPPM is one progressive photon-mapping render on the GPU.
type SPPM struct {
	ctx                *gpu.Context
	Scene              *scenes.Scene
	Cfg                SPPMConfig
	packed             scenes.Packed
	photonRNG, eyeRNG  *RNG
	sceneBufs          []*gpu.Buffer
	vps, acc           *gpu.Buffer
	statsTau, statsN   *gpu.Buffer // a dvec4 a pixel each (shaders/lib/sppm.glsl)
	heads, links       *gpu.Buffer
	counters           *gpu.Buffer
	image              *gpu.Texture
	eye, clear, insert *gpu.Program
	photon, update     *gpu.Program
	pick               *gpu.Program // GatherStochastic's second grid pass
	radius             float32
	grid               gridLayout
	fluxScale          float32
	cam                scenes.Camera
	// The deferred deposits' gather kernel and hit buffer, the sorted ones'
	// sort kernels (sppm_deposit.go).
	gather    *gpu.Program
	sort      [4]*gpu.Program
	hits      *gpu.Buffer
	hitLayout hitLayout
	hitGroups int          // the work groups of the photon pass's last dispatch
	points    pointsPasses // DepositPoints's (sppm_points.go)
	// built is the deposit the programs and buffers serve (DepositPoints
	// where DepositAuto tunes), deposit the one photons use now, and tuner
	// DepositAuto's trials (sppm_auto.go; nil: none).
	built, deposit Deposit
	tuner          *depositTuner
	// The open iteration: its eye pass and grid are done and traced of its
	// size photons have been traced (Trace); closed when all have.
	open         bool
	size, traced int
	// err is the loop budget's verdict (Check): once set, the render
	// refuses to go on until Reset.
	err error
	// Display and RMSE programs (built on first use) and partial sums.
	kernels map[string]*gpu.Program
	rmseOut *gpu.Buffer
	heatLut *gpu.Buffer // the heatmap's colour table (Display)
	// Iterations counts closed iterations; Emitted their photons.
	Iterations int
	Emitted    int64
	// Times sums GPU time per pass when Profile is set (costs a glFinish per pass).
	Profile bool
	Times   PassTimes
}

// PassTimes is where the time goes. Gather and Sort are the parts of Photon
// that the deferred deposits' gather kernel and the sorted ones' sort take.
type PassTimes struct{ Eye, Grid, Photon, Update, Gather, Sort time.Duration }

// NewSPPM allocates a render of scene with cfg.
func NewSPPM(ctx *gpu.Context, scene *scenes.Scene, cfg SPPMConfig) (*SPPM, error) {
	return NewSPPMWith(ctx, scene, cfg, PassGens{})
}

// NewSPPMWith is NewSPPM drawing from gens (cfg.PassGens(), made before
// the render to say its warnings): the generator is made once a pass.
// Zero gens: NewSPPMWith makes them.
func NewSPPMWith(ctx *gpu.Context, scene *scenes.Scene, cfg SPPMConfig, gens PassGens) (*SPPM, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	s := &SPPM{ctx: ctx, Scene: scene, Cfg: cfg, packed: scene.Pack(), cam: scene.Camera}
	if len(scene.Lights()) == 0 {
		return nil, fmt.Errorf("scene %s has no light", scene.Name)
	}
	ok := false
	defer func() {
		if !ok {
			s.Close()
		}
	}()
	var err error
	if gens.Insts == nil {
		if gens, err = cfg.PassGens(); err != nil {
			return nil, err
		}
	}
	if s.photonRNG, err = gens.rng(ctx, cfg, PhotonPass); err != nil {
		return nil, err
	}
	pixels := cfg.Width * cfg.Height
	if s.eyeRNG, err = gens.rng(ctx, cfg, EyePass); err != nil {
		return nil, err
	}
	lo, hi := scene.Bounds()
	s.radius = cfg.Radius
	if s.radius == 0 {
		s.radius = AutoRadius(scene.Camera, cfg.Height)
	}
	if err := RadiusRange(scene).Check32(s.radius); err != nil {
		return nil, fmt.Errorf("scene %s: the initial radius %v", scene.Name, err)
	}
	s.grid = newGridLayout(s.radius, lo, hi, cfg.GridCell, cfg.Gather, pixels)
	if err := s.checkLoops(); err != nil {
		return nil, err
	}
	nodes, refs, depth := scene.BVH()
	if depth > shaders.BVHStack {
		return nil, fmt.Errorf("scene %s: %d primitives make a BVH %d deep; at most %d", scene.Name, scene.Primitives(), depth, shaders.BVHStack)
	}
	if err := s.allocBuffers(nodes, refs); err != nil {
		return nil, err
	}
	s.fluxScale = fluxScale(scene, s.packed)
	s.built, s.deposit = s.resolveDeposit()
	if err := s.build(); err != nil {
		return nil, err
	}
	if err := s.Reset(); err != nil {
		return nil, err
	}
	ok = true
	return s, nil
}

func (s *SPPM) build() error {
	var err error
	if s.eye, err = s.eyeRNG.Program("sppm_eye.comp", s.gridDefines(s.sceneDefines())); err != nil {
		return err
	}
	photonDefs := maps.Clone(s.sceneDefines())
	if photonDefs == nil {
		photonDefs = map[string]string{}
	}
	if s.Cfg.FluxTally {
		photonDefs["FLUX_TALLY"] = "1"
	}
	if d, ok := photonPassDefines[s.Cfg.PhotonPass]; ok {
		photonDefs[d] = "1"
	}
	inlineDefs := maps.Clone(photonDefs)
	if s.built != DepositInline {
		photonDefs["DEPOSIT_DEFERRED"] = "1"
	}
	gridDefs := s.gridDefines(map[string]string{})
	if d := gridDefine(s.Cfg.Gather, s.grid); d != "" {
		gridDefs[d] = "1"
	}
	maps.Copy(photonDefs, gridDefs)
	if s.photon, err = s.photonRNG.Program("sppm_photon.comp", photonDefs); err != nil {
		return err
	}
	if err := s.buildTuner(inlineDefs, gridDefs); err != nil {
		return err
	}
	if s.built != DepositInline {
		if err := s.buildDeferred(gridDefs); err != nil {
			return err
		}
	}
	clearDefs, pickDefs := maps.Clone(gridDefs), maps.Clone(gridDefs)
	clearDefs["GRID_CLEAR"], pickDefs["GRID_PICK"] = "1", "1"
	for _, p := range []struct {
		prog   **gpu.Program
		kernel string
		defs   map[string]string
	}{
		{&s.clear, "sppm_grid.comp", clearDefs},
		{&s.insert, "sppm_grid.comp", gridDefs},
		{&s.update, "sppm_update.comp", nil},
		{&s.pick, "sppm_grid.comp", pickDefs},
	} {
		if p.prog == &s.pick && s.Cfg.Gather != GatherStochastic {
			continue
		}
		if *p.prog, err = s.compute(p.kernel, p.defs); err != nil {
			return err
		}
	}
	return nil
}

// compute builds a kernel that draws no random numbers.
func (s *SPPM) compute(kernel string, defs map[string]string) (*gpu.Program, error) {
	src, err := shaders.Build(kernel, "", defs)
	if err != nil {
		return nil, err
	}
	return s.ctx.Compute(src)
}

// use sets p's uniforms for this render. The context caches programs by
// source, so renders of one scene with one generator share them (the app's
// panes), and uniforms are program state: set them before every dispatch.
func (s *SPPM) use(p *gpu.Program) {
	s.setUniforms(p)
	photonLoops, eyeLoops := s.loopCosts()
	switch p {
	case s.eye:
		p.SetInt("max_depth", int32(s.Cfg.MaxDepth))
		p.SetUint("loop_fixed", uint32(eyeLoops.fixed))
		p.SetUint("loop_step", uint32(eyeLoops.step))
	case s.clear:
		p.SetUint("count", uint32(s.grid.heads()))
		p.SetUint("grid_own_cells", s.ownCells())
	case s.insert, s.pick:
		p.SetUint("count", uint32(s.Cfg.Width*s.Cfg.Height))
	case s.photon, s.inlinePhoton():
		p.SetUint("photons", uint32(s.Cfg.Photons))
		p.SetFloat("flux_scale", s.fluxScale)
		p.SetInt("max_bounces", int32(s.Cfg.MaxBounces))
		p.SetFloat("tally_scale", s.tallyScale())
		p.SetUint("loop_fixed", uint32(photonLoops.fixed))
		p.SetUint("loop_step", uint32(photonLoops.step))
		s.setHitUniforms(p)
	case s.gather:
		p.SetFloat("flux_scale", s.fluxScale)
		p.SetUint("loop_fixed", uint32(s.gatherFixedLoops()))
		p.SetUint("loop_step", uint32(1+s.gatherLoops()))
		s.setHitUniforms(p)
	case s.update:
		p.SetFloat("alpha", s.Cfg.Alpha)
		p.SetFloat("flux_scale", s.fluxScale)
	}
}

// setUniforms sets what every pass may read: sizes, grid, scene counts, camera.
func (s *SPPM) setUniforms(p *gpu.Program) {
	p.SetUint("width", uint32(s.Cfg.Width))
	p.SetUint("height", uint32(s.Cfg.Height))
	p.SetVec3("grid_origin", s.grid.origin)
	p.SetFloat("grid_cell", s.grid.cell)
	p.SetFloat("grid_reach", s.grid.reach)
	p.SetFloat("radius0_sq", s.radius*s.radius)
	p.SetFloat("grid_margin", s.grid.margin)
	p.SetUint("grid_points", uint32(s.Cfg.Width*s.Cfg.Height))
	p.SetUint("grid_pool", uint32(s.grid.pool))
	p.SetInt("grid_span", int32(s.grid.span))
	p.SetUint("grid_mask", uint32(s.grid.buckets-1))
	p.SetUint("grid_link_slots", uint32(s.grid.links))
	p.SetInt("n_spheres", int32(len(s.Scene.Spheres)))
	p.SetInt("n_quads", int32(len(s.Scene.Quads)))
	p.SetInt("n_triangles", int32(len(s.Scene.Triangles)))
	p.SetInt("n_lights", int32(len(s.Scene.Lights())))
	cam := s.cam
	forward := cam.LookAt.Sub(cam.Position).Normalize()
	right := forward.Cross(cam.Up).Normalize()
	p.SetVec3("cam_pos", cam.Position)
	p.SetVec3("cam_forward", forward)
	p.SetVec3("cam_right", right)
	p.SetVec3("cam_up", right.Cross(forward))
	p.SetFloat("cam_tan", float32(math.Tan(float64(cam.FOV)*math.Pi/360)))
}

// pass runs one pass, timed into *into when profiling.
func (s *SPPM) pass(into *time.Duration, run func() error) error {
	if !s.Profile {
		return run()
	}
	d, err := s.ctx.Time(run)
	*into += d
	return err
}

// Iterate runs n iterations: eye pass, grid, photon pass, update. An open
// iteration (see Trace) is finished first and counts as one of the n.
func (s *SPPM) Iterate(n int) error {
	for target := s.Iterations + n; s.Iterations < target; {
		if _, err := s.Trace(s.Cfg.Photons); err != nil {
			return err
		}
	}
	return s.Check()
}

// IterateTo runs up to n iterations towards total photons emitted in all:
// iterations of Cfg.Photons, and where total is not a multiple of that, a
// last one of the rest, so that Emitted ends exactly at total. Each
// iteration folds in what its own photons brought; the radiance divides by
// all photons emitted, so iterations of different sizes combine exactly.
// An open iteration (Trace) is finished first; it must not pass total.
func (s *SPPM) IterateTo(total int64, n int) error {
	if s.open && s.Emitted+int64(s.size) > total {
		return fmt.Errorf("the open iteration ends at %d photons, past %d", s.Emitted+int64(s.size), total)
	}
	for end := s.Iterations + n; s.Iterations < end && s.Emitted < total; {
		size := int(min(int64(s.Cfg.Photons), total-s.Emitted))
		if _, err := s.trace(s.Cfg.Photons, size); err != nil {
			return err
		}
	}
	return s.Check()
}

// Trace advances the render by up to photons photons, so a caller can size
// the work to a time budget: with no iteration open it opens one (eye pass,
// grid); it traces the next min(photons, the rest) photons of the open
// iteration, and after its last photon runs the update and closes it. Photon
// i of an iteration draws from stream slot i (Sobol: point k*N+i) and the
// accumulators sum in fixed point with integer atomics, so the result does
// not depend on how an iteration is cut into calls. Trace reads nothing
// back: its caller calls Check now and then (once a frame).
func (s *SPPM) Trace(photons int) (traced int, err error) {
	return s.trace(photons, s.Cfg.Photons)
}

// MaxIterations bounds a render's iterations: the kernels take the iteration
// and the count of iterations as uint32s.
const MaxIterations = 1<<32 - 1

// trace is Trace where an iteration it opens has size photons (at most
// Cfg.Photons: photon i keeps slot i and point k*Cfg.Photons+i).
func (s *SPPM) trace(photons, size int) (traced int, err error) {
	if s.err != nil {
		return 0, s.err
	}
	if photons <= 0 {
		return 0, nil
	}
	if !s.open {
		// The kernels take the iteration as a uint32 (Sobol's point index,
		// the eye pass's per-pixel sequences, the direct light's mean):
		// past it they would wrap and replay, so the render ends instead.
		if s.Iterations >= MaxIterations {
			return 0, fmt.Errorf("%s: a render holds at most %d iterations (2^32 - 1); use more photons per iteration", s.Scene.Name, int64(MaxIterations))
		}
		if err := s.openIteration(uint32(s.Iterations), size); err != nil {
			return 0, err
		}
	}
	n := min(photons, s.size-s.traced)
	if err := s.tracePhotons(n); err != nil {
		return 0, err
	}
	if s.traced == s.size {
		if err := s.closeIteration(); err != nil {
			return n, err
		}
	}
	return n, nil
}

// InFlight is the number of photons traced in the open iteration (0 when
// none is open): photons so far are Emitted + InFlight.
func (s *SPPM) InFlight() int { return s.traced }

// openIteration runs iteration it's eye pass and grid build; it will trace
// size photons.
func (s *SPPM) openIteration(it uint32, size int) error {
	w, h := s.Cfg.Width, s.Cfg.Height
	err := s.pass(&s.Times.Eye, func() error {
		s.bindBuffers()
		s.use(s.eye)
		s.eyeRNG.Bind(s.eye, it)
		return s.ctx.Dispatch2D(s.eye, w, h)
	})
	if err != nil {
		return err
	}
	s.tuner.open(s)
	err = s.pass(&s.Times.Grid, func() error { return s.tuner.timed(s, 0, func() error { return s.buildGrid(it) }) })
	if err != nil {
		return err
	}
	s.open, s.size, s.traced = true, size, 0
	return nil
}

// buildGrid clears the grid and links iteration it's visible points.
func (s *SPPM) buildGrid(it uint32) error {
	s.use(s.clear)
	if err := s.ctx.Dispatch(s.clear, s.grid.heads()); err != nil {
		return err
	}
	for _, p := range []*gpu.Program{s.insert, s.pick} {
		if p == nil {
			break
		}
		s.use(p)
		p.SetUint("grid_pick_key", pickKey(uint64(s.Cfg.RNG.Seed), it))
		if err := s.ctx.Dispatch(p, s.Cfg.Width*s.Cfg.Height); err != nil {
			return err
		}
	}
	return nil
}

// closeIteration folds the open iteration's photons in and resolves the
// image, unless an invocation of it or of an earlier one ran past the loop
// budget (the update kernel checks, Check reports).
func (s *SPPM) closeIteration() error {
	s.Iterations++
	if s.tuner != nil {
		s.tuner.closed(s)
	}
	s.Emitted += int64(s.size)
	s.open, s.size, s.traced = false, 0, 0
	return s.pass(&s.Times.Update, func() error {
		s.bindBuffers()
		s.image.BindImage(shaders.RadianceImageUnit)
		s.use(s.update)
		s.update.SetUint("emitted_lo", uint32(s.Emitted))
		s.update.SetUint("emitted_hi", uint32(s.Emitted>>32))
		s.update.SetUint("iterations", uint32(s.Iterations))
		return s.ctx.Dispatch2D(s.update, s.Cfg.Width, s.Cfg.Height)
	})
}

// SetCamera renders from c instead, starting over (Reset); the passes set
// the camera's uniforms on their programs. The initial radius stays the one
// chosen at creation (or Cfg.Radius): the grid and the fixed-point scale
// depend on it, and an orbiting camera should not change the render's blur.
func (s *SPPM) SetCamera(c scenes.Camera) error {
	if err := c.Validate(); err != nil {
		return err
	}
	s.cam = c
	return s.Reset()
}

// Radiance reads the current estimate: RGBA float32 per pixel, row 0 at the top.
func (s *SPPM) Radiance() ([]float32, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	return s.image.ReadFloats()
}
