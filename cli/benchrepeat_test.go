package cli

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// bench render --repeat 3 runs the bench in three fresh processes and
// reports each case's figure from each: three positive photons/s per case,
// and a table of min, median, max and max/min.
func TestBenchRenderRepeatInFreshProcesses(t *testing.T) {
	args := []string{"bench", "render", "--scenes", "plane", "--gens", "philox,pcg32", "--size", "16x16",
		"--photons-per-iteration", "1024", "--iterations", "1", "--repeat", "3"}
	r := speckle(t, nil, append(args, "--json")...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var rep struct {
		Runs  int
		Cases []struct {
			Scene, Generator string
			PhotonsPerS      []float64 `json:"photons_per_s"`
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || rep.Runs != 3 || len(rep.Cases) != 2 {
		t.Fatalf("report %v: %s", err, r.stdout)
	}
	for _, c := range rep.Cases {
		if len(c.PhotonsPerS) != 3 || slices.Min(c.PhotonsPerS) <= 0 {
			t.Errorf("%s %s: %v", c.Scene, c.Generator, c.PhotonsPerS)
		}
	}
	if strings.Count(r.stderr, "bench render: process") != 3 {
		t.Errorf("stderr %q", r.stderr)
	}
	r = speckle(t, nil, args...)
	if r.code != 0 || !strings.Contains(r.stdout, "max/min") || !strings.Contains(r.stdout, "over 3 fresh processes") {
		t.Errorf("table: exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	oneLineExit2(t, speckle(t, nil, "bench", "render", "--repeat", "0"), "--repeat")
}

func TestWithoutRepeat(t *testing.T) {
	got := strings.Join(withoutRepeat([]string{"bench", "render", "--repeat", "5", "--json", "--repeat=2", "--gens", "philox"}), " ")
	if got != "bench render --gens philox --json" {
		t.Errorf("withoutRepeat: %q", got)
	}
}
