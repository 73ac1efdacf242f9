package rng

import (
	"errors"
	"testing"
)

// Spec.Check refuses what New refuses, the generator's CheckConfig
// included, and makes no instance: a run makes each instance it draws
// from once (issue 33 item 3).
func TestSpecCheckMakesNoInstance(t *testing.T) {
	made := 0
	g := *Ranlux
	g.Configure = func(c Config) (Instance, error) { made++; return Ranlux.Configure(c) }
	g.CheckConfig = func(c Config) error {
		if c.Options["lux"] == "0" {
			return errors.New("lux 0 refused")
		}
		return nil
	}
	for _, lux := range []string{"3", "0", "9"} {
		sp := Spec{Gen: &g, Options: map[string]string{"lux": lux}}
		errCheck := sp.Check()
		_, errNew := sp.New(1, 1)
		if (errCheck == nil) != (errNew == nil) || errCheck != nil && errCheck.Error() != errNew.Error() || (errCheck == nil) != (lux == "3") {
			t.Errorf("lux %s: Check %v, New %v", lux, errCheck, errNew)
		}
	}
	if made != 1 {
		t.Errorf("%d instances; want New's one", made)
	}
}
