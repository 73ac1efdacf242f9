package cli

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"speckle/app"
	"speckle/imageio"
	"speckle/render"
)

// outputFlags and inputFlags are the flags, by name, that name a file a command writes and
// one it reads.
var (
	outputFlags = []string{"out", "pfm", "csv", "json-file", "screenshot", "settings", "keep"}
	inputFlags  = []string{"scene", "scenes", "field"}
)

// guardExtra is what a command needs besides the two paths to reach its checks (a required
// flag, the order that reads --scene) and to stop soon if it got past them.
var guardExtra = map[string][]string{
	"speckle rng dump":  {"--gen", "philox", "--order", "renderer", "--device", "cpu", "--streams", "1", "--count", "1"},
	"speckle rng test":  {"--order", "renderer"},
	"speckle rng look":  {"--order", "renderer"},
	"speckle render":    {"--photons", "1e9"},
	"speckle reference": {"--photons", "1e9"},
	"speckle app":       {"--frames", "1"},
	"--csv":             {"--view", "spectrum"}, // rng look's spectrum table
}

// commands lists every runnable command of the tree under c.
func commands(c *cobra.Command) []*cobra.Command {
	var all []*cobra.Command
	if c.Runnable() && !c.Hidden {
		all = append(all, c)
	}
	for _, s := range c.Commands() {
		all = append(all, commands(s)...)
	}
	return all
}

