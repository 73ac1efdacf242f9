package imageio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A write-protected file is not replaced, content and mode kept, by the check before the
// work nor by the write itself, even for root (issue 34 item 4): before, chmod 444 ro.png
// and --out ro.png replaced its content (mode kept 444) where the shell's > refuses.
func TestWriteProtectedFileNotReplaced(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []os.FileMode{0o444, 0o400, 0o555, 0o000} {
		ro := filepath.Join(dir, "ro.png")
		os.Remove(ro)
		if err := os.WriteFile(ro, []byte("user's"), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chmod(ro, mode)
		link := filepath.Join(dir, "link")
		os.Remove(link)
		os.Symlink("ro.png", link)
		for _, p := range []string{ro, link} {
			if err := CheckOutput(p); !errors.Is(err, ErrWriteProtected) {
				t.Errorf("mode %o: CheckOutput(%s) = %v, want write-protected", mode, p, err)
			}
			err := WriteFileAtomic(p, func(w io.Writer) error { _, err := w.Write([]byte("speckle's")); return err })
			if !errors.Is(err, ErrWriteProtected) || !strings.HasPrefix(err.Error(), "cannot write "+p+": ") {
				t.Errorf("mode %o: WriteFileAtomic(%s) = %v, want write-protected", mode, p, err)
			}
		}
		os.Chmod(ro, 0o600)
		if b, _ := os.ReadFile(ro); string(b) != "user's" {
			t.Errorf("mode %o: the file now holds %q", mode, b)
		}
		if names, _ := filepath.Glob(filepath.Join(dir, "*.tmp*")); len(names) > 0 {
			t.Errorf("left %v", names)
		}
	}
	// A writable file is still replaced, and a device written through.
	w := filepath.Join(dir, "w.png")
	os.WriteFile(w, []byte("old"), 0o640)
	if err := WriteFileAtomic(w, func(out io.Writer) error { _, err := out.Write([]byte("new")); return err }); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(w); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %o, want 640 kept", st.Mode().Perm())
	}
	if err := CheckOutput("/dev/null"); err != nil {
		t.Error(err)
	}
}

// A folder with no write bit gets no new file and no replaced one, by the check before the
// work nor by the write itself, as root too (issue 34, hostile cases): before, as root,
// chmod 555 shots; render --out shots/x.png wrote into it. A folder with a write bit for
// someone is written as before.
func TestWriteProtectedFolderNotWritten(t *testing.T) {
	ro := filepath.Join(t.TempDir(), "ro")
	os.Mkdir(ro, 0o755)
	old := filepath.Join(ro, "old.png")
	os.WriteFile(old, []byte("user's"), 0o644)
	modes := []os.FileMode{0o555, 0o500}
	if os.Geteuid() == 0 {
		modes = append(modes, 0o000) // for others, its files cannot even be looked at
	}
	for _, mode := range modes {
		os.Chmod(ro, mode)
		for _, p := range []string{filepath.Join(ro, "new.png"), old} {
			if err := CheckOutput(p); !errors.Is(err, ErrFolderWriteProtected) {
				t.Errorf("mode %o: CheckOutput(%s) = %v, want its folder write-protected", mode, p, err)
			}
			err := WriteFileAtomic(p, func(w io.Writer) error { _, err := w.Write([]byte("speckle's")); return err })
			if !errors.Is(err, ErrFolderWriteProtected) || !strings.HasPrefix(err.Error(), "cannot write "+p+": its folder is write-protected") {
				t.Errorf("mode %o: WriteFileAtomic(%s) = %v, want its folder write-protected", mode, p, err)
			}
		}
		os.Chmod(ro, 0o755)
		if names, _ := filepath.Glob(filepath.Join(ro, "*")); len(names) != 1 {
			t.Errorf("mode %o: the folder holds %v", mode, names)
		}
		if b, _ := os.ReadFile(old); string(b) != "user's" {
			t.Errorf("mode %o: the file now holds %q", mode, b)
		}
	}
	os.Chmod(ro, 0o700)
	if err := WriteFileAtomic(filepath.Join(ro, "new.png"), func(w io.Writer) error { return nil }); err != nil {
		t.Error(err)
	}
}

