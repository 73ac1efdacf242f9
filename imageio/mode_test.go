package imageio

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Issue 21 item 3: a replaced file keeps its mode (setuid dropped, as any write drops it)
// and, where permitted, its owner; a replaced set folder and the set's files that replace
// files of the same name keep theirs; new files and folders follow the umask.
func TestReplacingKeepsModeAndOwner(t *testing.T) {
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	dir := t.TempDir()
	for _, c := range []struct {
		name       string
		mode, want fs.FileMode
	}{
		{"private", 0o600, 0o600},
		{"group", 0o640, 0o640},
		{"executable", 0o755, 0o755},
		// A read-only file is no longer replaced (TestWriteProtectedFileNotReplaced).
		{"setuid", 0o755 | fs.ModeSetuid, 0o755},
		{"wider than the umask", 0o666, 0o666},
	} {
		p := filepath.Join(dir, c.name)
		os.WriteFile(p, []byte("old"), 0o600)
		if err := os.Chmod(p, c.mode); err != nil {
			t.Fatal(err)
		}
		if err := WriteFileAtomic(p, writeString("new")); err != nil {
			t.Fatal(err)
		}
		if st, _ := os.Stat(p); st.Mode() != c.want {
			t.Errorf("%s: mode %v, want %v", c.name, st.Mode(), c.want)
		}
	}
	fresh := filepath.Join(dir, "new")
	if err := WriteFileAtomic(fresh, writeString("new")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(fresh); st.Mode() != 0o640 {
		t.Errorf("a new file: mode %v, want 0640 (umask 027)", st.Mode())
	}
	if os.Geteuid() == 0 { // only root may give a file away
		owned := filepath.Join(dir, "owned")
		os.WriteFile(owned, []byte("old"), 0o600)
		os.Chown(owned, 1234, 5678)
		if err := WriteFileAtomic(owned, writeString("new")); err != nil {
			t.Fatal(err)
		}
		if st, _ := os.Stat(owned); st.Sys().(*syscall.Stat_t).Uid != 1234 || st.Sys().(*syscall.Stat_t).Gid != 5678 {
			t.Errorf("owner %d:%d, want 1234:5678", st.Sys().(*syscall.Stat_t).Uid, st.Sys().(*syscall.Stat_t).Gid)
		}
	}
	set := filepath.Join(dir, "set")
	if err := writeSet(t, set, "a.png"); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(set); st.Mode().Perm() != 0o750 {
		t.Errorf("a new set folder: mode %v, want 0750 (umask 027)", st.Mode())
	}
	os.Chmod(set, 0o700|fs.ModeSetgid)
	os.Chmod(filepath.Join(set, "a.png"), 0o600)
	if err := writeSet(t, set, "a.png", "b.png"); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]fs.FileMode{"set": 0o700 | fs.ModeDir | fs.ModeSetgid, "set/a.png": 0o600, "set/b.png": 0o640} {
		if st, _ := os.Stat(filepath.Join(dir, name)); st.Mode() != want {
			t.Errorf("%s: mode %v, want %v", name, st.Mode(), want)
		}
	}
}
