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
	cornell := string(scene)
	files := map[string]string{"ro.png": "user's", "ro.pfm": "user's", "ro.csv": "user's", "ro.json": "user's", "ro.bin": "user's",
		"sc.json": cornell, "mine.json": cornell, "notes.json": "notes", "plain": "x",
		// Malformed inputs: scenes, height fields, references' PFMs; a write-protected file
		// with a newline in its name; a user's file in a write-protected folder.
		"bad.json": "{", "empty.json": "", "exp.json": strings.Replace(cornell, `"exposure": 1,`, `"exposure": 1e999,`, 1),
		"name.json": strings.Replace(cornell, `"name": "cornell"`, `"name": "../evil"`, 1),
		"dup.json":  strings.Replace(cornell, `"fov": 40`, `"fov": 40, "fov": 50`, 1),
		"nan.field": "3 2\n1 2 3\n4 5 NaN\n", "short.field": "3 2\n1 2 3\n", "ro.\nnl.png": "user's",
		"refs/cornell-640x360.pfm": "PF\n640 360\n-1.0\nxx", "refs/cornell-640x360.json": `{"scene":"cornell","width":640,"height":360}`,
		"nanrefs/cornell-640x360.pfm": "PF\n640 360\nNaN\n", "locked/keep.png": "user's"}
	for _, d := range []string{"refs", "nanrefs", "locked"} {
		os.Mkdir(filepath.Join(dir, d), 0o755)
	}
	for name, content := range files {
		os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644)
		if strings.HasPrefix(name, "ro.") {
			os.Chmod(filepath.Join(dir, name), 0o444)
		}
	}
	os.Mkdir(filepath.Join(dir, "rodir"), 0o755)
	os.Chmod(filepath.Join(dir, "locked"), 0o555) // no write bit: even root writes nothing there
	os.Symlink("ro.png", filepath.Join(dir, "link-to-ro.png"))
	os.Symlink("sc.json", filepath.Join(dir, "link-to-sc.json"))
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
		// Numbers: Go's notations the help does not name, NaN and infinities, signs.
		{[]string{"render", "--photons", "0x1p20"}, "--photons must be a whole number of at least 1"},
		{[]string{"rng", "test", "--numbers", "1_048_576"}, "--numbers must be a whole number of at least 1"},
		{[]string{"render", "--photons", "NaN"}, "--photons must be a whole number of at least 1"},
		{[]string{"render", "--photons", "-Inf"}, "--photons must be a whole number of at least 1"},
		{[]string{"render", "--photons", "1e999999"}, "--photons must be at most 1e15"},
		{[]string{"render", "--exposure", "NaN"}, "--exposure must be 0 (the scene's) or in [1e-6, 1e6] (got NaN)"},
		{[]string{"render", "--alpha", "1e400"}, "--alpha must be in [0.3, 1] (got +Inf)"},
		{[]string{"render", "--seed", "+5"}, "--seed must be a whole number"},
		{[]string{"render", "--size", "640x-1"}, "--size must be WIDTHxHEIGHT, each 1..16384"},
		{[]string{"rng", "test", "--streams", "-64"}, "--streams must be 1..1048576"},
		{[]string{"rng", "test", "--tests", "monobit", "--numbers", "2^16", "--streams", "2048", "--samples", "8"}, "shorter than the battery's blocks for the monobit test (64 values a stream)"},
		// Paths: a write-protected folder, a folder where a file goes, a file where a folder
		// goes, a link to the input, a name with a newline (quoted, so still one line).
		{[]string{"render", "--photons", "1e9", "--out", "locked/x.png"}, "cannot write locked/x.png: its folder is write-protected"},
		{[]string{"render", "--photons", "1e9", "--out", "x.png", "--pfm", "locked/keep.png"}, "cannot write locked/keep.png: its folder is write-protected"},
		{[]string{"app", "--frames", "1", "--headless", "--settings", "locked/s.json"}, "cannot write locked/s.json: its folder is write-protected"},
		{[]string{"rng", "test", "--csv", "locked/t.csv"}, "cannot write locked/t.csv: its folder is write-protected"},
		{[]string{"render", "--photons", "1e9", "--out", "rodir"}, "cannot write rodir: is a directory"},
		{[]string{"app", "--frames", "1", "--headless", "--settings", "rodir"}, "cannot write rodir: is a directory"},
		{[]string{"render", "--photons", "1e9", "--out", "plain/x.png"}, "cannot write plain/x.png: not a directory"},
		{[]string{"render", "--scene", "sc.json", "--photons", "1e9", "--out", "x.png", "--pfm", "link-to-sc.json"}, "--scene sc.json and --pfm link-to-sc.json name the same file"},
		{[]string{"render", "--photons", "1e9", "--out", "ro.\nnl.png"}, `cannot write "ro.\nnl.png": it is write-protected`},
		// Malformed inputs.
		{[]string{"render", "--scene", "bad.json", "--photons", "1e9"}, "bad.json: line 1: invalid JSON"},
		{[]string{"render", "--scene", "empty.json", "--photons", "1e9"}, "empty.json: line 1: invalid JSON"},
		{[]string{"render", "--scene", "exp.json", "--photons", "1e9"}, "exp.json: line 4: invalid JSON: number 1e999 out of range"},
		{[]string{"render", "--scene", "name.json", "--photons", "1e9"}, `name: "../evil" is not a usable name`},
		{[]string{"render", "--scene", "rodir", "--photons", "1e9"}, "cannot read rodir: is a directory"},
		{[]string{"render", "--scene", "dup.json", "--photons", "1e9"}, `dup.json: line 3: key "fov" is given twice in one object`},
		{[]string{"streamlines", "--field", "nan.field", "--out", "s.png"}, `nan.field: line 3: height "NaN" (row 1, column 2) is not a finite number`},
		{[]string{"streamlines", "--field", "short.field", "--out", "s.png"}, "short.field: a 3x2 grid needs 6 heights, found 3"},
		{[]string{"render", "--references", "refs", "--photons", "1e9", "--out", "x.png"}, "reference refs/cornell-640x360.pfm: short PFM file"},
		{[]string{"render", "--references", "nanrefs", "--photons", "1e9", "--out", "x.png"}, `bad PFM header: scale "NaN" is not a non-zero number`},
		// Generator specs.
		{[]string{"rng", "test", "--gens", "philox,philox"}, "--gens philox is named twice"},
		{[]string{"render", "--gen", "philox:seed=1:seed=2"}, "sets the seed twice"},
		{[]string{"rng", "test", "--gens", "phi\x1b[2Jlox"}, `unknown generator "phi\x1b[2Jlox"`},
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
