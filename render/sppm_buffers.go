package render

import (
	"fmt"
	"math"

	"speckle/gpu"
	"speckle/rng"
	"speckle/scenes"
	"speckle/shaders"
)

// The render's loop check and GPU buffers: made, cleared, bound, read and
// freed.

// checkLoops refuses a render whose paths may need more loop passes than
// one invocation is trusted with.
func (s *SPPM) checkLoops() error {
	if photon, eye := s.staticLoops(); max(photon, eye) > shaders.LoopBudget {
		what, n, length := "a photon", photon, fmt.Sprintf("%d bounces", s.Cfg.MaxBounces)
		if eye > photon {
			what, n, length = "an eye path", eye, fmt.Sprintf("%d specular bounces", s.Cfg.MaxDepth)
		}
		return fmt.Errorf("scene %s with %s: %s of up to %s may need %d loop passes (%d per random number), more than the %d one GPU invocation is trusted with (llvmpipe silently ends loops at 65,535); this renderer cannot trace it exactly",
			s.Scene.Name, s.Cfg.RNG.Gen.Name, what, length, n, rng.LoopsOf(s.photonRNG.Inst).Draw, shaders.LoopBudget)
	}
	return nil
}

// allocBuffers uploads the scene (with its BVH's nodes and refs) and makes
// the render's per-pixel, grid and counter buffers and its image.
func (s *SPPM) allocBuffers(nodes, refs []float32) error {
	pixels := s.Cfg.Width * s.Cfg.Height
	var err error
	for _, data := range [][]float32{s.packed.Materials, s.packed.Spheres, s.packed.Quads, s.packed.Triangles, s.packed.Lights, nodes, refs} {
		b, err := s.ctx.NewBuffer(len(data)*4, floatWords(data))
		if err != nil {
			return err
		}
		s.sceneBufs = append(s.sceneBufs, b)
	}
	alloc := func(bytes int) (*gpu.Buffer, error) { return s.ctx.NewBuffer(bytes, nil) }
	if s.vps, err = alloc(pixels * 32); err != nil {
		return err
	}
	if s.statsTau, err = alloc(pixels * 32); err != nil {
		return err
	}
	if s.statsN, err = alloc(pixels * 32); err != nil {
		return err
	}
	if s.acc, err = alloc(pixels * shaders.AccumulatorWords * 4); err != nil {
		return err
	}
	if s.counters, err = s.ctx.NewBuffer(4*shaders.SPPMCounterWords, make([]uint32, shaders.SPPMCounterWords)); err != nil {
		return err
	}
	if s.image, err = s.ctx.NewTexture(s.Cfg.Width, s.Cfg.Height, gpu.RGBA32F); err != nil {
		return err
	}
	if s.heads, err = alloc(s.grid.heads() * 4); err != nil {
		return err
	}
	if s.links, err = alloc(s.grid.links * 8); err != nil {
		return err
	}
	return nil
}

// fluxScale is the fixed-point scale of a photon's deposit.
func fluxScale(scene *scenes.Scene, packed scenes.Packed) float32 {
	// One photon's contribution is at most the largest per-channel photon
	// power times 1/pi (albedo <= 1, throughput <= 1): scale it to < 2^32 so
	// one deposit fits a word; the 64-bit sum then holds 2^32 photons.
	maxPower := float32(0)
	for i, l := range scene.Lights() {
		p := packed.Lights[4*i+1]
		if i > 0 {
			p -= packed.Lights[4*i-3]
		}
		maxPower = max(maxPower, scene.LightPower(l).Max()/p)
	}
	return float32(math.Ldexp(1, 31)) / (maxPower / math.Pi)

}

