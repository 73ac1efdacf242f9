package render

import (
	"fmt"
	"strings"
	"testing"

	"speckle/render/gpu"
	"speckle/rng"
)

// Settings whose photons or eye paths may need more loop passes than one
// invocation is trusted with are refused before anything is traced, in one
// line: a generator option that makes each number cost 4,097 passes, and
// paths so long that even an empty scene's loops add up.
func TestSPPMRefusesSettingsPastTheLoopBudget(t *testing.T) {
	scene := builtin(t, "cornell")
	for _, c := range []struct {
		name string
		cfg  SPPMConfig
		want string
	}{
		{"ca-steps", SPPMConfig{Generator: rng.CA, Options: map[string]string{"ca-steps": "4096"}}, "a photon of up to 16 bounces may need"},
		{"bounces", SPPMConfig{Generator: rng.PCG32, MaxBounces: 1000}, "a photon of up to 1000 bounces may need"},
		{"depth", SPPMConfig{Generator: rng.PCG32, MaxDepth: 5000}, "an eye path of up to 5000 specular bounces may need"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.cfg
			cfg.Width, cfg.Height, cfg.Photons, cfg.Alpha, cfg.Seed = 8, 8, 64, 0.7, 1
			onGL(t, func(ctx *gpu.Context) error {
				s, err := NewSPPM(ctx, scene, cfg)
				if err == nil {
					s.Close()
					return fmt.Errorf("accepted") // no t.Fatal on the GL thread
				}
				msg := err.Error()
				if !strings.Contains(msg, c.want) || !strings.Contains(msg, "loop passes") || strings.Contains(msg, "\n") {
					t.Errorf("error %q, want one line with %q", msg, c.want)
				}
				return nil
			})
		})
	}
}

// A photon whose gather walks more visible points than the budget allows
// (a radius that puts all 65,536 pixels' points in one grid cell) ends the
// render with an error instead of adding what llvmpipe's cut loop left: the
// iteration is not folded in, the image stays black, and the render refuses
// to go on until Reset.
func TestSPPMRefusesAPhotonPastTheLoopBudget(t *testing.T) {
	scene := builtin(t, "cornell")
	cfg := SPPMConfig{Width: 256, Height: 256, Photons: 64, Alpha: 0.7, Radius: 3.8, Generator: rng.PCG32, Seed: 1}
	onGL(t, func(c *gpu.Context) error {
		s, err := NewSPPM(c, scene, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		refused := s.Iterate(1)
		if refused == nil || !strings.Contains(refused.Error(), "a group of photons traced together may have needed") || !strings.Contains(refused.Error(), "loop passes") {
			return fmt.Errorf("Iterate: %v, want the loop budget's error", refused)
		}
		if s.Iterations != 0 || s.Emitted != 0 {
			t.Errorf("the refused iteration counted: %d iterations, %d emitted", s.Iterations, s.Emitted)
		}
		px, err := s.Radiance()
		if err != nil {
			return err
		}
		for i, v := range px {
			if v != 0 && i%4 != 3 {
				return fmt.Errorf("radiance[%d] = %g: the refused iteration reached the image", i, v)
			}
		}
		if _, again := s.Trace(10); again == nil || again.Error() != refused.Error() {
			t.Errorf("Trace after the refusal: %v", again)
		}
		t.Log(refused)
		return nil
	})
}
