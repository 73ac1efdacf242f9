package render

import (
	"fmt"
	"math"
	"testing"

	"speckle/gpu"
	"speckle/rng"
)

// The cut-down photon passes of bench render --breakdown trace the same
// photon paths as the whole pass (the gather draws no random numbers):
// the same bounces, deposited inline or by any deferred deposit (whose
// kernels the breakdown times whole); the walk adds the visible points it would have added to, so it
// counts more, and the same with either gather (they find the same points).
func TestPhotonPassPartsTraceTheSamePaths(t *testing.T) {
	onGL(t, func(c *gpu.Context) error {
		scene := builtin(t, "cornell")
		walks := map[GridGather]int64{}
		for _, gather := range []GridGather{GatherCells, GatherPBRT} {
			deferred := []Deposit{DepositDeferred, DepositSorted, DepositCombined, DepositPoints}
			var bounces [3 + 4]int64
			for i, part := range []PhotonPassPart{PhotonPassFull, PhotonPassTrace, PhotonPassWalk, PhotonPassFull, PhotonPassFull, PhotonPassFull, PhotonPassFull} {
				cfg := SPPMConfig{Width: 48, Height: 27, Photons: 4096, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 3}, PhotonPass: part, Gather: gather}
				if i >= 3 {
					cfg.Deposit = deferred[i-3]
				}
				s, err := NewSPPM(c, scene, cfg)
				if err != nil {
					return err
				}
				err = s.Iterate(2)
				bounces[i] = s.Bounces()
				s.Close()
				if err != nil {
					return err
				}
			}
			// On llvmpipe the trace-only kernel traces the very paths. On the
			// H200 it traced others for a few photons (16,429 bounces against
			// 16,434), as the dropped deferred-only kernel gave other bytes:
			// built without the walk, its tracing likely compiles to other
			// float code. Its timing is the breakdown's, not an image.
			near := !c.Info.Software() && math.Abs(float64(bounces[1]-bounces[0])) <= 1e-3*float64(bounces[0])
			if (bounces[0] != bounces[1] && !near) || bounces[2] <= bounces[1] {
				return fmt.Errorf("%s gather: bounces full %d, trace %d, walk %d", gather, bounces[0], bounces[1], bounces[2])
			}
			for i, d := range deferred {
				if bounces[3+i] != bounces[0] {
					return fmt.Errorf("%s gather: %s counts %d bounces, inline %d", gather, d, bounces[3+i], bounces[0])
				}
			}
			walks[gather] = bounces[2]
		}
		if walks[GatherCells] != walks[GatherPBRT] {
			return fmt.Errorf("the walk counts %d bounces and points with the cells gather, %d with pbrt's", walks[GatherCells], walks[GatherPBRT])
		}
		return nil
	})
}
