package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"speckle/imageio"
)

// pngText is the text chunks of the PNG at path.
func pngText(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	text, err := imageio.ReadPNGText(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return text
}

// Issue 32, item 8: every set's manifest and every PNG record where they
// came from: the command line, the version, the device and driver, the seeds
// and the date. Written by capture, lesson, rng look and rng test.
func TestProvenanceRecorded(t *testing.T) {
	dir := t.TempDir()
	runs := []struct {
		args  []string
		pngs  []string
		seeds string
	}{
		{[]string{"capture", "--scene", "caustics", "--size", "80x45", "--gens", "philox:seed=7,lehmer", "--at", "1e3", "--seed", "5", "--out", "set dir"},
			[]string{"set dir/philox-seed7-1e3.png", "set dir/lehmer-1e3.png", "set dir/montage.png", "set dir/convergence.png"}, "--gens philox:seed=7,lehmer --seed 5 --seeds auto"},
		{[]string{"lesson", "philox-control", "--size", "80x45", "--time-limit", "1", "--photons-per-iteration", "4096", "--out", "l.png"}, []string{"l.png"}, "the lesson's: seed 1 for philox"},
		{[]string{"rng", "look", "--gens", "philox:seed=3", "--view", "pairs", "--size", "16", "--out", "look.png"}, []string{"look.png"}, "philox:seed=3"},
		{[]string{"rng", "test", "--gens", "philox", "--tests", "monobit", "--numbers", "2^16", "--streams", "64", "--samples", "8", "--seed", "9", "--out", "grid.png"}, []string{"grid.png"}, "--seed 9"},
	}
	for _, run := range runs {
		start := time.Now().UTC().Truncate(time.Second)
		r := speckleAt(t, dir, nil, 2*time.Minute, nil, run.args...)
		if r.code != 0 {
			t.Errorf("%v: exit %d, %s", run.args, r.code, r.stderr)
			continue
		}
		command := imageio.ShellQuote(append([]string{"speckle"}, run.args...))
		for _, p := range run.pngs {
			text := pngText(t, filepath.Join(dir, p))
			if text["speckle:command"] != command {
				t.Errorf("%s: command %q, want %q", p, text["speckle:command"], command)
			}
			if v := text["speckle:version"]; v == "" || text["Software"] != "speckle "+v || v != version() {
				t.Errorf("%s: version %q, Software %q", p, v, text["Software"])
			}
			if text["speckle:device"] == "" || text["speckle:device"] == imageio.NoDevice || text["speckle:driver"] == "" || text["speckle:vendor"] == "" {
				t.Errorf("%s: device %q, driver %q, vendor %q: want the GL context's", p, text["speckle:device"], text["speckle:driver"], text["speckle:vendor"])
			}
			if !strings.Contains(text["speckle:seeds"], run.seeds) || text["speckle:seeds"] == "" {
				t.Errorf("%s: seeds %q, want %q in them", p, text["speckle:seeds"], run.seeds)
			}
			if when, err := time.Parse(time.RFC3339, text["Creation Time"]); err != nil || when.Before(start) || when.After(time.Now()) {
				t.Errorf("%s: Creation Time %q (%v), want the run's start", p, text["Creation Time"], err)
			}
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "set dir", imageio.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Provenance *imageio.Provenance `json:"provenance"`
	}
	if err := json.Unmarshal(data, &m); err != nil || m.Provenance == nil {
		t.Fatalf("manifest %s: %v; want a provenance", data, err)
	}
	p := m.Provenance
	if want := "1e10 photons, "; !strings.HasPrefix(p.Reference, want) || !strings.Contains(p.Reference, "caustics-640x360.pfm") {
		t.Errorf("manifest provenance reference %q, want %q and the file", p.Reference, want)
	}
	if text := pngText(t, filepath.Join(dir, "l.png")); !strings.HasPrefix(text["speckle:reference"], "1e10 photons, ") {
		t.Errorf("lesson figure's reference %q", text["speckle:reference"])
	}
	if !strings.HasSuffix(p.Command, "--out 'set dir'") {
		t.Errorf("manifest command %q: want the folder quoted as a shell reads it back", p.Command)
	}
	if p.Command != imageio.ShellQuote(append([]string{"speckle"}, runs[0].args...)) || p.Version != version() || p.Device == imageio.NoDevice || p.Driver == "" ||
		!strings.Contains(p.Seeds, runs[0].seeds) || p.Date == "" {
		t.Errorf("manifest provenance %+v", *p)
	}
}
