package render

import (
	"fmt"
	"maps"
	"math"
	"strconv"
	"time"

	"speckle/gpu"
	"speckle/shaders"
)

// Deposit is where the photon pass adds a photon's power to the visible
// points near a diffuse hit; the sums, and so the image, are the same bytes
// either way (integer atomics add in any order).
type Deposit int

const (
	// DepositAuto (the default) deposits inline or by points, whichever
	// the render measures faster on its GPU now and then (sppm_auto.go);
	// inline on a CPU rasteriser, whose timers say nothing, and with the
	// stochastic gather.
	DepositAuto Deposit = iota
	// DepositInline walks the grid at the hit, inside the bounce loop.
	DepositInline
	// DepositDeferred stores the hit in its work group's region of a hit
	// buffer and deposits it from a second kernel, one invocation per
	// record and a work group per region (sppm_gather.comp): the bounce
	// loop no longer waits on the walk, and the walks of a warp run side by
	// side, not from different bounces. A group whose region is full
	// deposits inline.
	DepositDeferred
	// DepositSorted is DepositDeferred with the records sorted by a coarse
	// spatial key before the gather (sppm_sort.comp), so that a warp's
	// invocations walk the same cells.
	DepositSorted
	// DepositCombined is DepositSorted with each gather work group adding
	// into a shared-memory table keyed by visible point first
	// (lib/combine.glsl) and flushing each point's sums with one global
	// atomic a word: focused photons (caustics) add to the same few points,
	// and their global atomics contend.
	DepositCombined
	// DepositPoints is a photon-side grid: DepositDeferred's records are
	// counting-sorted into buckets of their cells (sppm_points_sort.comp),
	// then each visible point, an invocation a pixel, walks the cells
	// around it, tests their hits as the photon pass would, sums what it
	// gathers and adds the sums to its accumulator once (sppm_points.comp).
	// A group whose region is full deposits inline, as DepositDeferred's.
	DepositPoints
)

var depositNames = []string{"auto", "inline", "deferred", "sorted", "combined", "points"}

// The sort's scan (sppm_sort.comp, one work group of 256) loops within the
// budget: a compile error otherwise.
const _ = uint(shaders.LoopBudget - 2*(shaders.DepositSortBins/256+1) - 10)

func (d Deposit) String() string {
	if d < 0 || int(d) >= len(depositNames) {
		return "Deposit(" + strconv.Itoa(int(d)) + ")"
	}
	return depositNames[d]
}

// Sorted says whether d sorts the hit records before the gather.
func (d Deposit) Sorted() bool { return d == DepositSorted || d == DepositCombined }

// ParseDeposit reads a Deposit by name.
func ParseDeposit(s string) (Deposit, error) { return parseNamed[Deposit](depositNames, s) }

// The hit buffer's size in bytes: a GPU's (as far as its storage blocks
// allow: 2^20 photons in one chunk even for DepositPoints' 22 words a slot,
// where the 128 MiB of before cut an H200's iteration into three chunks,
// each walking every pixel), and a CPU rasteriser's (the host's memory,
// and a chunk of about 38,000 photons keeps llvmpipe busy).
// Photons past it are traced in chunks, each gathered before the next is
// traced. maxHitGroups caps the work groups' regions too (tests: chunks of
// a few groups).
var (
	maxHitBytes, maxHitBytesSoftware = 1 << 30, 4 << 20
	maxHitGroups                     = math.MaxInt
)

// hitBytes is the hit buffer's cap on a device.
func hitBytes(info gpu.Info) int {
	if info.Software() {
		return maxHitBytesSoftware
	}
	return int(min(int64(maxHitBytes), info.MaxSSBOBytes))
}

// hitSlotsPerPhoton sizes a work group's region: cornell deposits about 1.6
// times a photon and caustics 0.7, so regions of 3 a photon rarely fill.
// Zero deposits everything inline (tests).
var hitSlotsPerPhoton = 3.0

