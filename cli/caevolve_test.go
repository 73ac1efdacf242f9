package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A tiny ca evolve run writes every file of its set: the tables (a row per
// generation; the paper's configuration and the linear preset with their
// rank), the plot in both formats, each snapshot's images and the montage.
// (The GA's determinism is TestGADeterministicAndClimbs.)
func TestCAEvolveWritesItsSet(t *testing.T) {
	out := filepath.Join(t.TempDir(), "ev")
	r := speckle(t, nil, "ca", "evolve", "--population", "4", "--generations", "2", "--snapshots", "1", "--numbers", "2048",
		"--streams", "2", "--tests", "monobit,bytes", "--scene", "plane", "--size", "32x24", "--photons", "2e3", "--photons-high", "4e3", "--out", out)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, "generation 2/2: best") || !strings.Contains(r.stdout, "paper 56,2,21,49:0x99A5: fitness") {
		t.Errorf("stdout does not report the generations and the paper's standing:\n%s", r.stdout)
	}
	for _, f := range []string{"generations.csv", "standings.csv", "fitness.png", "fitness.svg", "montage.png",
		"best-g01-2e3.png", "best-g01-4e3.png", "best-g02-2e3.png", "best-g02-4e3.png", "paper-2e3.png", "paper-4e3.png"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	gens, _ := os.ReadFile(filepath.Join(out, "generations.csv"))
	if lines := strings.Split(strings.TrimSpace(string(gens)), "\n"); len(lines) != 3 || lines[0] != "generation,best,mean,worst,e,rho,genome" {
		t.Errorf("generations.csv:\n%s", gens)
	}
	stand, _ := os.ReadFile(filepath.Join(out, "standings.csv"))
	if !strings.Contains(string(stand), "\npaper,\"56,2,21,49:0x99A5\",") || !strings.Contains(string(stand), "\nlinear,\"56,2,21,49:0x9696\",") {
		t.Errorf("standings.csv:\n%s", stand)
	}
}

// Bad ca evolve flags: exit 2 and one line, before any GPU work.
func TestCAEvolveBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--population", "1"}, "--population must be 2..1048576"},
		{[]string{"--elite", "24"}, "--elite must be 0..23"},
		{[]string{"--mutation", "1.5"}, "--mutation"},
		{[]string{"--entropy-bits", "3"}, "n must be 1, 2, 4, 8 or 16"},
		{[]string{"--w0", "0", "--w1", "0"}, "--w0 and --w1"},
		{[]string{"--tests", "dice"}, `unknown test "dice"`},
		{[]string{"--numbers", "1000", "--streams", "3"}, "--numbers 1000 does not split into 3 streams"},
		{[]string{"--numbers", "1024", "--streams", "4"}, "shorter than a group of birthdays"},
		{[]string{"--ca-rule", "0x99A5"}, "--ca-rule does not apply to ca evolve"},
		{[]string{"--lux", "3"}, "--lux"},
		{[]string{"--photons", "0"}, "photon"},
		// Issue 21 item 15: snapshots outside the run were dropped, exit 0.
		{[]string{"--snapshots", "-1"}, "--snapshots must be generations 1..12"},
		{[]string{"--generations", "3", "--snapshots", "1,4"}, "--snapshots must be generations 1..3, the --generations run (got 4)"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			r := speckle(t, nil, append([]string{"ca", "evolve", "--out", filepath.Join(t.TempDir(), "x")}, c.args...)...)
			if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
				t.Errorf("exit %d, stderr %q, stdout %q; want 2 and one line saying %q", r.code, r.stderr, r.stdout, c.want)
			}
		})
	}
}