// Every command that reads a scene or field file and writes a file refuses an output that
// names that input, found by walking the command tree rather than listed by hand, so that a
// command added later, or one that writes without the guard, fails here (issue 34 item 2):
// before, rng dump --order renderer --scene sc.json --out sc.json and rng test --order
// renderer --scene sc.json --csv/--json-file/--out sc.json replaced the scene, exit 0.
func TestEveryWriterRefusesToReplaceItsInput(t *testing.T) {
	scene, err := os.ReadFile(filepath.Join("..", "scenes", "cornell.json"))
	if err != nil {
		t.Fatal(err)
	}
	field := []byte("2 2\n0 1 2 3\n")
	n := 0
	for _, c := range commands(newRoot(io.Discard, io.Discard)) {
		for _, in := range inputFlags {
			if c.Flags().Lookup(in) == nil {
				continue
			}
			for _, out := range outputFlags {
				if c.Flags().Lookup(out) == nil || (c.Name() == "app" && out == "settings" && in == "field") {
					continue
				}
				n++
				name := c.CommandPath()
				t.Run(name+" --"+in+" --"+out, func(t *testing.T) {
					dir := t.TempDir()
					content := scene
					if in == "field" {
						content = field
					}
					file := filepath.Join(dir, "in.json")
					if err := os.WriteFile(file, content, 0o644); err != nil {
						t.Fatal(err)
					}
					args := append(strings.Fields(strings.TrimPrefix(name, "speckle")), "--"+in, "in.json", "--"+out, "in.json")
					args = append(args, guardExtra[name]...)
					if name == "speckle rng look" {
						args = append(args, guardExtra["--"+out]...)
					}
					r := speckleAt(t, dir, nil, 60*time.Second, nil, args...)
					if r.code != 2 || !strings.Contains(r.stderr, "in.json") {
						t.Errorf("%v: exit %d, stderr %q; want exit 2 naming in.json", args, r.code, r.stderr)
					}
					if b, _ := os.ReadFile(file); !slices.Equal(b, content) {
						t.Errorf("%v replaced its input", args)
					}
				})
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d commands with an input and an output found", n)
	}
}

// reference --out X.pfm writes its sidecar to X.json only where no file Speckle did not
// write is there, --force or not (issue 34 item 1): before, --scene caustics --out
// mycornell.pfm replaced the user's mycornell.json, exit 0, since only --scene's own name
// was compared with the sidecar.
func TestReferenceSidecarLeavesTheUsersFile(t *testing.T) {
	dir := t.TempDir()
	scene, err := os.ReadFile(filepath.Join("..", "scenes", "cornell.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"mycornell.json", "notes.json", "empty.json"} {
		content := scene
		switch name {
		case "notes.json":
			content = []byte("my notes\n")
		case "empty.json":
			content = nil
		}
		os.WriteFile(filepath.Join(dir, name), content, 0o644)
		pfm := strings.TrimSuffix(name, ".json") + ".pfm"
		for _, extra := range [][]string{nil, {"--force"}} {
			args := append([]string{"reference", "--scene", "caustics", "--size", "16x16", "--photons", "1e9", "--out", pfm}, extra...)
			r := speckleAt(t, dir, nil, 60*time.Second, nil, args...)
			oneLine(t, r, 2, "cannot write "+name+", its sidecar: a file Speckle did not write is there")
			if b, _ := os.ReadFile(filepath.Join(dir, name)); !slices.Equal(b, content) {
				t.Errorf("%v replaced %s", args, name)
			}
			if _, err := os.Stat(filepath.Join(dir, pfm)); err == nil {
				t.Errorf("%v wrote %s", args, pfm)
			}
		}
	}
}

// A sidecar Speckle wrote passes the guard (the reference's own check, keptReference, then
// decides on its count), so that a reference can be made again at the same --out.
func TestReferenceSidecarOfSpeckleReplaced(t *testing.T) {
	dir := t.TempDir()
	pfm := filepath.Join(dir, "r.pfm")
	m := render.ReferenceMeta{Scene: "cornell", SceneSHA256: strings.Repeat("ab", 32), Width: 16, Height: 16, Photons: 5, Generator: "philox"}
	if err := imageio.WriteFileAtomic(render.SidecarPath(pfm), m.Writer()); err != nil {
		t.Fatal(err)
	}
	if err := checkPaths(output("the reference", pfm), derived("its sidecar", render.SidecarPath(pfm), render.IsReferenceMeta)); err != nil {
		t.Error(err)
	}
}

// A write-protected output is refused before any work, in one line, exit 2, by every command
// that writes one file, even for root (issue 34 item 4): before, chmod 444 ro.png; render
// --out ro.png replaced its content (the mode stayed 444) where the shell's > refuses.
func TestWriteProtectedOutputRefused(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"render", "--photons", "1e9", "--out", "ro"},
		{"render", "--photons", "1e9", "--out", "x.png", "--pfm", "ro"},
		{"rng", "dump", "--gen", "philox", "--device", "cpu", "--count", "1", "--out", "ro"},
		{"rng", "test", "--csv", "ro"},
		{"rng", "test", "--json-file", "ro"},
		{"rng", "test", "--out", "ro"},
		{"rng", "look", "--out", "ro"},
		{"app", "--frames", "1", "--screenshot", "ro.png"},
		{"reference", "--photons", "1e9", "--force", "--out", "ro.pfm"},
	} {
		ro := args[len(args)-1]
		p := filepath.Join(dir, ro)
		os.Remove(p)
		os.WriteFile(p, []byte("user's"), 0o444)
		r := speckleAt(t, dir, nil, 60*time.Second, nil, args...)
		oneLine(t, r, 2, "cannot write "+ro+": it is write-protected")
		if b, _ := os.ReadFile(p); string(b) != "user's" {
			t.Errorf("%v: %s now holds %q", args, ro, b)
		}
	}
}

// A test's speckle prints no progress line unless the test asks for them, so that no test
// depends on the machine's speed (issue 34 item 20): before, a render over 5 s under load
// (or any, with SPECKLE_PROGRESS_INTERVAL=1ms, as here) printed one and the tests that want
// an empty stderr (TestReferenceOfAnotherSceneLeftOut, TestReferenceWritesItsSidecar) failed.
func TestChildrenQuietWhateverTheSpeed(t *testing.T) {
	t.Setenv(progressIntervalEnv, "1ms") // a machine where every run is slow
	dir := t.TempDir()
	args := []string{"render", "--scene", "cornell", "--size", "80x45", "--photons", "3e4", "--gen", "pcg32", "--out", "c.png"}
	r := speckleAt(t, dir, nil, 2*time.Minute, nil, args...)
	if r.code != 0 || r.stderr != "" {
		t.Errorf("exit %d, stderr %q; want 0 and nothing", r.code, r.stderr)
	}
	// A test that wants the lines still gets them.
	r = speckleAt(t, dir, nil, 2*time.Minute, []string{progressIntervalEnv + "=1ns"}, args...)
	if r.code != 0 || !strings.Contains(r.stderr, "% ") {
		t.Errorf("asked for progress lines: exit %d, stderr %q", r.code, r.stderr)
	}
}

// A count flag's help and refusal name its upper limit, before any work (issue 34 item 17):
// before, --photons 2e15 or 2^64 and rng test --numbers 2^64 said "must be a whole number of
// at least 1", and the help named no limit.
func TestCountFlagsNameTheirLimit(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "--photons", "2e15"}, `--photons must be at most 1e15 (got "2e15")`},
		{[]string{"render", "--photons", "2^64"}, `--photons must be at most 1e15 (got "2^64")`},
		{[]string{"reference", "--photons", "1e400"}, `--photons must be at most 1e15`},
		{[]string{"rng", "test", "--numbers", "2^64"}, `--numbers must be at most 2^37 (got "2^64")`},
		{[]string{"rng", "test", "--numbers", "2^38"}, `--numbers must be at most 2^37 (got "2^38")`},
		{[]string{"ca", "evolve", "--photons-high", "2^60"}, `--photons-high must be at most 1e15`},
	} {
		oneLine(t, speckleAt(t, dir, nil, 30*time.Second, nil, c.args...), 2, c.want)
	}
	for _, c := range [][2]string{{"render", "1..1e15"}, {"rng test", "1..2^37"}} {
		r := speckleAt(t, dir, nil, 30*time.Second, nil, append(strings.Fields(c[0]), "--help")...)
		if !strings.Contains(r.stdout, c[1]) {
			t.Errorf("%s --help names no %s", c[0], c[1])
		}
	}
}