// A file whose name Speckle derives (a sidecar, a .new) is replaced only where Speckle wrote
// it (issue 34 items 1 and 3); a missing one or a device passes.
func TestCheckDerived(t *testing.T) {
	dir := t.TempDir()
	ours := func(b []byte) bool { return bytes.HasPrefix(b, []byte("speckle")) }
	mine, theirs := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	os.WriteFile(mine, []byte("speckle sidecar"), 0o644)
	os.WriteFile(theirs, []byte(`{"camera": {}}`), 0o644)
	for _, p := range []string{mine, filepath.Join(dir, "none.json"), "/dev/null"} {
		if err := CheckDerived(p, "the sidecar", ours); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	err := CheckDerived(theirs, "the reference's sidecar", ours)
	if err == nil || !strings.Contains(err.Error(), "cannot write "+theirs+", the reference's sidecar: a file Speckle did not write is there") {
		t.Errorf("%s: %v", theirs, err)
	}
}

// Files that belong together (a reference and its sidecar) are replaced all or none (issue 34
// item 7): before, a full disk while the sidecar was written left the new PFM without a
// sidecar, which render then used "matched by the scene's name only" and reference would
// not replace without --force.
func TestWriteFilesAtomicAllOrNone(t *testing.T) {
	dir := t.TempDir()
	pfm, side := filepath.Join(dir, "r.pfm"), filepath.Join(dir, "r.json")
	os.WriteFile(pfm, []byte("old image"), 0o644)
	os.WriteFile(side, []byte("old sidecar"), 0o644)
	put := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := w.Write([]byte(s)); return err }
	}
	full := func(w io.Writer) error { w.Write([]byte("half")); return syscall.ENOSPC }
	ran := false
	before := func() error { ran = true; return nil }
	for _, files := range [][]Staged{
		{{pfm, put("new image")}, {side, full}},
		{{pfm, full}, {side, put("new sidecar")}},
	} {
		err := WriteFilesAtomic(before, files...)
		if !errors.Is(err, syscall.ENOSPC) || ran {
			t.Errorf("%v, before ran %v; want no space left, before not run", err, ran)
		}
		for p, want := range map[string]string{pfm: "old image", side: "old sidecar"} {
			if b, _ := os.ReadFile(p); string(b) != want {
				t.Errorf("%s holds %q, want %q", p, b, want)
			}
		}
		if names, _ := filepath.Glob(filepath.Join(dir, "*.tmp*")); len(names) > 0 {
			t.Errorf("left %v", names)
		}
	}
	if err := WriteFilesAtomic(before, Staged{pfm, put("new image")}, Staged{side, put("new sidecar")}); err != nil || !ran {
		t.Fatalf("%v, before ran %v", err, ran)
	}
	for p, want := range map[string]string{pfm: "new image", side: "new sidecar"} {
		if b, _ := os.ReadFile(p); string(b) != want {
			t.Errorf("%s holds %q, want %q", p, b, want)
		}
	}
}

// A set left beside its folder (DIR.newNNN, when the folder gained files during the run)
// has the mode a new folder gets under the umask, not the private 0700 it was written under
// (issue 34 item 19).
func TestSetLeftBesideFollowsTheUmask(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	parent := t.TempDir()
	dir := filepath.Join(parent, "set")
	if err := writeSet(t, dir, "a.png"); err != nil {
		t.Fatal(err)
	}
	b, err := NewBatch(dir, "test")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := b.Path("new.png")
	if err := WriteFileAtomic(p, writeString("new")); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "mine.png"), []byte("mine"), 0o644) // during the run
	err = b.Commit()
	b.Discard()
	if err == nil || !strings.Contains(err.Error(), "set.new") {
		t.Fatalf("%v: want the new set beside the folder", err)
	}
	news, _ := filepath.Glob(filepath.Join(parent, "set.new*"))
	if len(news) != 1 {
		t.Fatalf("beside the folder: %v", news)
	}
	if st, err := os.Stat(news[0]); err != nil || st.Mode().Perm() != 0o755 {
		t.Errorf("%s: mode %v (%v), want 0755 (umask 022)", news[0], st.Mode().Perm(), err)
	}
}

// A signal while Commit removes the old set waits for the removal (issue 34 item 8): no
// SET.old.tmpNNN survives, and the process learns the new set is in place (Committed), so
// it need not exit 130. Before, the removal ran outside the registry: a signal then left
// the rest of the old set (111 files in one run) beside the new one.
func TestSignalDuringOldSetRemoval(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "set")
	var names []string
	for i := range 300 {
		names = append(names, fmt.Sprintf("old%03d.png", i))
	}
	if err := writeSet(t, dir, names...); err != nil {
		t.Fatal(err)
	}
	b, err := NewBatch(dir, "test")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := b.Path("new.png")
	if err := WriteFileAtomic(p, writeString("new")); err != nil {
		t.Fatal(err)
	}
	aborted := make(chan []string, 1)
	beforeRemovingOld = func() { // the signal arrives here, as the removal starts
		go func() {
			AbortLeftovers() // the signal handler: the process exits right after it
			left, _ := filepath.Glob(filepath.Join(parent, "set.old.tmp*"))
			aborted <- append(left, fmt.Sprint(Committed()))
			leftovers.Unlock() // AbortLeftovers keeps it locked for the exit; the test goes on
		}()
		time.Sleep(50 * time.Millisecond)
	}
	defer func() { beforeRemovingOld = nil }()
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := <-aborted; len(got) != 1 || got[0] != "true" {
		t.Errorf("when the signal's handler ran: left %v, want nothing and the set committed", got)
	}
	if got := dirNames(t, dir); strings.Join(got, ",") != ManifestName+",new.png" {
		t.Errorf("the set holds %v", got)
	}
}

// An output larger than its file system's free space is refused before the work (issue 34
// item 16); a device is not checked.
func TestCheckSpace(t *testing.T) {
	p := filepath.Join(t.TempDir(), "dump.bin")
	err := CheckSpace(p, 1<<62)
	if err == nil || !strings.Contains(err.Error(), "cannot write "+p+": it takes 4611686018427387904 bytes and its file system has ") {
		t.Errorf("4 EiB: %v", err)
	}
	if err := CheckSpace(p, 1); err != nil {
		t.Error(err)
	}
	if err := CheckSpace("/dev/null", 1<<62); err != nil {
		t.Errorf("/dev/null: %v", err)
	}
}
