package look

import (
	"strings"
	"testing"

	"speckle/rng"
	"speckle/study"
)

// rng look's pictures and montage are bounded before any work (issue 21 item 14): 1,000
// generators at --size 2048 asked for 32 GiB and ended in Go's out-of-memory trace.
func TestLookRefusesPicturesPastMemory(t *testing.T) {
	specs := make([]rng.Spec, 1000)
	for i := range specs {
		specs[i] = rng.Spec{Gen: rng.Philox, Seed: uint32(i), HasSeed: true}
	}
	l := Look{Specs: specs, Seed: 1, View: ViewPairs, Size: 2048, Points: 1000, Zoom: [3]float64{0, 0, 1}}
	err := l.Check()
	if _, ok := err.(study.InputError); !ok || !strings.Contains(err.Error(), "1000 pictures of 2048x2048 and their montage need 32000 MiB: at most 2048 MiB") {
		t.Fatalf("1,000 pictures of 2048^2: %v, want refused with the figure", err)
	}
	l.Specs, l.Size = specs[:4], 2048 // a usual look still passes
	if err := l.Check(); err != nil {
		t.Errorf("4 pictures of 2048^2: %v", err)
	}
}
