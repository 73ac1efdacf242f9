package render

import (
	"maps"
	"time"

	"speckle/gpu"
)

// DepositAuto: the photon pass deposits inline or by points (the same
// image bytes either way), and the render times both now and then and keeps
// the faster. On the H200 inline was the faster on cornell and plane and
// points on caustics, 1.6x (docs/performance.md); which wins depends on
// where photons land, which changes as the radii shrink, so trials come at
// iteration firstTrial, then at twice the iterations at the last one's end
// (4, 16, 40, 88, ...): four iterations, the current way, the other twice,
// the current again (an iteration's cost falls as the radii shrink, and in
// this order that fall favours neither), each timed on the GPU from its grid
// build (the ways build different grids: ownCells) to its last photon.

// firstTrial is the iteration of DepositAuto's first trial.
var firstTrial = 4

// trialOrder is a trial's iterations: 0 the current way, 1 the other.
var trialOrder = [...]int{0, 1, 1, 0}

// switchBelow: a trial changes the way only when the other takes less than
// this share of the current one's time a photon: one iteration's time moves
// by a few per cent. On the H200 a margin of 10 % kept cornell with philox
// on points, chosen at iteration 4, though inline was 12 % faster later on
// (6.63 against 7.39e8 photons/s); where points win they win by 1.6x.
const switchBelow = 0.95

// autoOnSoftware lets tests tune on a CPU rasteriser, whose timers say
// nothing: only the switching between the ways is tested there.
var autoOnSoftware = false

// depositTuner is DepositAuto's state.
type depositTuner struct {
	inline  *gpu.Program // the photon pass depositing inline (SPPM.photon stores hits for points)
	next    int          // the closed iterations at which the next trial starts
	left    int          // iterations of the running trial still to trace (0: none runs)
	ways    [2]Deposit   // the current way and the other
	ns      [2]time.Duration
	photons [2]int
	// Iterations counts the iterations traced each way (inline, points).
	Iterations [2]int
}

// resolveDeposit is the deposit the render builds for and the one it
// starts with: DepositAuto builds for points and starts inline, on a GPU,
// with the full photon pass and a gather that points take.
func (s *SPPM) resolveDeposit() (built, now Deposit) {
	d := s.Cfg.Deposit
	if d != DepositAuto {
		return d, d
	}
	if s.Cfg.Gather == GatherStochastic || s.Cfg.PhotonPass != PhotonPassFull || (s.ctx.Info.Software() && !autoOnSoftware) {
		return DepositInline, DepositInline
	}
	return DepositPoints, DepositInline
}

// buildTuner builds DepositAuto's inline photon pass (photon defines
// inlineDefs with the grid's gridDefs) where it tunes.
func (s *SPPM) buildTuner(inlineDefs, gridDefs map[string]string) error {
	if s.Cfg.Deposit != DepositAuto || s.built != DepositPoints {
		return nil
	}
	defs := maps.Clone(inlineDefs)
	maps.Copy(defs, gridDefs)
	p, err := s.photonRNG.Program("sppm_photon.comp", defs)
	if err != nil {
		return err
	}
	s.tuner = &depositTuner{inline: p}
	s.tuner.restart()
	return nil
}

// restart forgets every trial: a render started over tunes as a new one.
func (t *depositTuner) restart() { *t = depositTuner{inline: t.inline, next: firstTrial} }

// inlinePhoton is the photon pass that deposits inline.
func (s *SPPM) inlinePhoton() *gpu.Program {
	if s.tuner != nil {
		return s.tuner.inline
	}
	return s.photon
}

// open starts a trial where one is due, as an iteration opens. A profiled
// render (bench render --breakdown) times its passes itself and runs no
// trial: GL's timers do not nest.
func (t *depositTuner) open(s *SPPM) {
	if t != nil && t.left == 0 && s.Iterations >= t.next && !s.Profile {
		other := DepositPoints
		if s.deposit == DepositPoints {
			other = DepositInline
		}
		t.left, t.ways, t.ns, t.photons = len(trialOrder), [2]Deposit{s.deposit, other}, [2]time.Duration{}, [2]int{}
	}
}

// timed runs f, a part of the open iteration's work that depends on its
// way, timed for the running trial if any; photons are the photons f traces.
func (t *depositTuner) timed(s *SPPM, photons int, f func() error) error {
	if t == nil || t.left == 0 {
		return f()
	}
	k := trialOrder[len(trialOrder)-t.left]
	d, err := s.ctx.Time(f)
	t.ns[k] += d
	t.photons[k] += photons
	return err
}

// closed follows an iteration's end: the trial's next iteration takes its
// way, and after its last the faster a photon is kept.
func (t *depositTuner) closed(s *SPPM) {
	if s.deposit == DepositPoints {
		t.Iterations[1]++
	} else {
		t.Iterations[0]++
	}
	if t.left == 0 {
		return
	}
	t.left--
	if t.left > 0 {
		s.deposit = t.ways[trialOrder[len(trialOrder)-t.left]]
		return
	}
	s.deposit = t.ways[0]
	if perPhoton(t.ns[1], t.photons[1]) < switchBelow*perPhoton(t.ns[0], t.photons[0]) {
		s.deposit = t.ways[1]
	}
	t.next = 2 * s.Iterations
}

func perPhoton(d time.Duration, n int) float64 { return float64(d) / float64(max(n, 1)) }

// ownCells is 1 where the adaptive grid's next cells should hold every
// point in its own cell (grid_pick): DepositAuto's iterations by points.
// The photons walk no grid there; its large points would cost pool links
// and walked boxes (on the H200 points ran 2-5 % faster on caustics with
// fixed cells than with adaptive ones). An explicit --deposit points keeps
// the pick, to measure it.
func (s *SPPM) ownCells() uint32 {
	if s.tuner != nil && s.deposit == DepositPoints {
		return 1
	}
	return 0
}

// DepositNow is the way photons deposit now (DepositAuto's choice so far),
// and the iterations traced inline and by points since the render began
// (zero unless DepositAuto tunes).
func (s *SPPM) DepositNow() (now Deposit, inline, points int) {
	if s.tuner == nil {
		return s.deposit, 0, 0
	}
	return s.deposit, s.tuner.Iterations[0], s.tuner.Iterations[1]
}
