package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"speckle/scenes"
)

// pathsDir is a working folder holding a scene file, a height field and a set folder
// with a scene inside, and links to them.
func pathsDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	scene, err := os.ReadFile(filepath.Join("..", "scenes", "cornell.json"))
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(dir, "in.json"), scene, 0o644))
	must(os.WriteFile(filepath.Join(dir, "f.txt"), []byte("2 2\n0 1 2 3\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "X.png"), []byte("user's"), 0o644))
	must(os.MkdirAll(filepath.Join(dir, "set", "sub"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "set", "in.json"), scene, 0o644))
	must(os.WriteFile(filepath.Join(dir, "set", "f.txt"), []byte("2 2\n0 1 2 3\n"), 0o644))
	must(os.MkdirAll(filepath.Join(dir, "assets", "reference"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "assets", "reference", "cornell-16x16.pfm"), scene, 0o644))
	// A valid stored reference of plane at 16x16 (black, no sidecar: matched by name).
	must(os.WriteFile(filepath.Join(dir, "assets", "reference", "plane-16x16.pfm"),
		append([]byte("PF\n16 16\n-1.0\n"), make([]byte, 16*16*3*4)...), 0o644))
	must(os.WriteFile(filepath.Join(dir, "s.json"), []byte("{}"), 0o644))
	must(os.Symlink("X.png", filepath.Join(dir, "L")))
	must(os.Symlink("in.json", filepath.Join(dir, "Lin.png")))
	must(os.Symlink("new.png", filepath.Join(dir, "dangling")))
	must(os.Link(filepath.Join(dir, "X.png"), filepath.Join(dir, "H")))
	must(os.Link(filepath.Join(dir, "X.png"), filepath.Join(dir, "H.png")))
	must(os.Link(filepath.Join(dir, "f.txt"), filepath.Join(dir, "Hf")))
	return dir
}

// Every command resolves its paths before any work and refuses two that name one file
// where one is written, in one line naming both flags, exit 2 (issue 21 item 2): before,
// the last writer won or the input became a PNG, exit 0. The files are left as they were.
func TestOutputNamesAnInputOrAnotherOutput(t *testing.T) {
	dir := pathsDir(t)
	const same, input, inside = "name the same file: each output needs its own", "name the same file: an output must not replace an input", "lies inside the set folder"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "--out", "X.png", "--pfm", filepath.Join(dir, "X.png")}, "--out X.png and --pfm " + dir + "/X.png " + same},
		{[]string{"render", "--out", "X.png", "--pfm", "L"}, "--out X.png and --pfm L " + same},
		{[]string{"render", "--out", "X.png", "--pfm", "H"}, "--out X.png and --pfm H " + same},
		{[]string{"render", "--out", "set/../new.png", "--pfm", "./new.png"}, same},
		{[]string{"render", "--out", "dangling", "--pfm", "new.png"}, same},
		{[]string{"render", "--scene", "in.json", "--out", "in.json"}, "--scene in.json and --out in.json " + input},
		{[]string{"render", "--scene", "in.json", "--out", "x.png", "--pfm", "Lin.png"}, "--scene in.json and --pfm Lin.png " + input},
		{[]string{"rng", "look", "--view", "spectrum", "--points", "1000", "--csv", "X.png", "--out", "X.png"}, "--out X.png and --csv X.png " + same},
		{[]string{"rng", "test", "--csv", "X.png", "--json-file", "X.png", "--out", "X.png"}, "--csv X.png and --json-file X.png " + same},
		{[]string{"rng", "test", "--json-file", "a.json", "--out", "./a.json"}, "--json-file a.json and --out ./a.json " + same},
		{[]string{"streamlines", "--field", "f.txt", "--out", "f.txt"}, "--field f.txt and --out f.txt " + input},
		{[]string{"streamlines", "--field", "f.txt", "--out", "Hf"}, "--field f.txt and --out Hf " + input},
		{[]string{"streamlines", "--field", "set/f.txt", "--jitters", "0,1", "--out", "set"}, inside},
		{[]string{"capture", "--scene", "set/in.json", "--out", "set"}, "--scene set/in.json lies inside the set folder --out set"},
		{[]string{"capture", "--scene", "set/in.json", "--out", "set/sub/.."}, inside},
		{[]string{"ca", "evolve", "--scene", "set/in.json", "--out", "set"}, inside},
		{[]string{"reference", "--scene", "assets/reference/cornell-16x16.pfm", "--size", "16x16"}, "and the reference assets/reference/cornell-16x16.pfm " + input},
		{[]string{"render", "--scene", "plane", "--size", "16x16", "--out", "x.png", "--pfm", "assets/reference/plane-16x16.pfm"}, "the stored reference assets/reference/plane-16x16.pfm " + input},
		{[]string{"render", "--scene", "plane", "--size", "8x8", "--out", "x.png", "--pfm", "./assets/reference/plane-16x16.pfm"}, "the stored reference assets/reference/plane-16x16.pfm " + input},
		{[]string{"app", "--frames", "1", "--settings", "H.png", "--screenshot", "X.png"}, "--screenshot X.png and --settings H.png " + same},
		{[]string{"app", "--frames", "1", "--scene", "in.json", "--settings", "s.json", "--screenshot", "Lin.png"}, "--screenshot Lin.png and --scene in.json " + input},
		{[]string{"app", "--frames", "1", "--field", "f.txt", "--settings", "Hf"}, "--settings Hf and --field f.txt " + input},
		{[]string{"validate", "--scenes", "cornell,in.json", "--keep", "in.json"}, "--keep in.json and --scenes in.json " + input},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			before := ls(t, dir)
			args := c.args
			if c.args[0] == "render" || c.args[0] == "reference" {
				args = append(args, "--photons", "1e9") // a run that gets past the check times out
			}
			r := speckleAt(t, dir, nil, 60*time.Second, nil, args...)
			oneLine(t, r, 2, c.want)
			if got := strings.Join(ls(t, dir), " "); got != strings.Join(before, " ") {
				t.Errorf("the folder changed: %v, was %v", got, before)
			}
			for _, f := range []string{"X.png", "in.json", "f.txt", "s.json"} {
				if b, err := os.ReadFile(filepath.Join(dir, f)); err != nil || len(b) < 2 {
					t.Errorf("%s: %v, %d bytes", f, err, len(b))
				}
			}
		})
	}
}

