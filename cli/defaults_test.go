package cli

import (
	"encoding/csv"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/study/look"
)

// Every view of rng look runs with its defaults (its generators and its
// --points; only the pictures are small): the spectrum's default --points
// was once refused by its own check (issue #22 item 4).
func TestLookEveryViewRunsWithItsDefaults(t *testing.T) {
	dir := t.TempDir()
	for _, v := range look.ViewNames() {
		t.Run(v, func(t *testing.T) {
			r := speckle(t, nil, "rng", "look", "--view", v, "--size", "16", "--out", filepath.Join(dir, v+".png"))
			if r.code != 0 {
				t.Errorf("rng look --view %s: exit %d, stderr %q", v, r.code, r.stderr)
			}
		})
	}
}

// Every CSV every command writes parses with encoding/csv, each record with
// as many fields as the header: ca evolve once wrote its genomes
// "56,2,21,49:0x99A5" unquoted (10 fields under 7 headers; issue #22 item 4).
func TestEveryCSVParses(t *testing.T) {
	dir := t.TempDir()
	runs := [][]string{
		{"rng", "test", "--gens", "philox", "--tests", "monobit", "--numbers", "2^16", "--streams", "64", "--samples", "8", "--csv", filepath.Join(dir, "test.csv")},
		{"rng", "look", "--gens", "philox", "--view", "spectrum", "--points", "256", "--size", "16", "--out", filepath.Join(dir, "s.png"), "--csv", filepath.Join(dir, "radial.csv")},
		{"capture", "--scene", "plane", "--gens", "philox", "--at", "1000", "--size", "8x8", "--out", filepath.Join(dir, "capture")},
		{"streamlines", "--gens", "lehmer,philox", "--size", "16x16", "--out", filepath.Join(dir, "lines")},
		{"ca", "evolve", "--population", "4", "--generations", "2", "--snapshots", "1", "--numbers", "2048", "--streams", "2", "--tests", "monobit,bytes",
			"--scene", "plane", "--size", "16x12", "--photons", "1e3", "--photons-high", "2e3", "--out", filepath.Join(dir, "evolve")},
	}
	for _, args := range runs {
		if r := speckle(t, nil, args...); r.code != 0 {
			t.Fatalf("%s: exit %d, stderr %q", strings.Join(args, " "), r.code, r.stderr)
		}
	}
	want := map[string]bool{"test.csv": false, "radial.csv": false, "convergence.csv": false, "stats.csv": false, "generations.csv": false, "standings.csv": false}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || filepath.Ext(path) != ".csv" {
			return err
		}
		want[filepath.Base(path)] = true
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rows, err := csv.NewReader(f).ReadAll() // FieldsPerRecord 0: every record as long as the header
		if err != nil || len(rows) < 2 {
			t.Errorf("%s: %d records, %v", path, len(rows), err)
		}
		return nil
	})
	for name, seen := range want {
		if !seen {
			t.Errorf("no %s was written", name)
		}
	}
}
