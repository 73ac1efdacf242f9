package render

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/rng"
	"speckle/scenes"
	"speckle/shaders"
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
		{"ca-steps", SPPMConfig{RNG: rng.Spec{Gen: rng.CA, Options: map[string]string{"ca-steps": "4096"}}}, "a photon of up to 16 bounces may need"},
		{"bounces", SPPMConfig{RNG: rng.Spec{Gen: rng.PCG32}, MaxBounces: 3000}, "a photon of up to 3000 bounces may need"},
		{"depth", SPPMConfig{RNG: rng.Spec{Gen: rng.PCG32}, MaxDepth: 5000}, "an eye path of up to 5000 specular bounces may need"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.cfg
			cfg.Width, cfg.Height, cfg.Photons, cfg.Alpha, cfg.RNG.Seed = 8, 8, 64, 0.7, 1
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
// to go on until Reset. The deferred gather's kernel, sorted, combined or
// not, counts the walk as the photon pass does and refuses alike.
func TestSPPMRefusesAPhotonPastTheLoopBudget(t *testing.T) {
	scene := builtin(t, "cornell")
	for _, deposit := range []Deposit{DepositInline, DepositDeferred, DepositSorted, DepositCombined} {
		t.Run(deposit.String(), func(t *testing.T) { refusesAPhotonPastTheLoopBudget(t, scene, deposit) })
	}
}

func refusesAPhotonPastTheLoopBudget(t *testing.T, scene *scenes.Scene, deposit Deposit) {
	cfg := SPPMConfig{Width: 256, Height: 256, Photons: 64, Alpha: 0.7, Radius: 3.8, RNG: rng.Spec{Gen: rng.PCG32, Seed: 1}, Deposit: deposit}
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
		if _, err := s.Radiance(); err == nil || err.Error() != refused.Error() {
			t.Errorf("Radiance after the refusal: %v", err)
		}
		px, err := s.image.ReadFloats()
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

// The loop guard costs no read-back per iteration (on a fast GPU each one
// stalls the pipeline for about an iteration's time): Iterate and IterateTo
// read the flag back once, at their end.
func TestSPPMIteratesWithoutAReadBackPerIteration(t *testing.T) {
	scene := builtin(t, "cornell")
	cfg := SPPMConfig{Width: 16, Height: 16, Photons: 256, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 1}}
	onGL(t, func(c *gpu.Context) error {
		s, err := NewSPPM(c, scene, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		if err := s.Iterate(1); err != nil { // builds the programs
			return err
		}
		before := gltest.ReadBacks()
		if err := s.Iterate(6); err != nil {
			return err
		}
		if err := s.IterateTo(s.Emitted+6*int64(cfg.Photons)-100, 6); err != nil {
			return err
		}
		if n := gltest.ReadBacks() - before; n > 2 {
			t.Errorf("12 iterations in two calls read back %d times", n)
		}
		return nil
	})
}

// Once a photon group has reported a run past the budget, the update kernel
// folds nothing more, with no read-back in between: the image stays that of
// the iterations before, which Iterations and Emitted go back to, and every
// read-back says why.
func TestSPPMFoldsNothingAfterALoopFailure(t *testing.T) {
	scene := builtin(t, "cornell")
	cfg := SPPMConfig{Width: 16, Height: 16, Photons: 256, Alpha: 0.7, RNG: rng.Spec{Gen: rng.PCG32, Seed: 1}}
	onGL(t, func(c *gpu.Context) error {
		s, err := NewSPPM(c, scene, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		if err := s.Iterate(2); err != nil {
			return err
		}
		want, err := s.Radiance()
		if err != nil {
			return err
		}
		// What sppm_photon.comp's loop_check writes for a group past the budget.
		s.counters.Write(shaders.SPPMCounterPhotonLoop, []uint32{shaders.LoopBudget + 1})
		for k := 0; k < 2*cfg.Photons; k += 100 {
			if _, err := s.Trace(100); err != nil {
				t.Logf("Trace: %v", err) // a check here is allowed, not needed
				break
			}
		}
		failed := s.Iterate(2)
		if failed == nil || !strings.Contains(failed.Error(), "a group of photons traced together may have needed") {
			return fmt.Errorf("Iterate after the failure: %v", failed)
		}
		if s.Iterations != 2 || s.Emitted != 2*int64(cfg.Photons) {
			t.Errorf("after the failure: %d iterations, %d photons; the image holds 2 and %d", s.Iterations, s.Emitted, 2*cfg.Photons)
		}
		got, err := s.image.ReadFloats()
		if err != nil {
			return err
		}
		for i := range want {
			if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
				return fmt.Errorf("radiance[%d] = %g, was %g: an iteration after the failure was folded in", i, got[i], want[i])
			}
		}
		if _, err := s.Radiance(); err == nil || err.Error() != failed.Error() {
			t.Errorf("Radiance after the failure: %v", err)
		}
		if _, err := s.Trace(10); err == nil || err.Error() != failed.Error() {
			t.Errorf("Trace after the failure: %v", err)
		}
		return nil
	})
}
