package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// noGPU makes a run that gets past its checks fail at the GPU: a refusal must come first.
var noGPU = []string{"__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json"}

// Issue 21 item 1: capture into a folder of the user's own PNGs is refused up front
// (exit 2, one line) and every file stays; so for streamline montages and ca evolve.
func TestSetFolderOfUserFilesRefusedCLI(t *testing.T) {
	for _, cmd := range [][]string{
		{"capture", "--scene", "plane", "--gens", "philox", "--size", "16x16", "--at", "1000"},
		{"streamlines", "--gens", "philox,lehmer", "--size", "16x12"},
		{"ca", "evolve", "--population", "4", "--generations", "1"},
	} {
		dir := t.TempDir()
		set := filepath.Join(dir, "set")
		os.Mkdir(set, 0o755)
		for i := range 6 {
			os.WriteFile(filepath.Join(set, fmt.Sprintf("holiday%d.png", i)), []byte("mine"), 0o644)
		}
		r := speckleAt(t, dir, nil, time.Minute, noGPU, append(cmd, "--out", "set")...)
		oneLine(t, r, 2, "so it is no earlier speckle")
		if names := ls(t, dir); len(names) != 7 {
			t.Errorf("%s: the folder holds %v", cmd[0], names)
		}
	}
}

// Issue 21 item 4: SIGHUP (a closed terminal) during a dump or a capture removes the
// temporary file or folder and exits 129 with one line; an earlier set stays whole.
func TestHangupLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	cmd, errb := startWhen(t, dir, "out.bin.tmp*", "rng", "dump", "--gen", "lehmer", "--device", "cpu",
		"--streams", "256", "--count", "4194304", "--out", "out.bin") // 4 GiB: the disk must hold it (the free-space check), the test stops it long before
	oneLine(t, result{stop(t, cmd, syscall.SIGHUP), "", errb.String()}, 129, "hung up; its temporary files were removed")
	if names := ls(t, dir); len(names) > 0 {
		t.Errorf("SIGHUP left %v", names)
	}
	cmd, errb = startWhen(t, dir, "set.tmp*", "capture", "--scene", "plane", "--gens", "philox", "--size", "16x16", "--out", "set", "--at", "1e12")
	time.Sleep(300 * time.Millisecond)
	code := stop(t, cmd, syscall.SIGHUP)
	stderr := strings.TrimPrefix(errb.String(), "speckle capture: computing plane's exact image at 16x16 (the reference)\n")
	oneLine(t, result{code, "", stderr}, 129, "hung up")
	if names := ls(t, dir); len(names) > 0 {
		t.Errorf("SIGHUP during a capture left %v", names)
	}
}

// openPTY opens a pseudo-terminal: its controlling side and the terminal's path.
func openPTY(t *testing.T) (*os.File, string) {
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skip("no pseudo-terminals:", err)
	}
	t.Cleanup(func() { m.Close() })
	var n, unlock uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skip(e)
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skip(e)
	}
	go func() { // drain it, so that a broken build's binary cannot block the test
		b := make([]byte, 4096)
		for {
			if _, err := m.Read(b); err != nil {
				return
			}
		}
	}()
	return m, fmt.Sprintf("/dev/pts/%d", n)
}

// Issue 21 item 13: binary output is refused on a terminal by any name: /dev/stdout and
// /dev/fd/1 on one, the terminal's own path, and /dev/tty.
func TestBinaryRefusedOnATerminalByName(t *testing.T) {
	_, pts := openPTY(t)
	tty, err := os.OpenFile(pts, os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer tty.Close()
	dump := []string{"rng", "dump", "--gen", "lehmer", "--device", "cpu", "--count", "16", "--out"}
	for _, out := range []string{"/dev/stdout", "/dev/fd/1", pts, "/dev/tty"} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		cmd, _, errb := speckleCmd(ctx, "", tty, nil, append(dump, out)...)
		cmd.Stdin = tty
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0} // /dev/tty is the pty
		err := cmd.Run()
		cancel()
		oneLine(t, resultOf(t, err, "", errb.String()), 2, "refusing to write binary data to a terminal")
	}
	// Not a terminal: /dev/stdout on a pipe still takes the numbers.
	r := speckleAt(t, "", nil, time.Minute, nil, append(dump, "/dev/stdout")...)
	if r.code != 0 || len(r.stdout) != 4096 {
		t.Errorf("/dev/stdout on a pipe: exit %d, %d bytes, %q", r.code, len(r.stdout), r.stderr)
	}
}