// hitLayout is the hit buffer (lib/gather.glsl): regions of groupSlots
// records for groups work groups of local photons each, and where sorted,
// the sort's order and bins; where points (DepositPoints), each slot's
// bucket, rank and key and the records in bucket order.
type hitLayout struct {
	local, groupSlots, groups int
	sorted, points            bool
}

// newHitLayout sizes the hit buffer for iterations of photons photons, in
// work groups of local invocations, depositing d; where one region does
// not fit the buffer's cap, it refuses.
func newHitLayout(photons, local, limit int, d Deposit) (hitLayout, error) {
	slots := int(hitSlotsPerPhoton * float64(local))
	h := hitLayout{local: local, groupSlots: slots, sorted: d.Sorted(), points: d == DepositPoints}
	perGroup, fixed := h.groupWords(), h.words(0)
	fit := (limit/4 - fixed) / perGroup
	if fit < 1 {
		return h, fmt.Errorf("deposit %s: a work group's hit region (%d records, %d bytes) does not fit the hit buffer's %d bytes; use --deposit inline", d, slots, 4*perGroup, limit)
	}
	h.groups = min(fit, (photons+local-1)/local, maxHitGroups)
	return h, nil
}

// chunk is the most photons one photon pass dispatch traces.
func (h hitLayout) chunk() int { return h.groups * h.local }

// groupWords are a work group's words in the buffer (lib/gather.glsl): its
// count and its region's records, a field more where sorted (their order).
func (h hitLayout) groupWords() int {
	fields := shaders.HitRecordFields
	if h.sorted {
		fields++
	}
	if h.points {
		fields = shaders.PointsHitFields
	}
	return 1 + fields*h.groupSlots
}

// words is the buffer's size in words for groups work groups: theirs, and
// where sorted the bins and the records' count.
func (h hitLayout) words(groups int) int {
	n := groups * h.groupWords()
	if h.sorted {
		n += shaders.DepositSortBins + 1
	}
	return n
}

// sortKernels are DepositSorted's passes, in order (sppm_sort.comp).
var sortKernels = []string{"SORT_CLEAR", "SORT_COUNT", "SORT_SCAN", "SORT_SCATTER"}

// combineBits sizes DepositCombined's table: 2^combineBits visible points a
// work group (lib/combine.glsl; 8 words a point, 8 KiB in all, within
// llvmpipe's 32 KiB of shared memory). A variable: tests shrink it so that
// most points miss it.
var combineBits = 8

// buildDeferred builds the gather (and sort) kernels and allocates the hit
// buffer.
func (s *SPPM) buildDeferred(gridDefs map[string]string) error {
	d := s.built
	var err error
	if s.hitLayout, err = newHitLayout(s.Cfg.Photons, s.photon.LocalSize[0], hitBytes(s.ctx.Info), d); err != nil {
		return err
	}
	if d == DepositPoints {
		return s.buildPoints()
	}
	gatherDefs := maps.Clone(gridDefs)
	if d.Sorted() {
		gatherDefs["DEPOSIT_SORTED"] = "1"
	}
	if d == DepositCombined {
		gatherDefs["DEPOSIT_COMBINED"] = "1"
		gatherDefs["COMBINE_BITS"] = strconv.Itoa(combineBits)
	}
	if s.gather, err = s.compute("sppm_gather.comp", gatherDefs); err != nil {
		return err
	}
	for i, kernel := range sortKernels {
		if !d.Sorted() {
			break
		}
		if s.sort[i], err = s.compute("sppm_sort.comp", map[string]string{kernel: "1"}); err != nil {
			return err
		}
	}
	s.hits, err = s.ctx.NewBuffer(4*s.hitLayout.words(s.hitLayout.groups), nil)
	return err
}

// gatherFixedLoops are the gather kernel's loop passes outside its records
// loop: DepositCombined clears its table and flushes it, each a loop of
// 2^combineBits / 64 passes a lane (and the one whose test fails).
func (s *SPPM) gatherFixedLoops() int {
	if s.built != DepositCombined {
		return 0
	}
	return 2 * ((1<<combineBits+s.gather.LocalSize[0]-1)/s.gather.LocalSize[0] + 1)
}

