package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
		"--streams", "4096", "--count", "16777216", "--out", "out.bin")
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