// validate --keep DIR goes through the output guard (issue 34 item 6): a script or render of
// the scene's names that Speckle did not write is refused before any work, a missing parent
// is refused rather than made, and the script is written atomically. Before, an existing
// NAME-cycles.py or NAME-cycles-N.pfm was overwritten without a check and not atomically,
// and --keep a/b/k made a/b.
func TestValidateKeepGuarded(t *testing.T) {
	dir := t.TempDir()
	base := []string{"validate", "--scenes", "plane", "--size", "64x36", "--samples", "1", "--renders", "2", "--seed", "1", "--blender", os.Args[0]}
	env := []string{fakeBlenderEnv + "=1"}
	keep := filepath.Join(dir, "k")
	os.Mkdir(keep, 0o755)
	for name, content := range map[string]string{"plane-cycles.py": "# my own script\n", "plane-cycles-2.pfm": "PF\n1 1\n-1\nxxxx"} {
		p := filepath.Join(keep, name)
		os.WriteFile(p, []byte(content), 0o644)
		r := speckleAt(t, dir, nil, 2*time.Minute, env, append(base, "--keep", "k")...)
		oneLine(t, r, 2, "cannot write k/"+name)
		if b, _ := os.ReadFile(p); string(b) != content {
			t.Errorf("%s now holds %q", name, b)
		}
		os.Remove(p)
	}
	r := speckleAt(t, dir, nil, 2*time.Minute, env, append(base, "--keep", "a/b/k")...)
	oneLine(t, r, 2, "its folder a/b does not exist")
	if _, err := os.Stat(filepath.Join(dir, "a")); err == nil {
		t.Error("a/ made")
	}
	// Speckle's own: written, then used again.
	for i := range 2 {
		r = speckleAt(t, dir, nil, 2*time.Minute, env, append(base, "--keep", "k")...)
		if r.code != 0 {
			t.Fatalf("run %d: exit %d, %s", i, r.code, r.stderr)
		}
	}
	if !strings.Contains(r.stderr, "not rendering again") {
		t.Errorf("the kept renders were not used again: %q", r.stderr)
	}
}

// Flags every command takes may come before the command's name (issue 34 item 14): before,
// speckle --references . rng list ran the window with "unexpected argument rng". A leading
// window flag still goes to the window.
func TestGlobalFlagsBeforeTheCommand(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--references", ".", "rng", "list"},
		{"--references=.", "rng", "list"},
		{"--allow-weak-reference", "--references", ".", "rng", "list"},
	} {
		r := speckleAt(t, dir, nil, 30*time.Second, nil, args...)
		if r.code != 0 || !strings.Contains(r.stdout, "philox") || r.stderr != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
	oneLine(t, speckleAt(t, dir, nil, 30*time.Second, nil, "--references", ".", "--nosuch"), 2, "speckle app: unknown flag: --nosuch")
}