// Distinct paths pass; /dev/null twice loses nothing and passes too.
func TestCheckPathsAllowsDistinctFiles(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.png"), filepath.Join(dir, "b.pfm")
	for _, args := range [][]pathArg{
		{output("--out", a), output("--pfm", b)},
		{output("--out", "/dev/null"), output("--pfm", "/dev/null")},
		{input("--scene", a), input("--scenes", a)}, // two reads of one file
		{output("--out", "-"), output("--csv", "-")},
		{setFolder("--out", filepath.Join(dir, "set")), input("--scene", filepath.Join(dir, "set.json"))},
		{output("--out", ""), output("--pfm", "")},
	} {
		if err := checkPaths(args...); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}
	if sceneFile("cornell") != "" || fieldFile("dem") != "" || sceneFile("x.json") != "x.json" {
		t.Error("built-in scenes and fields are no files")
	}
}

// Escapes and invalid UTF-8 in an input path are printed quoted (issue 21 item 11):
// before, `--scene $'\e[2J...'` cleared the screen.
func TestInputPathsPrintedQuoted(t *testing.T) {
	dir := t.TempDir()
	esc, title, bad := "\x1b[2Jx.json", "\x1b]0;title\ax.txt", "\xffx.txt"
	os.WriteFile(filepath.Join(dir, esc), []byte(`{"x":`), 0o644)
	os.WriteFile(filepath.Join(dir, bad), []byte("2 2\n0 1 2"), 0o644)
	os.Symlink("/dev/zero", filepath.Join(dir, "\x1b[31mzero.json"))
	for _, args := range [][]string{
		{"render", "--scene", esc},
		{"render", "--scene", "/nonexistent/" + esc},
		{"render", "--scene", "\x1b[31mzero.json"},
		{"capture", "--scene", esc},
		{"reference", "--scene", esc},
		{"validate", "--scenes", esc},
		{"bench", "render", "--scenes", esc},
		{"streamlines", "--field", title},
		{"streamlines", "--field", bad},
		{"streamlines", "--field", "\x1b[31mzero.json"},
		{"app", "--scene", esc},
		{"app", "--field", bad},
	} {
		r := speckleAt(t, dir, nil, 30*time.Second, nil, args...)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || strings.ContainsAny(r.stderr, "\x1b\x07\xff") || !strings.Contains(r.stderr, `\x`) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and the path quoted", args, r.code, r.stderr)
		}
	}
}

// One rule for folders (issue 21 item 15): Speckle makes only its own default folders
// (screenshots/); a path the user gives needs its folder, for files and sets alike.
// Before, rng look --out a/b/x.png made a/b while render refused it.
func TestGivenFoldersMustExist(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"rng", "look", "--out", "a/b/x.png"},
		{"rng", "look", "--view", "spectrum", "--points", "100", "--csv", "a/b/x.csv"},
		{"rng", "test", "--out", "a/b/x.png"},
		{"render", "--out", "a/b/x.png"},
		{"capture", "--out", "a/b/set"},
		{"ca", "evolve", "--out", "a/b/set"},
		{"streamlines", "--jitters", "0,1", "--out", "a/b/set"},
		{"app", "--frames", "1", "--screenshot", "a/b/x.png"},
	} {
		r := speckleAt(t, dir, nil, 30*time.Second, nil, args...)
		oneLine(t, r, 2, "a/b")
		if _, err := os.Stat(filepath.Join(dir, "a")); err == nil {
			t.Errorf("%v made a/", args)
			os.RemoveAll(filepath.Join(dir, "a"))
		}
	}
}

// A scene the renderer cannot take is bad input at load: exit 2 at once, not exit 1
// after opening the GPU (issue 21 item 15).
func TestSceneTooLargeForTheBVHIsBadInput(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString(`{"camera": {"position": [0, 0, 5], "look_at": [0, 0, 0], "fov": 40}, "materials": {"w": {"type": "diffuse", "color": [0.5, 0.5, 0.5]},
"lamp": {"type": "light", "color": [1, 1, 1]}}, "objects": {"quads": [{"corner": [-1, 2, -1], "u": [2, 0, 0], "v": [0, 0, 2], "material": "lamp"}], "spheres": [`)
	for i := range scenes.MaxPrimitives + 2000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"center": [0, 0, 0], "radius": 0.01, "material": "w"}`)
	}
	b.WriteString("]}}")
	os.WriteFile(filepath.Join(dir, "big.json"), []byte(b.String()), 0o644)
	start := time.Now()
	r := speckleAt(t, dir, nil, 60*time.Second, nil, "render", "--scene", "big.json", "--photons", "1e9")
	oneLine(t, r, 2, "at most 131072")
	if s := time.Since(start); s > 20*time.Second {
		t.Errorf("refused after %v", s)
	}
}
