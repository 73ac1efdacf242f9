package render

import (
	"time"

	"speckle/gpu"
	"speckle/shaders"
)

// Deposit is where the photon pass adds a photon's power to the visible
// points near a diffuse hit; the sums, and so the image, are the same bytes
// either way (integer atomics add in any order).
type Deposit int

const (
	// DepositInline walks the grid at the hit, inside the bounce loop.
	DepositInline Deposit = iota
	// DepositDeferred stores the hit in its work group's region of a hit
	// buffer and deposits it from a second kernel, one invocation per
	// record and a work group per region (sppm_gather.comp): the bounce
	// loop no longer waits on the walk, and the walks of a warp run side by
	// side, not from different bounces. A group whose region is full
	// deposits inline.
	DepositDeferred
)

var depositNames = []string{"inline", "deferred"}

func (d Deposit) String() string { return depositNames[d] }

// ParseDeposit reads a Deposit by name.
func ParseDeposit(s string) (Deposit, error) { return parseNamed[Deposit](depositNames, s) }

// The hit buffer's size in bytes: a GPU's, and a CPU rasteriser's (the
// host's memory, and a chunk of about 38,000 photons keeps llvmpipe busy).
// Photons past it are traced in chunks, each gathered before the next is
// traced. Variables: tests shrink them.
var maxHitBytes, maxHitBytesSoftware = 128 << 20, 4 << 20

// hitSlotsPerPhoton sizes a work group's region: cornell deposits about 1.6
// times a photon and caustics 0.7, so regions of 3 a photon rarely fill.
// Zero deposits everything inline (tests).
var hitSlotsPerPhoton = 3.0

// hitLayout is the hit buffer (lib/gather.glsl): regions of groupSlots
// records for groups work groups of local photons each.
type hitLayout struct{ local, groupSlots, groups int }

// newHitLayout sizes the hit buffer for iterations of photons photons, in
// work groups of local invocations.
func newHitLayout(photons, local int, software bool) hitLayout {
	h := hitLayout{local: local, groupSlots: int(hitSlotsPerPhoton * float64(local))}
	limit := maxHitBytes
	if software {
		limit = maxHitBytesSoftware
	}
	// A group's count word and its region's nine words a record.
	h.groups = max(1, min(limit/(4*(1+9*h.groupSlots)), (photons+local-1)/local))
	return h
}

// chunk is the most photons one photon pass dispatch traces.
func (h hitLayout) chunk() int { return h.groups * h.local }

// words is the buffer's size in words.
func (h hitLayout) words() int { return h.groups * (1 + 9*h.groupSlots) }

// buildDeferred builds the gather kernel and allocates the hit buffer.
func (s *SPPM) buildDeferred(gridDefs map[string]string) error {
	src, err := shaders.Build("sppm_gather.comp", "", gridDefs)
	if err != nil {
		return err
	}
	if s.gather, err = s.ctx.Compute(src); err != nil {
		return err
	}
	s.hitLayout = newHitLayout(s.Cfg.Photons, s.photon.LocalSize[0], s.ctx.Info.Software())
	s.hits, err = s.ctx.NewBuffer(4*s.hitLayout.words(), nil)
	return err
}

// traceDeferred traces photons photon_offset .. +n-1 chunk by chunk: the
// photon pass stores its hits, the gather kernel deposits them.
func (s *SPPM) traceDeferred(n int) error {
	h := s.hitLayout
	for done := 0; done < n; done += h.chunk() {
		count := min(h.chunk(), n-done)
		groups := (count + h.local - 1) / h.local
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

// setHitUniforms sets the hit buffer's layout on p.
func (s *SPPM) setHitUniforms(p *gpu.Program) {
	p.SetUint("hit_groups", uint32(s.hitLayout.groups))
	p.SetUint("hit_group_slots", uint32(s.hitLayout.groupSlots))
}
