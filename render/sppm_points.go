package render

import (
	"math"
	"time"

	"speckle/gpu"
	"speckle/shaders"
)

// DepositPoints's photon-side grid (sppm_points_sort.comp,
// sppm_points.comp): the hit records of a chunk are counting-sorted into
// photon buckets, then each visible point gathers from the buckets of the
// cells around it.

// pointsKernels are the sort's passes (sppm_points_sort.comp), in the order
// of pointsPasses' fields.
var pointsKernels = []string{"POINTS_CLEAR", "POINTS_COUNT", "POINTS_SCAN", "POINTS_SPREAD", "POINTS_SCATTER"}

// pointsPasses are DepositPoints's kernels, its photon buckets buffer and
// how many buckets it has.
type pointsPasses struct {
	clear, count, scan, spread, scatter, gather *gpu.Program
	buckets                                     *gpu.Buffer
	levels                                      []pointsLevel
}

// pointsLevel is a level of the scan in the photon buckets buffer: n words
// from word off.
type pointsLevel struct{ off, n int }

// The scan's fixed loop (its 256 sums, 8 passes and the one whose test
// fails) within the budget: a compile error otherwise.
const _ = uint(shaders.LoopBudget - 10)

// maxPhotonBuckets caps DepositPoints's buckets (tests: a few, so that
// most cells share one).
var maxPhotonBuckets = math.MaxInt

// photonBuckets is how many buckets a chunk's hits are sorted into: a
// power of two, at least the chunk's slots (and a scan block) but no more
// than the visible-point grid's (photon_bucket masks grid_hash's).
func photonBuckets(h hitLayout, grid gridLayout) int {
	b := 1
	for b < min(max(h.groups*h.groupSlots, shaders.PointsScanBlock), grid.buckets, maxPhotonBuckets) {
		b *= 2
	}
	return b
}

// newPointsLevels lays out the scan of buckets counts (and the total, a
// word more): level 0 holds them, each level above a word per block of the
// level below, up to a level of one word.
func newPointsLevels(buckets int) []pointsLevel {
	levels := []pointsLevel{{0, buckets + 1}}
	for l := levels[0]; l.n > 1; {
		l = pointsLevel{l.off + l.n, (l.n + shaders.PointsScanBlock - 1) / shaders.PointsScanBlock}
		levels = append(levels, l)
	}
	return levels
}

// buildPoints builds DepositPoints's kernels and allocates the hit and
// photon buckets buffers.
func (s *SPPM) buildPoints() error {
	// GRID_ADAPTIVE: the iteration's cell is the GPU's (grid_cell_size).
	defs := s.gridDefines(map[string]string{})
	if s.grid.nearest8() {
		defs["GRID_NEAREST8"] = "1"
	}
	var err error
	p := &s.points
	for i, prog := range []**gpu.Program{&p.clear, &p.count, &p.scan, &p.spread, &p.scatter} {
		if *prog, err = s.compute("sppm_points_sort.comp", s.gridDefines(map[string]string{pointsKernels[i]: "1"})); err != nil {
			return err
		}
	}
	if p.gather, err = s.compute("sppm_points.comp", defs); err != nil {
		return err
	}
	p.levels = newPointsLevels(photonBuckets(s.hitLayout, s.grid))
	top := p.levels[len(p.levels)-1]
	if p.buckets, err = s.ctx.NewBuffer(4*(top.off+top.n), nil); err != nil {
		return err
	}
	s.hits, err = s.ctx.NewBuffer(4*s.hitLayout.words(s.hitLayout.groups), nil)
	return err
}

// pointsWalkLoops are the loop passes of a visible point's walk but for
// its buckets' (loop_var): the cells' loop and what each pass enters, as
// the photon pass's walk of the same cells (cellWalkLoops); with
// GatherAdaptive a bundle may also walk a large point's box, up to
// GridSpanMax^3 cells (and the pass whose test fails), each entering its
// bucket.
func (s *SPPM) pointsWalkLoops() int {
	n := s.grid.cellWalkLoops()
	if s.Cfg.Gather == GatherAdaptive {
		n += (shaders.GridSpanMax*shaders.GridSpanMax*shaders.GridSpanMax + 1) * 3
	}
	return n
}

// usePoints sets p's uniforms for DepositPoints's kernels.
func (s *SPPM) usePoints(p *gpu.Program) {
	s.setUniforms(p)
	s.setHitUniforms(p)
	p.SetUint("photon_mask", uint32(s.points.levels[0].n-2))
	if p == s.points.gather {
		p.SetFloat("flux_scale", s.fluxScale)
		p.SetUint("loop_fixed", uint32(s.pointsWalkLoops()))
		p.SetUint("loop_step", 0)
		p.SetUint("count", uint32(s.Cfg.Width*s.Cfg.Height))
	}
}

// gatherPoints sorts the records of the photon pass's groups work groups
// into buckets (timed as Sort) and gathers them at every visible point
// (Gather); both count in Photon.
func (s *SPPM) gatherPoints(groups int) error {
	var sort, gather time.Duration
	p := &s.points
	err := s.pass(&sort, func() error {
		p.buckets.Bind(shaders.PhotonBucketsBinding)
		for _, k := range []*gpu.Program{p.clear, p.count, p.scan, p.spread, p.scatter} {
			s.usePoints(k)
		}
		p.clear.SetUint("count", uint32(p.levels[0].n))
		if err := s.ctx.Dispatch(p.clear, p.levels[0].n); err != nil {
			return err
		}
		p.count.SetUint("count", uint32(groups))
		if err := s.ctx.Dispatch(p.count, groups*p.count.LocalSize[0]); err != nil {
			return err
		}
		if err := s.scanBuckets(); err != nil {
			return err
		}
		p.scatter.SetUint("count", uint32(groups))
		return s.ctx.Dispatch(p.scatter, groups*p.scatter.LocalSize[0])
	})
	if err == nil {
		err = s.pass(&gather, func() error {
			s.usePoints(p.gather)
			return s.ctx.Dispatch(p.gather, s.Cfg.Width*s.Cfg.Height)
		})
	}
	s.Times.Sort += sort
	s.Times.Gather += gather
	s.Times.Photon += sort + gather
	return err
}

// scanBuckets turns the buckets' counts into their first records: each
// level scanned block by block, its blocks' sums into the level above, up
// to a level of one block; then each level's scanned sums added back to
// the level below, from the top down.
func (s *SPPM) scanBuckets() error {
	p := &s.points
	for i, l := range p.levels[:len(p.levels)-1] {
		p.scan.SetUint("count", uint32(l.n))
		p.scan.SetUint("level", uint32(l.off))
		p.scan.SetUint("above", uint32(p.levels[i+1].off))
		blocks := (l.n + shaders.PointsScanBlock - 1) / shaders.PointsScanBlock
		if err := s.ctx.Dispatch(p.scan, blocks*p.scan.LocalSize[0]); err != nil {
			return err
		}
	}
	for i := len(p.levels) - 3; i >= 0; i-- {
		l := p.levels[i]
		p.spread.SetUint("count", uint32(l.n))
		p.spread.SetUint("level", uint32(l.off))
		p.spread.SetUint("above", uint32(p.levels[i+1].off))
		if err := s.ctx.Dispatch(p.spread, l.n); err != nil {
			return err
		}
	}
	return nil
}
