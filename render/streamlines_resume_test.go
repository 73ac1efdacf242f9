package render

import (
	"strings"
	"testing"

	"speckle/rng"
)

// quasiOnly is a quasi-random instance whose dump stream cannot seek.
type quasiOnly struct {
	rng.Instance
	rng.QuasiRandom
}

// quasiSeeking is a quasi-random instance with a stateless dump stream.
type quasiSeeking struct {
	rng.Instance
	rng.QuasiRandom
}

func (quasiSeeking) StridedDump() {}

// TestStreamlinesResumeByCapability: whether streamlines resume a
// generator between dispatches follows its capabilities (rng.QuasiRandom,
// rng.StridedDump), never its name: a quasi-random generator other than
// Sobol that seeks is taken, Sobol's own instance stripped of the seek is
// refused, and of the registered generators only quasi-random ones without
// a seek would be.
func TestStreamlinesResumeByCapability(t *testing.T) {
	sobol, err := rng.Sobol.New(rng.Config{Seed: 1, Streams: 4})
	if err != nil {
		t.Fatal(err)
	}
	other := &rng.Generator{Name: "another-quasi"}
	q := sobol.(rng.QuasiRandom)
	if err := checkResumable(other, quasiSeeking{sobol, q}); err != nil {
		t.Errorf("a seeking quasi-random generator not named sobol was refused: %v", err)
	}
	err = checkResumable(rng.Sobol, quasiOnly{sobol, q})
	if err == nil || !strings.Contains(err.Error(), "cannot resume") {
		t.Errorf("sobol without a seekable dump stream: got %v, want a refusal", err)
	}
	for _, g := range rng.All {
		inst, err := g.New(rng.Config{Seed: 1, Streams: 4})
		if err != nil {
			t.Fatal(err)
		}
		_, quasi := inst.(rng.QuasiRandom)
		_, seeks := inst.(rng.StridedDump)
		if err := checkResumable(g, inst); (err != nil) != (quasi && !seeks) {
			t.Errorf("%s (quasi %v, seeks %v): checkResumable says %v", g.Name, quasi, seeks, err)
		}
	}
}
