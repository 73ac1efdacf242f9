package bench

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"speckle/gpu"
	"speckle/render"
	"speckle/scenes"
)

// The photon pass timed by its parts: the render bench's breakdown.

// PhotonBreakdown splits the photon pass's GPU time per photon (ns). Inline
// into tracing (light sampling, traversal, shading, the generator: the pass
// without its gather), the gather's grid walk and tests (the pass without
// its atomic adds, less tracing) and the atomic adds (the whole pass less
// the walk); Adds is the atomic adds per photon, AddsPerS what the adds
// part does per second. The deferred deposits into the photon pass's kernel
// (tracing, storing hits, depositing inline where a group's region is full:
// TraceNs), the sort's kernels (SortNs, sorted and combined only) and the
// gather kernel (GatherNs; combined, its table and flush too); the rest is
// not measured (0). FullRegions is the share of the
// photon pass's work groups (of its last dispatch) whose hit region filled,
// so that they deposited the rest inline.
//
// WalkNs and AtomicsNs are differences of two timed passes; WalkNoiseNs and
// AtomicsNoiseNs are their noise, the two passes' half-ranges over the
// timed iterations added. A difference no larger than its noise (negative
// ones included) is not a measurement, and the table says "<noise".
type PhotonBreakdown struct {
	TraceNs, WalkNs, AtomicsNs  float64
	WalkNoiseNs, AtomicsNoiseNs float64
	SortNs                      float64
	GatherNs                    float64
	FullRegions                 *float64
	Adds, AddsPerS              float64
}

// MarshalJSON writes the breakdown with the report's snake_case keys, and a
// difference within its noise left out, beside the noise it did not clear:
// JSON never carries a negative or meaningless time either.
func (b PhotonBreakdown) MarshalJSON() ([]byte, error) {
	measured := func(diff, noise float64) *float64 {
		if !aboveNoise(diff, noise) {
			return nil
		}
		return &diff
	}
	nonzero := func(v float64) *float64 {
		if v == 0 {
			return nil
		}
		return &v
	}
	return json.Marshal(struct {
		TraceNs        float64  `json:"trace_ns"`
		WalkNs         *float64 `json:"walk_ns,omitempty"`
		WalkNoiseNs    *float64 `json:"walk_noise_ns,omitempty"`
		AtomicsNs      *float64 `json:"atomics_ns,omitempty"`
		AtomicsNoiseNs *float64 `json:"atomics_noise_ns,omitempty"`
		SortNs         *float64 `json:"sort_ns,omitempty"`
		GatherNs       *float64 `json:"gather_ns,omitempty"`
		FullRegions    *float64 `json:"full_regions,omitempty"`
		Adds           *float64 `json:"adds_per_photon,omitempty"`
		AddsPerS       *float64 `json:"adds_per_s,omitempty"`
	}{b.TraceNs, measured(b.WalkNs, b.WalkNoiseNs), nonzero(b.WalkNoiseNs), measured(b.AtomicsNs, b.AtomicsNoiseNs), nonzero(b.AtomicsNoiseNs),
		nonzero(b.SortNs), nonzero(b.GatherNs), b.FullRegions, nonzero(b.Adds), measured(b.AddsPerS, 0)})
}

// photonPart times one cut-down photon pass over iters iterations, one at a
// time: its GPU times (render.PassTimes, summed), the photon pass's time of
// each iteration, bounces counted per photon (the walk adds the points it
// would have added to) and, deferred, the share of full hit regions.
func photonPart(c *gpu.Context, scene *scenes.Scene, cfg render.SPPMConfig, part render.PhotonPassPart, iters int) (t render.PassTimes, each []time.Duration, bounces, full float64, err error) {
	cfg.PhotonPass = part
	s, err := render.NewSPPM(c, scene, cfg)
	if err != nil {
		return t, nil, 0, 0, err
	}
	defer s.Close()
	if _, err := steady(c, s); err != nil {
		return t, nil, 0, 0, err
	}
	b0, e0 := s.Bounces(), s.Emitted
	s.Profile = true
	for range iters {
		before := s.Times.Photon
		if err := s.Iterate(1); err != nil {
			return t, nil, 0, 0, err
		}
		each = append(each, s.Times.Photon-before)
	}
	if regions, filled, _ := s.HitRegions(); regions > 0 {
		full = float64(filled) / float64(regions)
	}
	return s.Times, each, float64(s.Bounces()-b0) / float64(s.Emitted-e0), full, nil
}

// median is the middle of xs (the mean of the middle two for an even count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return (s[(len(s)-1)/2] + s[len(s)/2]) / 2
}

// breakdownIterations is the fewest iterations a breakdown times, so that
// each pass has a spread to judge its differences by.
const breakdownIterations = 3

// breakdownProfiled is the most iterations a breakdown's pass times (one
// timer query each).
const breakdownProfiled = 20

// breakdown times the three photon passes, or the deferred deposits'
// kernels.
func breakdown(c *gpu.Context, scene *scenes.Scene, cfg render.SPPMConfig, iters int) (*PhotonBreakdown, error) {
	iters = max(iters, breakdownIterations)
	// photonPart may time more iterations than asked: per photon of its own.
	perPhoton := func(d time.Duration, each []time.Duration) float64 {
		return float64(d.Nanoseconds()) / float64(len(each)*cfg.Photons)
	}
	if cfg.Deposit == render.DepositAuto {
		cfg.Deposit = render.DepositInline // the parts are cut from the inline pass
	}
	if cfg.Deposit != render.DepositInline {
		t, each, _, full, err := photonPart(c, scene, cfg, render.PhotonPassFull, iters)
		if err != nil {
			return nil, err
		}
		return &PhotonBreakdown{TraceNs: perPhoton(t.Photon-t.Sort-t.Gather, each), SortNs: perPhoton(t.Sort, each), GatherNs: perPhoton(t.Gather, each), FullRegions: &full}, nil
	}
	var ns, half, bounces [3]float64
	for i, part := range []render.PhotonPassPart{render.PhotonPassFull, render.PhotonPassWalk, render.PhotonPassTrace} {
		t, each, b, _, err := photonPart(c, scene, cfg, part, iters)
		if err != nil {
			return nil, err
		}
		lo, hi := slices.Min(each), slices.Max(each)
		ns[i], bounces[i] = perPhoton(t.Photon, each), b
		half[i] = float64((hi - lo).Nanoseconds()) / 2 / float64(cfg.Photons)
	}
	b := &PhotonBreakdown{TraceNs: ns[2], WalkNs: ns[1] - ns[2], AtomicsNs: ns[0] - ns[1],
		WalkNoiseNs: half[1] + half[2], AtomicsNoiseNs: half[0] + half[1]}
	// Each visible point a photon adds to takes four adds (count, three
	// channels; a carry now and then is not counted).
	b.Adds = 4 * (bounces[1] - bounces[2])
	if aboveNoise(b.AtomicsNs, b.AtomicsNoiseNs) {
		b.AddsPerS = b.Adds / (b.AtomicsNs * 1e-9)
	}
	return b, nil
}

// aboveNoise says whether a difference of two timings is a measurement:
// positive and larger than its noise.
func aboveNoise(diff, noise float64) bool { return diff > 0 && diff > noise }

// diffCell is a table cell for a difference of two timings: its value, or
// "<noise:N" with the noise N it did not clear (never a negative time).
func diffCell(diff, noise float64) string {
	if !aboveNoise(diff, noise) {
		return fmt.Sprintf("<noise:%.2g", noise)
	}
	return fmt.Sprintf("%.3g", diff)
}