// Issue 21 item 5: a 255-byte output name is written (its temporary name is shortened).
func TestLongOutputNameWritten(t *testing.T) {
	dir := t.TempDir()
	name := strings.Repeat("n", 251) + ".bin"
	r := speckleAt(t, dir, nil, time.Minute, nil, "rng", "dump", "--gen", "lehmer", "--device", "cpu", "--count", "16", "--out", name)
	if st, err := os.Stat(filepath.Join(dir, name)); r.code != 0 || err != nil || st.Size() != 4096 {
		t.Errorf("exit %d, %q, %v", r.code, r.stderr, err)
	}
	if names := ls(t, dir); len(names) != 1 {
		t.Errorf("the folder holds %v", names)
	}
}

// Issue 21 item 6: an empty mount point as the set folder is refused before any work.
func TestMountPointSetFolderRefused(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mnt")
	os.Mkdir(dir, 0o755)
	if out, err := exec.Command("mount", "-t", "tmpfs", "none", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount here: %v %s", err, out)
	}
	defer exec.Command("umount", dir).Run()
	r := speckleAt(t, "", nil, time.Minute, noGPU, "capture", "--scene", "plane", "--gens", "philox", "--size", "16x16", "--at", "1000", "--out", dir)
	oneLine(t, r, 2, "is a mount point, which a set cannot replace")
	if names := ls(t, filepath.Dir(dir)); len(names) != 1 {
		t.Errorf("beside the mount point: %v", names)
	}
}

// settingsWith writes a settings file whose scene is scene.
func settingsWith(t *testing.T, scene string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "s.json")
	b, _ := json.Marshal(map[string]any{"scene": scene})
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// Issue 21 item 12: the settings file follows the output rules: /dev/null is written
// through (no /dev/null.new), a missing folder is refused up front and not made, a failed
// save exits 1, and a scene that falls back is said on stderr and kept in the file.
func TestSettingsFileFollowsOutputRules(t *testing.T) {
	if _, err := os.Stat("/dev/null.new"); err == nil {
		t.Skip("/dev/null.new is there already")
	}
	window := []string{"app", "--headless", "--frames", "1", "--window-size", "64x36", "--size", "32x18", "--panes", "pcg32",
		"--photons-per-iteration", "1024", "--settings"}
	r := speckleAt(t, "", nil, 2*time.Minute, nil, append(window, "/dev/null")...)
	if _, err := os.Stat("/dev/null.new"); err == nil {
		os.Remove("/dev/null.new")
		t.Errorf("/dev/null.new was written")
	}
	if r.code != 0 || r.stderr != "" {
		t.Errorf("--settings /dev/null: exit %d, %q", r.code, r.stderr)
	}
	missing := filepath.Join(t.TempDir(), "nonexistent")
	r = speckleAt(t, "", nil, time.Minute, noGPU, append(window, filepath.Join(missing, "s.json"))...)
	oneLine(t, r, 2, "s.json: no such file or directory")
	if _, err := os.Stat(missing); err == nil {
		t.Errorf("%s was made", missing)
	}
	r = speckleAt(t, "", nil, 2*time.Minute, nil, append(append([]string{window[0], "--defaults"}, window[1:]...), "/dev/full")...)
	oneLine(t, r, 1, "saving settings: cannot write /dev/full: no space left on device")
	p := settingsWith(t, "/dev/zero")
	r = speckleAt(t, "", nil, 2*time.Minute, nil, append(window, p)...)
	if r.code != 0 || strings.Contains(r.stdout, "/dev/zero") || !strings.Contains(r.stderr, "scene: /dev/zero is larger") {
		t.Errorf("exit %d, stdout %q, stderr %q; want the fallback said on stderr", r.code, r.stdout, r.stderr)
	}
	if b, _ := os.ReadFile(p); !strings.Contains(string(b), `"scene": "/dev/zero"`) {
		t.Errorf("the file now holds %s", b)
	}
}

