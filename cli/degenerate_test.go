package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"speckle/rng"
)

// Degenerate seeds are warned about on each use (one stderr line each, and
// a note in rng test's CSV and JSON), and refused with exit 2 where every
// stream would be constant (issue #22 item 3).
func TestDegenerateSeedsWarnedOrRefused(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "d.bin")
	for _, c := range []struct {
		gen, streams, want string
	}{
		{"lehmer:seed=2446816017", "64", "speckle rng dump: warning: lehmer seed=2446816017: degenerate stream 0 (1 of 64): constant: it starts at the fixed point 2446816017"},
		{"lehmer:lehmer-seeding=slm:seed=4008647215", "64", "lehmer slm seed=4008647215: degenerate stream 0 (1 of 64): constant"},
		{"ca:ca-preset=linear", "8", "ca linear seed=1: degenerate all 8 streams (8 of 8): the rule 0x9696 is affine (XOR of 3 distinct neighbours): on 64 cells its step L has L^64 = I, every stream repeats after at most 64 values"},
	} {
		r := speckle(t, nil, "rng", "dump", "--gen", c.gen, "--streams", c.streams, "--count", "4", "--device", "cpu", "--out", out)
		if r.code != 0 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want a warning %q", c.gen, r.code, r.stderr, c.want)
		}
	}
	for _, gen := range []string{"lehmer:seed=2446816017", "lehmer:lehmer-seeding=slm:seed=4008647215", "ca:ca-rule=0xFFFF"} {
		oneLineExit2(t, speckle(t, nil, "rng", "dump", "--gen", gen, "--streams", "1", "--device", "cpu", "--out", out), "every stream is constant")
	}
	csvPath, jsonPath := filepath.Join(dir, "t.csv"), filepath.Join(dir, "t.json")
	r := speckle(t, nil, "rng", "test", "--gens", "lehmer:seed=2446816017,philox", "--tests", "monobit", "--numbers", "2^16", "--streams", "64",
		"--samples", "8", "--csv", csvPath, "--json-file", jsonPath)
	if r.code != 0 || strings.Count(r.stderr, "warning") != 1 {
		t.Fatalf("rng test: exit %d, stderr %q", r.code, r.stderr)
	}
	csvText, _ := os.ReadFile(csvPath)
	jsonText, _ := os.ReadFile(jsonPath)
	if !strings.Contains(string(csvText), ",degenerate stream 0 (1 of 64): constant") || !strings.Contains(string(jsonText), `"note": "degenerate stream 0 (1 of 64): constant`) {
		t.Errorf("no note in the CSV or JSON:\n%s\n%s", csvText, jsonText)
	}
	// pairs read one stream in the streams' order (the default of pairs is the renderer's, where
	// slot 0 alone of 2^20 is constant: a warning)
	oneLineExit2(t, speckle(t, nil, "rng", "look", "--gens", "lehmer:seed=2446816017", "--view", "pairs", "--order", "stream", "--size", "16", "--out", filepath.Join(dir, "l.png")), "every stream is constant")
}

// A render warns about the degenerate streams of both its passes as it lays
// them out: photon slot 0 at Lehmer's fixed point, and the eye pass's pixel
// whose stream (from the seed XOR the eye's salt) starts there; the render
// goes on.
func TestRenderWarnsOfDegenerateStreams(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.png")
	r := speckle(t, nil, "render", "--scene", "plane", "--gen", "lehmer:seed=2446816017", "--photons", "64", "--photons-per-iteration", "64", "--size", "8x8", "--out", out)
	if r.code != 0 || !strings.Contains(r.stderr, "warning: lehmer seed=2446816017 (the photon pass, seed 2446816017): degenerate stream 0 (1 of 64): constant") {
		t.Errorf("render: exit %d, stderr %q", r.code, r.stderr)
	}
	// The eye pass's seed is 2446816017 - 5 XOR the salt: its pixel 5 starts at the fixed point.
	seed := fmt.Sprint(uint32(2446816017-5) ^ 0x5bd1e995)
	r = speckle(t, nil, "render", "--scene", "plane", "--gen", "lehmer:seed="+seed, "--photons", "64", "--photons-per-iteration", "64", "--size", "8x8", "--out", out)
	if r.code != 0 || !strings.Contains(r.stderr, "(the eye pass, seed 2446816012): degenerate stream 5 (1 of 64): constant") {
		t.Errorf("render, eye pass: exit %d, stderr %q", r.code, r.stderr)
	}
}

// A render warns where it reuses streams or draws past the period
// (render.Reuse): lehmer:seed=4294967295 makes photon stream 1 stream 0
// shifted by one draw, which no degeneracy names.
func TestRenderWarnsOfReusedStreams(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.png")
	r := speckle(t, nil, "render", "--scene", "plane", "--gen", "lehmer:seed=4294967295", "--photons", "64", "--photons-per-iteration", "64", "--size", "8x8", "--out", out)
	if r.code != 0 || !strings.Contains(r.stderr, "speckle render: warning: lehmer seed=4294967295: its photon and eye passes reuse streams: 0 pairs of equal streams, 1 streams that are another shifted by 1 to 3 draws") {
		t.Errorf("render: exit %d, stderr %q", r.code, r.stderr)
	}
}

