package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Hostile cases of issue 34's classes beyond its numbered ones: outputs over write-protected
// files, over a user's file where a sidecar goes, seeds in notations the help does not name,
// counts past their limits, global flags and reference folders in odd places. Each is refused
// before any work in one line, exit 2, and leaves the folder as it was.
func TestHostileSecondSweep(t *testing.T) {
	dir := t.TempDir()
	scene, err := os.ReadFile(filepath.Join("..", "scenes", "cornell.json"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"ro.png": "user's", "ro.pfm": "user's", "ro.csv": "user's", "ro.json": "user's", "ro.bin": "user's",
		"sc.json": string(scene), "mine.json": string(scene), "notes.json": "notes", "plain": "x"}
	for name, content := range files {
		os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644)
		if strings.HasPrefix(name, "ro.") {
			os.Chmod(filepath.Join(dir, name), 0o444)
		}
	}
	os.Mkdir(filepath.Join(dir, "rodir"), 0o755)
	os.Symlink("ro.png", filepath.Join(dir, "link-to-ro.png"))
	for _, c := range []struct {
		args []string
		want string
	}{
		// Write-protected outputs, by any name.
		{[]string{"render", "--photons", "1e9", "--out", "link-to-ro.png"}, "cannot write link-to-ro.png: it is write-protected"},
		{[]string{"render", "--photons", "1e9", "--out", "./ro.png"}, "it is write-protected"},
		{[]string{"render", "--photons", "1e9", "--out", "rodir/../ro.png"}, "it is write-protected"},
		{[]string{"render", "--photons", "1e9", "--out", "x.png", "--pfm", "ro.pfm"}, "cannot write ro.pfm: it is write-protected"},
		{[]string{"rng", "look", "--view", "spectrum", "--points", "1000", "--csv", "ro.csv"}, "cannot write ro.csv: it is write-protected"},
		{[]string{"rng", "dump", "--gen", "pcg32", "--device", "cpu", "--count", "1", "--out", "ro.bin"}, "cannot write ro.bin: it is write-protected"},
		{[]string{"rng", "dump", "--gen", "pcg32", "--device", "cpu", "--order", "renderer", "--count", "1", "--streams", "1", "--out", "ro.bin"}, "cannot write ro.bin: it is write-protected"},
		{[]string{"rng", "test", "--json-file", "ro.json"}, "cannot write ro.json: it is write-protected"},
		{[]string{"app", "--frames", "1", "--headless", "--screenshot", "ro.png"}, "cannot write ro.png: it is write-protected"},
		// A user's file where a reference's sidecar goes.
		{[]string{"reference", "--scene", "cornell", "--photons", "1e9", "--out", "mine.pfm"}, "cannot write mine.json, its sidecar: a file Speckle did not write is there"},
		{[]string{"reference", "--scene", "cornell", "--photons", "1e9", "--out", "notes.pfm", "--force"}, "cannot write notes.json, its sidecar"},
		{[]string{"reference", "--scene", "sc.json", "--photons", "1e9", "--out", "sc.pfm"}, "--scene sc.json and its sidecar sc.json name the same file"},
		{[]string{"reference", "--scene", "cornell", "--photons", "1e9", "--out", "ro.pfm", "--force"}, "cannot write ro.json, its sidecar"},
		// Outputs naming the renderer order's scene.
		{[]string{"rng", "dump", "--gen", "pcg32", "--order", "renderer", "--scene", "sc.json", "--out", "./sc.json"}, "--scene sc.json and --out ./sc.json name the same file"},
		{[]string{"rng", "test", "--order", "renderer", "--scene", "sc.json", "--csv", "rodir/../sc.json"}, "name the same file"},
		{[]string{"rng", "look", "--order", "renderer", "--scene", "sc.json", "--out", "sc.json"}, "name the same file"},
		// Seeds: decimal or 0x hex only.
		{[]string{"render", "--seed", "0o7"}, "--seed must be a whole number"},
		{[]string{"render", "--seed", "0b101"}, "--seed must be a whole number"},
		{[]string{"render", "--seed", "1_000"}, "--seed must be a whole number"},
		{[]string{"render", "--seed", "0x"}, "--seed must be a whole number"},
		{[]string{"render", "--seed", "4294967296"}, "--seed must be a whole number"},
		{[]string{"render", "--gen", "philox:seed=0b1"}, "seed must be a whole number"},
		{[]string{"rng", "dump", "--gen", "pcg32", "--seed", "-1"}, "must be a whole number"},
		// Counts past their limits, named.
		{[]string{"render", "--photons", "1e16"}, "--photons must be at most 1e15"},
		{[]string{"render", "--photons", "2^50"}, "--photons must be at most 1e15"},
		{[]string{"render", "--photons", "9999999999999999999999"}, "--photons must be at most 1e15"},
		{[]string{"ca", "evolve", "--photons", "2^60"}, "--photons must be at most 1e15"},
		{[]string{"rng", "test", "--numbers", "2^40"}, "--numbers must be at most 2^37"},
		{[]string{"rng", "test", "--numbers", "1e300"}, "--numbers must be at most 2^37"},
		{[]string{"ca", "evolve", "--population", "20000"}, "--population 20000 (and the 2 references) x --streams 4"},
		{[]string{"ca", "evolve", "--population", "10000", "--streams", "8", "--numbers", "2^20"}, "so --population at most 4094 with --streams 8"},
		// Reference folders.
		{[]string{"render", "--references", "plain"}, "--references plain is not a folder"},
		{[]string{"render", "--references", ""}, ""},
		{[]string{"--references", "nowhere", "rng", "list"}, "--references nowhere: no such file or directory"},
		{[]string{"--references", "nowhere", "--frames", "1"}, "--references nowhere"},
		// Validate's folders.
		{[]string{"validate", "--scenes", "plane", "--keep", "nowhere/k"}, "its folder nowhere does not exist"},
		{[]string{"validate", "--scenes", "plane", "--keep", "plain"}, "--keep plain is not a folder"},
		// The window.
		{[]string{"app", "--headless"}, "--headless needs --frames N"},
		{[]string{"app", "--headless", "--frames", "0"}, "--headless needs --frames N"},
	} {
		if c.want == "" {
			continue // an empty --references is no folder given: the built-in ones
		}
		before := strings.Join(ls(t, dir), " ")
		r := speckleAt(t, dir, nil, time.Minute, nil, c.args...)
		oneLine(t, r, 2, c.want)
		if after := strings.Join(ls(t, dir), " "); after != before {
			t.Errorf("%v: the folder changed: %s, was %s", c.args, after, before)
		}
	}
	for name, content := range files {
		if b, _ := os.ReadFile(filepath.Join(dir, name)); string(b) != content {
			t.Errorf("%s changed", name)
		}
	}
}
