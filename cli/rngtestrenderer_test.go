package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The renderer order at the renderer's real 2^20 photons an iteration
// (16 of its slots read): rand48's leapfrog over the photons fails, in the
// battery and at lag 2 (a photon's light position against its emission
// direction); philox passes every test and lag. The
// lags isolated: every lag of rand48 fails, lag 4 the most and lag 2 (a
// photon's position against its emission direction) far more than lag 3.
func TestRngTestRendererOrderFailsRand48PassesPhilox(t *testing.T) {
	jsonPath, csvPath := filepath.Join(t.TempDir(), "r.json"), filepath.Join(t.TempDir(), "r.csv")
	r := speckle(t, nil, "rng", "test", "--order", "renderer", "--scene", "cornell", "--gens", "rand48,philox",
		"--photons-per-iteration", "2^20", "--numbers", "2^20", "--streams", "16", "--samples", "16",
		"--tests", "pairs,triples,gap,rank", "--lags", "4", "--json-file", jsonPath, "--csv", csvPath)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if c, err := os.ReadFile(csvPath); err != nil || strings.Count(string(c), ",16,16,1,cornell,photon,960,540,1048576\n") != 8 {
		t.Errorf("the CSV rows do not carry the pass: %v\n%s", err, c)
	}
	var rep struct {
		Layout  string
		Results []struct{ Generator, Test, Order, Verdict string }
		Lags    []struct {
			Generator string
			Lag       int
			Z         float64
			Verdict   string
		}
	}
	if b, err := os.ReadFile(jsonPath); err != nil || json.Unmarshal(b, &rep) != nil || len(rep.Results) != 8 || len(rep.Lags) != 8 {
		t.Fatalf("JSON: %v\n%s", err, b)
	}
	failed := 0
	for _, res := range rep.Results {
		if res.Order != "renderer" {
			t.Errorf("%s %s: order %q", res.Generator, res.Test, res.Order)
		}
		switch {
		case res.Generator == "philox" && res.Verdict != "PASS":
			t.Errorf("philox %s in the renderer order: %s", res.Test, res.Verdict)
		case res.Generator == "rand48" && res.Verdict == "FAIL":
			failed++
		}
	}
	if failed < 3 {
		t.Errorf("rand48 failed %d of 4 tests in the renderer order:\n%s", failed, r.stdout)
	}
	z := map[int]float64{}
	for _, l := range rep.Lags {
		want := "PASS"
		if l.Generator == "rand48" {
			want, z[l.Lag] = "FAIL", l.Z
		}
		if l.Verdict != want {
			t.Errorf("%s lag %d: %s, want %s", l.Generator, l.Lag, l.Verdict, want)
		}
	}
	if z[4] < max(z[1], z[3]) || z[2] < 5*z[3] {
		t.Errorf("rand48's even lags are not the most correlated: z %v", z)
	}
}

// The renderer order's flags are refused without it, and its bad values
// are refused before any GPU work.
func TestRngTestRendererOrderRefusals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--lags", "3"}, "--lags is a flag of the renderer order"},
		{[]string{"--order", "sideways"}, "--order must be both or renderer"},
		{[]string{"--order", "renderer", "--pass", "light"}, "the pass must be photon or eye"},
		{[]string{"--order", "renderer", "--scene", "/nonexistent/s.json"}, "s.json"},
		{[]string{"--order", "renderer", "--photons-per-iteration", "8", "--streams", "16"}, "the photon pass has only 8 slots"},
		{[]string{"--order", "renderer", "--pass", "eye", "--size", "4x2", "--streams", "16"}, "the eye pass has only 8 slots"},
		{[]string{"--order", "renderer", "--lags", "65"}, "--lags"},
	} {
		r := speckle(t, nil, append([]string{"rng", "test"}, tc.args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%q: exit %d, %q (want %q)", tc.args, r.code, r.stderr, tc.want)
		}
	}
}

// The command as typed, photons an iteration left to the device (a
// regression: auto was checked as a pass of no slots and refused): rand48
// fails in the renderer order, philox passes.
func TestRngTestRendererOrderAutoPhotons(t *testing.T) {
	r := speckle(t, nil, "rng", "test", "--order", "renderer", "--scene", "cornell", "--gens", "rand48,philox",
		"--numbers", "2^20", "--streams", "16", "--samples", "16", "--tests", "pairs,gap")
	if r.code != 0 || !strings.Contains(r.stdout, "photons an iteration") {
		t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	for _, test := range []string{"pairs", "gap"} {
		if !regexp.MustCompile(`(?m)^` + test + `\s+renderer\s+FAIL\s+PASS$`).MatchString(r.stdout) {
			t.Errorf("%s: not rand48 FAIL, philox PASS in:\n%s", test, r.stdout)
		}
	}
}