// streamlines warns about degenerate streams and refuses constant ones as
// render does (issue 32 item 7: it said nothing).
func TestStreamlinesWarnsOfDegenerateStreams(t *testing.T) {
	out := filepath.Join(t.TempDir(), "s.png")
	r := speckle(t, nil, "streamlines", "--field", "gyre", "--gens", "lehmer:seed=2446816017", "--size", "16x8", "--out", out)
	if r.code != 0 || !strings.Contains(r.stderr, "speckle streamlines: warning: lehmer seed=2446816017: degenerate stream 0 (1 of 128): constant") {
		t.Errorf("streamlines: exit %d, stderr %q", r.code, r.stderr)
	}
	oneLineExit2(t, speckle(t, nil, "streamlines", "--field", "gyre", "--gens", "ca:ca-rule=0x8000", "--size", "16x8", "--out", out), "every stream is constant")
}

// capture warns as render does, over every replicate, once the device has
// fixed its counts: lehmer:seed=4294967295's stream 1 is its stream 0
// shifted by one draw; its second replicate (seed 2^26 - 1) adds nothing.
func TestCaptureWarnsOfReusedStreams(t *testing.T) {
	out := filepath.Join(t.TempDir(), "c")
	r := speckle(t, nil, "capture", "--scene", "plane", "--gens", "lehmer:seed=4294967295", "--seeds", "2", "--at", "128", "--photons-per-iteration", "64", "--size", "8x8", "--out", out)
	if r.code != 0 || !strings.Contains(r.stderr, "speckle capture: warning: lehmer seed=4294967295: the photon and eye passes of 2 seeds reuse streams: 0 pairs of equal streams, 1 streams that are another shifted by 1 to 7 draws") {
		t.Errorf("capture: exit %d, stderr %q", r.code, r.stderr)
	}
}

// A render's warnings come from its passes as the device lays them out
// (issue 33 item 3: the command assumed 2^20 photons an iteration, and
// named streams a render never draws): 1,000 photons draw 1,000 streams
// whatever the device, so stream 5,000 at Lehmer's fixed point, or the
// streams past 2^32 that the modulus 2^32 - 5 makes equal, are warned of
// exactly where an iteration draws them.
func TestRenderWarnsOfTheStreamsItDraws(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.png")
	for _, c := range []struct {
		seed, photons, perIteration, want string // want "": no warning
	}{
		{"2446811017", "1000", "", ""},
		{"2446811017", "5001", "5001", "speckle render: warning: lehmer seed=2446811017 (the photon pass, seed 2446811017): degenerate stream 5000 (1 of 5001): constant"},
		{"4294966296", "512", "", ""},
		{"4294966296", "1008", "1008", "speckle render: warning: lehmer seed=4294966296: its photon and eye passes reuse streams: 5 pairs of equal streams"},
	} {
		args := []string{"render", "--scene", "plane", "--gen", "lehmer:seed=" + c.seed, "--photons", c.photons, "--size", "8x8", "--out", out}
		if c.perIteration != "" {
			args = append(args, "--photons-per-iteration", c.perIteration)
		}
		r := speckle(t, nil, args...)
		if r.code != 0 || c.want == "" && strings.Contains(r.stderr, "warning") || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want %q", strings.Join(args[1:], " "), r.code, r.stderr, c.want)
		}
	}
}

// TestTestWarnsPastThePeriod: rng test says where its numbers pass a
// generator's period (a one-word hash's 2^32 inputs; paper keying's 2^32
// counters times the output words), and only there.
func TestTestWarnsPastThePeriod(t *testing.T) {
	specs, err := rng.ParseSpecs("city:hash-key=paper,pcg4d:hash-key=paper,pcg4d:hash-key=native,philox")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		numbers int64
		warned  []bool
	}{
		{1 << 31, []bool{false, false, false, false}},
		{1 << 33, []bool{true, false, false, false}},
		{1 << 36, []bool{true, true, false, false}},
	} {
		var stderr bytes.Buffer
		cmd := &cobra.Command{Use: "test"}
		cmd.SetErr(&stderr)
		notes := make([]string, len(specs))
		notes[0] = "an earlier note"
		if err := pastPeriod(cmd, specs, 128, 1, c.numbers, notes); err != nil {
			t.Fatal(err)
		}
		for i, sp := range specs {
			got := strings.Contains(notes[i], "measure the period")
			if got != c.warned[i] || got != strings.Contains(stderr.String(), sp.Label()+": ") {
				t.Errorf("%d numbers, %s: warned %v (note %q, stderr %q), want %v", c.numbers, sp.Label(), got, notes[i], stderr.String(), c.warned[i])
			}
		}
		if !strings.HasPrefix(notes[0], "an earlier note") {
			t.Errorf("the earlier note was lost: %q", notes[0])
		}
	}
}

// TestTestWarnsWhereStreamsOverlap: at 2^32 numbers from 128 streams a
// one-word hash keyed by counts has not drawn past its 2^32 inputs, but
// its Weyl-spaced streams (as close as 2.2e7 counts apart) draw 3.4e7
// each: some draw another's values, and rng test says so (study.Overlap);
// a hash of four output words a count, and philox, are not warned.
func TestTestWarnsWhereStreamsOverlap(t *testing.T) {
	specs, err := rng.ParseSpecs("city:hash-key=paper,pcg4d:hash-key=paper,philox")
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd := &cobra.Command{Use: "test"}
	cmd.SetErr(&stderr)
	notes := make([]string, len(specs))
	if err := pastPeriod(cmd, specs, 128, 1, 1<<32, notes); err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{true, false, false} {
		got := strings.Contains(notes[i], "its streams overlap") && strings.Contains(notes[i], "measure the overlap")
		if got != want || strings.Contains(notes[i], "measure the period") {
			t.Errorf("%s at 2^32 numbers: note %q, want an overlap warning: %v", specs[i].Label(), notes[i], want)
		}
	}
	if !strings.Contains(stderr.String(), "warning: city") {
		t.Errorf("stderr %q: no warning for city", stderr.String())
	}
}
