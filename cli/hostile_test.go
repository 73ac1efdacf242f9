package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// `speckle help bogus` and `speckle completion bogus` are bad input like any unknown
// command (issue 21 item 15): before, both printed help and exited 0.
func TestHelpAndCompletionRefuseUnknown(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "bogus"}, `unknown help topic "bogus"`},
		{[]string{"help", "rng", "bogus"}, `unknown help topic "rng bogus"`},
		{[]string{"completion", "bogus"}, `unknown command "bogus" (bash, fish, powershell, zsh`},
		{[]string{"completion", "bash", "bogus"}, `unexpected argument "bogus"`},
	} {
		oneLineExit2(t, speckle(t, nil, c.args...), c.want)
	}
	for _, args := range [][]string{{"help", "rng", "look"}, {"completion"}, {"completion", "zsh"}} {
		if r := speckle(t, nil, args...); r.code != 0 || r.stdout == "" {
			t.Errorf("%v: exit %d, %q", args, r.code, r.stderr)
		}
	}
}

// More hostile input across the commands, numeric flags and input formats (issue 21):
// each is refused before any work in one line, exit 2, and leaves the folder alone.
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"nan.json":   `{"camera": {"position": [0, 1, 3], "look_at": [0, 1, 0], "fov": NaN}}`,
		"deep.json":  strings.Repeat("[", 100000),
		"nul.json":   "{\"name\": \"a\x00b\"}",
		"bom.json":   "\xef\xbb\xbf{}",
		"empty.json": "",
		"f1.txt":     "1 1\n0\n",
		"fneg.txt":   "-2 2\n0 1 2 3\n",
		"fbig.txt":   "99999 2\n0 1\n",
		"fflat.txt":  "2 2\n1 1 1 1\n",
		"fjson.txt":  `{"width": 2, "height": 2, "values": [0, 1, 2]}`,
		"bad.pfm":    "PF\n2 2\n-1.0\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(dir, "adir"), 0o755)
	os.Symlink("loop", filepath.Join(dir, "loop"))
	os.Symlink("/dev/zero", filepath.Join(dir, "zero.txt"))
	before := ls(t, dir)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "--scene", "nan.json"}, "nan.json"},
		{[]string{"render", "--scene", "deep.json"}, "deep.json"},
		{[]string{"render", "--scene", "nul.json"}, "nul.json"},
		{[]string{"render", "--scene", "bom.json"}, "bom.json"},
		{[]string{"render", "--scene", "empty.json"}, "empty.json"},
		{[]string{"render", "--scene", "adir"}, "adir"},
		{[]string{"render", "--scene", "loop"}, "loop"},
		{[]string{"render", "--scene", "bad.pfm"}, "bad.pfm"},
		{[]string{"streamlines", "--field", "f1.txt"}, "f1.txt"},
		{[]string{"streamlines", "--field", "fneg.txt"}, "fneg.txt"},
		{[]string{"streamlines", "--field", "fbig.txt"}, "fbig.txt"},
		{[]string{"streamlines", "--field", "fflat.txt"}, "fflat.txt"},
		{[]string{"streamlines", "--field", "fjson.txt"}, "fjson.txt"},
		{[]string{"streamlines", "--field", "zero.txt"}, "zero.txt"},
		{[]string{"streamlines", "--field", "adir"}, "adir"},
		{[]string{"render", "--out", "adir"}, "is a directory"},
		{[]string{"render", "--out", "loop"}, "loop"},
		{[]string{"render", "--out", "x.png", "--pfm", "adir/../adir"}, "is a directory"},
		{[]string{"capture", "--out", "nan.json"}, "nan.json"},
		{[]string{"rng", "look", "--size", "2048", "--gens", manyPhilox(1000)}, "1000 pictures of 2048x2048 and their montage need 32000 MiB: at most 2048 MiB"},
		{[]string{"rng", "look", "--size", "-1"}, "--size"},
		{[]string{"rng", "look", "--points", "1e30"}, "--points"},
		{[]string{"rng", "look", "--zoom", "NaN,0,1"}, "--zoom"},
		{[]string{"rng", "dump", "--count", "-5", "--out", "d.bin"}, "--count"},
		{[]string{"rng", "dump", "--streams", "0", "--out", "d.bin"}, "--streams"},
		{[]string{"rng", "test", "--numbers", "0"}, "--numbers"},
		{[]string{"ca", "evolve", "--snapshots", "x"}, "--snapshots"},
		{[]string{"ca", "evolve", "--generations", "0"}, "--generations"},
		{[]string{"streamlines", "--size", "0x0"}, "--size"},
		{[]string{"streamlines", "--jitters", "1,NaN"}, "--jitters"},
		{[]string{"lesson", "no-such-lesson"}, "no-such-lesson"},
		{[]string{"lesson", "rand48-swirls", "--size", "5x5"}, "--size"},
		{[]string{"validate", "--scenes", "nan.json"}, "nan.json"},
		{[]string{"validate", "--keep", "nan.json", "--scenes", "cornell"}, "--keep nan.json is not a folder"},
		{[]string{"bench", "render", "--scenes", "deep.json"}, "deep.json"},
		{[]string{"app", "--screenshot", "adir/x.png", "--frames", "1", "--scene", "loop"}, "too many levels of symbolic links"},
		{[]string{"app", "--frames", "1", "--field", "fjson.txt"}, "fjson.txt"},
		{[]string{"help", "render", "extra"}, "unknown help topic"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			r := speckleAt(t, dir, nil, 60*time.Second, nil, c.args...)
			oneLine(t, r, 2, c.want)
			if strings.Contains(r.stderr, "panic") || strings.ContainsAny(r.stderr, "\x00\x1b") {
				t.Errorf("stderr %q", r.stderr)
			}
			if got := ls(t, dir); strings.Join(got, " ") != strings.Join(before, " ") {
				t.Errorf("the folder changed: %v, was %v", got, before)
			}
		})
	}
}

// manyPhilox is n distinct philox generators: philox:seed=1,...
func manyPhilox(n int) string {
	s := make([]string, n)
	for i := range s {
		s[i] = fmt.Sprintf("philox:seed=%d", i+1)
	}
	return strings.Join(s, ",")
}