// Hostile output paths, set folders and settings paths: each refused before any work
// (here no GPU could do it) with exit 2 and one line, and the tree left as it was.
func TestHostileOutputsRefusedUpFront(t *testing.T) {
	capture := []string{"capture", "--scene", "plane", "--gens", "philox", "--size", "16x16", "--at", "1000", "--out"}
	lines := []string{"streamlines", "--gens", "philox,lehmer", "--size", "16x12", "--out"}
	evolve := []string{"ca", "evolve", "--population", "4", "--generations", "1", "--out"}
	dump := []string{"rng", "dump", "--gen", "lehmer", "--count", "16", "--out"}
	window := []string{"app", "--headless", "--frames", "1", "--settings"}
	set := func(kind string) string {
		b, _ := json.Marshal(map[string]any{"speckle_set": kind, "files": []string{"a.png"}})
		return string(b)
	}
	long := strings.Repeat("l", 256)
	for _, c := range []struct {
		name string
		tree map[string]string // name: content; "/" ending: a folder, "->": a link, "|": a FIFO
		args []string
		want string
	}{
		{"capture into a file", map[string]string{"f": "mine"}, append(capture, "f"), "not a directory"},
		{"capture into a dangling link", map[string]string{"l": "->gone"}, append(capture, "l"), "a link to nothing"},
		{"capture into a folder of folders", map[string]string{"s/": "", "s/sub/": ""}, append(capture, "s"), `holds "sub"`},
		{"capture over a montage", map[string]string{"s/": "", "s/.speckle-set.json": set("streamlines"), "s/a.png": ""}, append(capture, "s"), "not a capture one"},
		{"capture over a linked manifest", map[string]string{"m.json": set("capture"), "s/": "", "s/.speckle-set.json": "->../m.json", "s/a.png": ""}, append(capture, "s"), "no .speckle-set.json"},
		{"capture into a 256-byte name", nil, append(capture, long), "file name too long"},
		{"capture into an escape", map[string]string{"e\x1b[2J/": "", "e\x1b[2J/x.png": ""}, append(capture, "e\x1b[2J"), `"e\x1b[2J" holds "x.png"`},
		{"montage into a FIFO's folder", map[string]string{"s/": "", "s/p": "|"}, append(lines, "s"), `holds "p"`},
		{"montage over extra files", map[string]string{"s/": "", "s/.speckle-set.json": set("streamlines"), "s/a.png": "", "s/b.png": ""}, append(lines, "s"), `holds "b.png", which the earlier set did not write`},
		{"evolution over a capture", map[string]string{"s/": "", "s/.speckle-set.json": set("capture"), "s/a.png": ""}, append(evolve, "s"), "not a ca evolve one"},
		{"dump to a 256-byte name", nil, append(dump, long), "file name too long"},
		{"dump through a file", map[string]string{"f": "mine"}, append(dump, "f/x.bin"), "not a directory"},
		{"dump into a folder", map[string]string{"d/": ""}, append(dump, "d"), "is a directory"},
		{"settings a folder", map[string]string{"d/": ""}, append(window, "d"), "is a directory"},
		{"settings through a file", map[string]string{"f": "mine"}, append(window, "f/s.json"), "not a directory"},
		{"settings through a dangling link", map[string]string{"l": "->gone/"}, append(window, "l/s.json"), "no such file or directory"},
		{"settings in a 256-byte name", nil, append(window, long), "file name too long"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, name := range sortedKeys(c.tree) {
				makeEntry(t, dir, name, c.tree[name])
			}
			before := ls(t, dir)
			r := speckleAt(t, dir, nil, time.Minute, noGPU, c.args...)
			oneLine(t, r, 2, c.want)
			if strings.Contains(r.stderr, "\x1b") {
				t.Errorf("an escape reached stderr raw: %q", r.stderr)
			}
			if after := ls(t, dir); strings.Join(after, "|") != strings.Join(before, "|") {
				t.Errorf("the tree was %v, is %v", before, after)
			}
		})
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys) // folders before what they hold
	return keys
}

// makeEntry makes name in dir: a folder ("/" ending), a link ("->target"), a FIFO ("|")
// or a file.
func makeEntry(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, name)
	var err error
	switch {
	case strings.HasSuffix(name, "/"):
		err = os.Mkdir(p, 0o755)
	case strings.HasPrefix(content, "->"):
		err = os.Symlink(content[2:], p)
	case content == "|":
		err = syscall.Mkfifo(p, 0o644)
	default:
		err = os.WriteFile(p, []byte(content), 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
}