// A --references folder (or $SPECKLE_REFERENCES) that is missing or not a folder is refused
// before any command runs, exit 2 (issue 34 item 15): before, it was skipped silently and
// RMSE used the built-in reference.
func TestReferencesFolderMustExist(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "file"), []byte("x"), 0o644)
	for _, c := range []struct {
		env  []string
		args []string
		want string
	}{
		{nil, []string{"render", "--references", "nosuchdir", "--photons", "1e3", "--size", "80x45"}, "--references nosuchdir: no such file or directory"},
		{nil, []string{"--references", "file", "rng", "list"}, "--references file is not a folder"},
		{[]string{"SPECKLE_REFERENCES=" + filepath.Join(dir, "none")}, []string{"render", "--photons", "1e3", "--size", "80x45"}, "$SPECKLE_REFERENCES " + filepath.Join(dir, "none") + ": no such file"},
		{nil, []string{"capture", "--references", "nosuchdir"}, "--references nosuchdir"},
	} {
		oneLine(t, speckleAt(t, dir, nil, 60*time.Second, c.env, c.args...), 2, c.want)
	}
	if names := ls(t, dir); len(names) != 1 {
		t.Errorf("written: %v", names)
	}
}

// validate with a $TMPDIR that does not exist says so, naming TMPDIR and --keep, before any
// work, exit 2 (issue 34 item 18): before, "stat /nonexistent: no such file or directory".
func TestValidateTMPDIRNamed(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), nil, 0o644)
	args := []string{"validate", "--scenes", "plane", "--size", "64x36", "--samples", "1", "--renders", "2", "--blender", os.Args[0]}
	for tmp, want := range map[string]string{"/nonexistent": "$TMPDIR /nonexistent: no such file or directory", filepath.Join(dir, "f"): "is not a folder"} {
		r := speckleAt(t, dir, nil, time.Minute, []string{"TMPDIR=" + tmp, fakeBlenderEnv + "=1"}, args...)
		oneLine(t, r, 2, want)
		if !strings.Contains(r.stderr, "--keep DIR") {
			t.Errorf("TMPDIR=%s: %q names no way out", tmp, r.stderr)
		}
	}
}

// app --headless --frames N --screenshot F stopped by a signal before frame N exits 128 + the
// signal with a line saying the screenshot was not written; the settings are still saved
// (issue 34 item 9): before, exit 0, no screenshot, no message. --headless without --frames,
// which nothing would end, is refused.
func TestAppInterruptedBeforeItsScreenshot(t *testing.T) {
	dir := t.TempDir()
	oneLine(t, speckleAt(t, dir, nil, 30*time.Second, nil, "app", "--headless"), 2, "--headless needs --frames N")
	for sig, code := range map[os.Signal]int{os.Interrupt: 130, syscall.SIGTERM: 143} {
		shot, settings := filepath.Join(dir, "shot.png"), filepath.Join(dir, "s.json")
		args := []string{"app", "--headless", "--frames", "100000", "--size", "48x27", "--photons-per-iteration", "1024", "--panes", "pcg32", "--settings", settings, "--screenshot", shot}
		cmd := exec.Command(os.Args[0])
		cmd.Env = childEnv(args, nil)
		var errb strings.Builder
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(3 * time.Second) // context, programs, a few frames
		cmd.Process.Signal(sig)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Fatal("the app did not stop")
		}
		if got := cmd.ProcessState.ExitCode(); got != code || !strings.Contains(errb.String(), "--screenshot "+shot+" not written") {
			t.Errorf("%v: exit %d, stderr %q; want %d and the screenshot said not written", sig, got, errb.String(), code)
		}
		if _, err := os.Stat(shot); err == nil {
			t.Errorf("%v: a screenshot was written", sig)
		}
		if s, err := app.LoadSettings(settings); err != nil || s.Panes[0].Generator != "pcg32" {
			t.Errorf("%v: settings %v", sig, err)
		}
	}
}

// rng dump --out F refuses, before any work, a dump its file system cannot hold: the size is
// known exactly (issue 34 item 16: a 4 GiB dump onto 200 MB failed after 9 s).
func TestDumpLargerThanTheDiskRefused(t *testing.T) {
	dir := t.TempDir()
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil || int64(st.Bavail)*int64(st.Bsize) >= 1<<38 {
		t.Skip("the temporary folder's file system holds 256 GiB")
	}
	for _, args := range [][]string{
		{"rng", "dump", "--gen", "philox", "--device", "cpu", "--streams", "67108864", "--count", "1024", "--out", "d.bin"},
		{"rng", "dump", "--gen", "rand48", "--device", "cpu", "--streams", "67108864", "--count", "1024", "--format", "packed", "--out", "d.bin"},
	} {
		start := time.Now()
		r := speckleAt(t, dir, nil, time.Minute, nil, args...)
		oneLine(t, r, 2, "cannot write d.bin: it takes ")
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("refused after %v", d)
		}
	}
	if names := ls(t, dir); len(names) != 0 {
		t.Errorf("written: %v", names)
	}
}
