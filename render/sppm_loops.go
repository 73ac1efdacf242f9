package render

import (
	"fmt"

	"speckle/rng"
	"speckle/shaders"
)

// Scenes with more primitives than bvhThreshold are traversed through their
// BVH; fewer are tested one by one (on an H200, cornell's 13 primitives run
// 1.3x faster without the traversal's stack, caustics' 197 1.5x faster with
// it). shaders.BVHStack bounds the traversal stack.
var bvhThreshold = 32 // a variable: the tests render both ways

// sceneDefines are the defines of programs that include lib/scene.glsl.
func (s *SPPM) sceneDefines() map[string]string {
	if s.Scene.Primitives() <= bvhThreshold {
		return nil
	}
	return map[string]string{"SCENE_BVH": "1"}
}

// loopCost is the fixed part of the loop passes a bundle of invocations
// makes (shaders/lib/sppm.glsl): fixed, plus step for each pass of the
// kernel's main loop (photon bounces, eye path depth) and one more for the
// pass whose test fails, which with every lane masked off still enters each
// inner loop. The kernels add the passes that depend on where paths go.
type loopCost struct{ fixed, step int }

// loopCosts are the photon and eye passes' loopCosts.
func (s *SPPM) loopCosts() (photon, eye loopCost) {
	intersect := 2 // the BVH loop and a leaf's, entered; the rest is loop_var
	if s.sceneDefines() == nil {
		intersect = s.Scene.Primitives() + 3 // three loops over the primitives
	}
	// rng_load costs at most a draw; a loop of n passes n + 1.
	d := rng.LoopsOf(s.photonRNG.Inst).Draw
	photon = loopCost{fixed: d + 4*d + len(s.Scene.Lights()) + 1, step: 1 + intersect + s.gatherLoops() + 3*d}
	d = rng.LoopsOf(s.eyeRNG.Inst).Draw
	eye = loopCost{fixed: d + 2*d, step: 1 + intersect + d}
	return photon, eye
}

// gatherLoops are the loop passes of one deposit but for its lists' (their
// passes are loop_var): the loop over cells (at most grid.cells passes, and
// the one whose test fails), each pass entering a list; GatherPBRT's one
// list.
func (s *SPPM) gatherLoops() int {
	switch s.Cfg.Gather {
	case GatherStochastic:
		return 0 // no loop
	case GatherPBRT:
		return 2
	}
	return s.grid.cellWalkLoops()
}

// cellWalkLoops are the loop passes of a walk of the cells within reach
// but for its lists' (theirs are loop_var): the 2x2x2 walk's or the box's.
func (g gridLayout) cellWalkLoops() int {
	if g.nearest8() {
		// The adaptive grid's list of large points, then 8 cells, each
		// entering the duplicate test and its list.
		return 1 + 9*(9+1)
	}
	return (g.cells() + 1) * 3
}

// staticLoops are the most loop passes photons and eye paths may need but
// for what depends on where they go.
func (s *SPPM) staticLoops() (photon, eye int) {
	p, e := s.loopCosts()
	return p.fixed + (s.Cfg.MaxBounces+1)*p.step, e.fixed + (s.Cfg.MaxDepth+1)*e.step
}

// Check turns a photon or eye path that needed more loop passes than
// shaders.LoopBudget (the kernels count them) into the render's error: past it,
// llvmpipe may have cut a loop short and the image would be silently wrong.
// Every GL refuses alike, so a render never depends on the device. The
// kernels stop folding iterations into the image from the failed one on
// (a read-back per iteration would stall the GPU), so Check reads the flag
// back where a caller reads back anyway: the end of Iterate and IterateTo,
// Radiance and RMSE; Trace's callers call it once a frame. On failure
// Iterations and Emitted go back to what the image holds.
func (s *SPPM) Check() error {
	if s.err != nil {
		return s.err
	}
	var w [shaders.SPPMCounterWords]uint32
	s.counters.Read(0, w[:])
	what, n := "photons", w[shaders.SPPMCounterPhotonLoop]
	if n == 0 {
		what, n = "eye paths", w[shaders.SPPMCounterEyeLoop]
	}
	switch {
	case n != 0:
		s.err = fmt.Errorf("scene %s: a group of %s traced together may have needed %d loop passes, more than the %d one GPU invocation is trusted with (llvmpipe counts them per group and silently ends loops at 65,535); this renderer cannot trace it exactly with these settings",
			s.Scene.Name, what, n, shaders.LoopBudget)
	case w[shaders.SPPMCounterGridFull] != 0:
		s.err = fmt.Errorf("scene %s: the adaptive grid could not link a visible point (its pool of %d links is full, which its cell choice should prevent); this renderer cannot trace it exactly with these settings",
			s.Scene.Name, s.grid.pool)
	default:
		return nil
	}
	// The image holds the iterations before the failed one.
	s.Iterations, s.Emitted = int(w[shaders.SPPMCounterIterations]), counter64(w[:], shaders.SPPMCounterEmitted)
	s.open, s.size, s.traced = false, 0, 0
	return s.err
}