// Reset starts the render over: fresh streams, radii and statistics.
func (s *SPPM) Reset() error {
	if err := s.photonRNG.Seed(); err != nil {
		return err
	}
	if err := s.eyeRNG.Seed(); err != nil {
		return err
	}
	pixels := s.Cfg.Width * s.Cfg.Height
	tau := make([]float64, pixels*4)
	for i := 0; i < pixels; i++ {
		tau[4*i+3] = float64(s.radius * s.radius)
	}
	s.statsTau.Write(0, doubleWords(tau))
	s.statsN.Write(0, make([]uint32, pixels*8))
	s.acc.Write(0, make([]uint32, pixels*shaders.AccumulatorWords))
	s.counters.Write(0, make([]uint32, shaders.SPPMCounterWords))
	// Black until the first iteration closes, not the previous render.
	if err := s.image.WriteFloats(make([]float32, 4*pixels)); err != nil {
		return err
	}
	s.Iterations, s.Emitted, s.Times = 0, 0, PassTimes{}
	if s.tuner != nil { // the same trials in every render
		s.tuner.restart()
	}
	_, s.deposit = s.resolveDeposit()
	s.open, s.size, s.traced, s.err = false, 0, 0, nil
	return nil
}

// bindBuffers attaches the scene and SPPM buffers to their binding points
// (shared by every program, and the generators' pools move in between).
func (s *SPPM) bindBuffers() {
	for i, b := range s.sceneBufs {
		b.Bind(sceneBindings[i])
	}
	s.vps.Bind(shaders.VisiblePointsBinding)
	s.statsTau.Bind(shaders.StatsTauBinding)
	s.statsN.Bind(shaders.StatsNBinding)
	s.acc.Bind(shaders.AccumulatorsBinding)
	s.heads.Bind(shaders.GridHeadsBinding)
	s.links.Bind(shaders.GridLinksBinding)
	s.counters.Bind(shaders.SPPMCountersBinding)
}

// tallyScale keeps a work group's tally (64 photons x 16 bounces of at most
// the largest photon power) within 32 bits.
func (s *SPPM) tallyScale() float32 { return s.fluxScale / math.Pi * (1 << 20) / (1 << 31) }

// depositedFlux is the power photons brought to diffuse surfaces, per
// emitted photon (FluxTally only): the lights' power that lands, as the
// photon pass distributes it.
func (s *SPPM) depositedFlux() scenes.Vec3 {
	var w [shaders.SPPMCounterWords]uint32
	s.counters.Read(0, w[:])
	var f scenes.Vec3
	for c := 0; c < 3; c++ {
		total := float64(counter64(w[:], shaders.SPPMCounterFlux+2*c))
		f[c] = float32(total / float64(s.tallyScale()) / float64(s.Emitted))
	}
	return f
}

// Traced is the number of photons the photon pass has traced so far, as it
// counts them.
func (s *SPPM) Traced() int64 { return s.counter(shaders.SPPMCounterPhotons) }

// Bounces is the number of surfaces photons have hit so far.
func (s *SPPM) Bounces() int64 { return s.counter(shaders.SPPMCounterBounces) }

// counter reads the 64-bit counter at word i of the Counters block.
func (s *SPPM) counter(i int) int64 {
	var w [2]uint32
	s.counters.Read(i, w[:])
	return counter64(w[:], 0)
}

// counter64 is the 64-bit counter of words i (low) and i+1 (high) of w.
func counter64(w []uint32, i int) int64 { return int64(w[i+1])<<32 | int64(w[i]) }

// Close frees everything.
func (s *SPPM) Close() {
	if s.photonRNG != nil {
		s.photonRNG.Close()
	}
	if s.eyeRNG != nil {
		s.eyeRNG.Close()
	}
	for _, b := range s.sceneBufs {
		b.Delete()
	}
	for _, b := range []*gpu.Buffer{s.vps, s.statsTau, s.statsN, s.acc, s.heads, s.links, s.counters, s.rmseOut, s.heatLut, s.hits, s.points.buckets} {
		b.Delete()
	}
	s.image.Delete()
}

// doubleWords lays float64s out as GLSL doubles: low word first.
func doubleWords(f []float64) []uint32 {
	w := make([]uint32, 2*len(f))
	for i, v := range f {
		b := math.Float64bits(v)
		w[2*i], w[2*i+1] = uint32(b), uint32(b>>32)
	}
	return w
}

func floatWords(f []float32) []uint32 {
	w := make([]uint32, len(f))
	for i, v := range f {
		w[i] = math.Float32bits(v)
	}
	return w
}
