package render

import (
	"fmt"
	"testing"

	"speckle/gpu"
	"speckle/rng"
)

// The cut-down photon passes of bench render --breakdown trace the same
// photon paths as the whole pass (the gather draws no random numbers):
// the same bounces; the walk adds the visible points it would have added to,
// so it counts more.
func TestPhotonPassPartsTraceTheSamePaths(t *testing.T) {
	onGL(t, func(c *gpu.Context) error {
		scene := builtin(t, "cornell")
		var bounces [3]int64
		for i, part := range []PhotonPassPart{PhotonPassFull, PhotonPassTrace, PhotonPassWalk} {
			cfg := SPPMConfig{Width: 48, Height: 27, Photons: 4096, Alpha: 0.7, Seed: 3, Generator: rng.Philox, PhotonPass: part}
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
		if bounces[0] != bounces[1] || bounces[2] <= bounces[1] {
			return fmt.Errorf("bounces full %d, trace %d, walk %d", bounces[0], bounces[1], bounces[2])
		}
		return nil
	})
}