// tracePhotons traces the open iteration's next n photons.
func (s *SPPM) tracePhotons(n int) error {
	return s.tuner.timed(s, n, func() error { return s.tracePhotonsNow(n) })
}

// tracePhotonsNow traces them the current way (s.deposit).
func (s *SPPM) tracePhotonsNow(n int) error {
	if s.deposit != DepositInline {
		if err := s.traceDeferred(n); err != nil {
			return err
		}
		s.traced += n
		return nil
	}
	photon := s.inlinePhoton()
	err := s.pass(&s.Times.Photon, func() error {
		s.bindBuffers() // another render on this context may have rebound them
		s.use(photon)
		s.photonRNG.Bind(photon, uint32(s.Iterations))
		photon.SetUint("photon_offset", uint32(s.traced))
		photon.SetUint("photon_count", uint32(n))
		return s.ctx.Dispatch(photon, n)
	})
	if err != nil {
		return err
	}
	s.traced += n
	return nil
}

// traceDeferred traces photons photon_offset .. +n-1 chunk by chunk: the
// photon pass stores its hits, the gather kernel deposits them.
func (s *SPPM) traceDeferred(n int) error {
	h := s.hitLayout
	for done := 0; done < n; done += h.chunk() {
		count := min(h.chunk(), n-done)
		groups := (count + h.local - 1) / h.local
		s.hitGroups = groups
		err := s.pass(&s.Times.Photon, func() error {
			s.bindBuffers()
			s.hits.Bind(shaders.DeferredHitsBinding)
			s.use(s.photon)
			s.photonRNG.Bind(s.photon, uint32(s.Iterations))
			s.photon.SetUint("photon_offset", uint32(s.traced+done))
			s.photon.SetUint("photon_count", uint32(count))
			return s.ctx.Dispatch(s.photon, count)
		})
		if err != nil {
			return err
		}
		if h.points {
			if err := s.gatherPoints(groups); err != nil {
				return err
			}
			continue
		}
		if h.sorted {
			if err := s.sortHits(groups); err != nil {
				return err
			}
		}
		var d time.Duration
		err = s.pass(&d, func() error {
			s.use(s.gather)
			s.gather.SetUint("count", uint32(groups))
			return s.ctx.Dispatch(s.gather, groups*s.gather.LocalSize[0])
		})
		s.Times.Photon += d
		s.Times.Gather += d
		if err != nil {
			return err
		}
	}
	return nil
}

// sortHits sorts the records of the photon pass's groups work groups
// (DepositSorted), timed as Sort (and Photon).
func (s *SPPM) sortHits(groups int) error {
	var d time.Duration
	err := s.pass(&d, func() error {
		for i, n := range []int{shaders.DepositSortBins, groups * s.hitLayout.local, s.sort[2].LocalSize[0], groups * s.hitLayout.local} {
			p := s.sort[i]
			s.setUniforms(p)
			s.setHitUniforms(p)
			p.SetUint("count", uint32(groups))
			if err := s.ctx.Dispatch(p, n); err != nil {
				return err
			}
		}
		return nil
	})
	s.Times.Photon += d
	s.Times.Sort += d
	return err
}

// setHitUniforms sets the hit buffer's layout on p.
func (s *SPPM) setHitUniforms(p *gpu.Program) {
	p.SetUint("hit_groups", uint32(s.hitLayout.groups))
	p.SetUint("hit_group_slots", uint32(s.hitLayout.groupSlots))
}

// HitRegions reads what the photon pass's last dispatch stored
// (every deposit but DepositInline): its work groups' regions, how many
// filled (their groups deposited the rest inline) and the records in all.
func (s *SPPM) HitRegions() (regions, full, records int) {
	if s.hits == nil || s.hitGroups == 0 {
		return 0, 0, 0
	}
	counts := make([]uint32, s.hitGroups)
	s.hits.Read(0, counts)
	for _, c := range counts {
		records += int(c)
		if int(c) == s.hitLayout.groupSlots {
			full++
		}
	}
	return s.hitGroups, full, records
}
