package imageio

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteFileAtomicSuccess(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.txt")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := WriteFileAtomic(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "hello")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "hello" {
		t.Fatalf("read back %q, %v; want hello", b, err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the replaced file's 0600", st.Mode().Perm())
	}
	if names := dirNames(t, dir); len(names) != 1 || names[0] != "x.txt" {
		t.Errorf("directory holds %v, want only x.txt", names)
	}
}

func TestWriteFileAtomicRelativePath(t *testing.T) {
	dir := t.TempDir()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	if err := WriteFileAtomic("rel.txt", func(w io.Writer) error { _, err := w.Write([]byte("r")); return err }); err != nil {
		t.Fatal(err)
	}
	if names := dirNames(t, dir); len(names) != 1 || names[0] != "rel.txt" {
		t.Errorf("directory holds %v, want only rel.txt", names)
	}
}

func TestWriteFileAtomicWriterError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.png")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := WriteFileAtomic(path, func(w io.Writer) error {
		io.WriteString(w, strings.Repeat("partial", 20000)) // past the buffer: reaches the temp file
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v does not wrap the writer's error", err)
	}
	if want := "cannot write " + path + ": boom"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("the old file was changed to %d bytes", len(b))
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("directory holds %v, want only x.png (no temporary file)", names)
	}
}

func TestWriteFileAtomicPanic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.bin")
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the panic did not propagate")
			}
		}()
		WriteFileAtomic(path, func(w io.Writer) error { panic("in write") })
	}()
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("directory holds %v after a panic, want nothing", names)
	}
}

func TestWriteFileAtomicErrors(t *testing.T) {
	dir := t.TempDir()
	nodir := filepath.Join(dir, "missing", "x.png")
	err := WriteFileAtomic(nodir, func(io.Writer) error { return nil })
	if err == nil || err.Error() != "cannot write "+nodir+": no such file or directory" {
		t.Errorf("missing directory: error %v", err)
	}
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing directory: %v is not os.ErrNotExist", err)
	}
	// A directory in the way: the rename fails, the temporary file goes.
	sub := filepath.Join(dir, "sub")
	if err := os.MkdirAll(filepath.Join(sub, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "x", "f"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	err = WriteFileAtomic(filepath.Join(sub, "x"), func(io.Writer) error { return nil })
	if err == nil || !strings.HasPrefix(err.Error(), "cannot write "+filepath.Join(sub, "x")+": ") {
		t.Errorf("directory in the way: error %v", err)
	}
	if names := dirNames(t, sub); len(names) != 1 {
		t.Errorf("directory holds %v, want only x", names)
	}
	// A folder with no write bit: refused for every user, root too (guard.go).
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(ro, "x.png")
	err = WriteFileAtomic(p, func(io.Writer) error { return nil })
	if err == nil || err.Error() != "cannot write "+p+": "+ErrFolderWriteProtected.Error() {
		t.Errorf("read-only directory: error %v", err)
	}
}

// writeSet writes a set of files through a Batch and commits it.
func writeSet(t *testing.T, dir string, files ...string) error {
	t.Helper()
	b, err := NewBatch(dir, "test")
	if err != nil {
		return err
	}
	defer b.Discard()
	for _, name := range files {
		p, err := b.Path(name)
		if err != nil {
			return err
		}
		if err := WriteFileAtomic(p, func(w io.Writer) error { _, err := io.WriteString(w, name); return err }); err != nil {
			return err
		}
	}
	return b.Commit()
}

// A batch replaces the folder whole: no file of the old set survives beside the new one,
// and nothing temporary is left beside the folder.
func TestBatchReplacesWhole(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "set")
	if err := writeSet(t, dir, "a.png", "b.csv"); err != nil {
		t.Fatal(err)
	}
	if err := writeSet(t, dir, "c.png"); err != nil {
		t.Fatal(err)
	}
	if names := dirNames(t, dir); strings.Join(names, ",") != ManifestName+",c.png" {
		t.Errorf("folder holds %v, want only the new set's c.png", names)
	}
	if names := dirNames(t, parent); strings.Join(names, ",") != "set" {
		t.Errorf("beside the folder: %v, want only set", names)
	}
}

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// A symlink stays a link; the file it points to is replaced.
func TestWriteFileAtomicFollowsSymlink(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "target.bin"), filepath.Join(dir, "link.bin")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("target.bin", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(link, writeString("new")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", st.Mode(), err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q, want new", b)
	}
	if names := dirNames(t, dir); len(names) != 2 {
		t.Errorf("directory holds %v, want the link and its target", names)
	}
	// A dangling link: its target is created.
	os.Remove(target)
	if err := WriteFileAtomic(link, writeString("created")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "created" {
		t.Errorf("dangling link: target holds %q", b)
	}
}

// A FIFO and a character device are written into, never replaced by a regular file; the
// device's ENOSPC is the error. (/dev/full is tried only once the FIFO proved that no device
// is replaced, so that a broken build cannot replace the machine's /dev/full.)
func TestWriteFileAtomicDevices(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := WriteFileAtomic(fifo, writeString("through the pipe")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO was replaced: %v %v", st.Mode(), err)
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("reader got %q", s)
	}
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	err := WriteFileAtomic("/dev/full", writeString("x"))
	if !errors.Is(err, syscall.ENOSPC) || err.Error() != "cannot write /dev/full: no space left on device" {
		t.Errorf("error %v, want ENOSPC", err)
	}
	if st, err := os.Stat("/dev/full"); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/full is no longer a device: %v %v", st.Mode(), err)
	}
}

// A failed run removes its temporary files, the batch's temporary folder and the folders it
// created, and leaves an existing set as it was.
func TestRemoveLeftovers(t *testing.T) {
	parent := t.TempDir()
	old := filepath.Join(parent, "old")
	if err := writeSet(t, old, "a.png"); err != nil {
		t.Fatal(err)
	}
	if err := MkdirAll(filepath.Join(parent, "new", "deeper")); err != nil {
		t.Fatal(err)
	}
	b, err := NewBatch(old, "test")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := b.Path("b.png")
	if err := WriteFileAtomic(p, writeString("b")); err != nil {
		t.Fatal(err)
	}
	RemoveLeftovers()
	if names := dirNames(t, parent); strings.Join(names, ",") != "old" {
		t.Errorf("after RemoveLeftovers: %v, want only old", names)
	}
	if names := dirNames(t, old); strings.Join(names, ",") != ManifestName+",a.png" {
		t.Errorf("the old set is now %v", names)
	}
	// After success the created folders stay.
	if err := MkdirAll(filepath.Join(parent, "kept")); err != nil {
		t.Fatal(err)
	}
	KeepCreated()
	RemoveLeftovers()
	if _, err := os.Stat(filepath.Join(parent, "kept")); err != nil {
		t.Errorf("kept folder: %v", err)
	}
}

// A folder holding anything but an earlier set's .png, .svg and .csv files is not replaced.
func TestBatchRefusesForeignFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewBatch(dir, "test"); err == nil || !strings.Contains(err.Error(), `"notes.txt"`) {
		t.Errorf("error %v, want a refusal naming notes.txt", err)
	}
	if names := dirNames(t, dir); strings.Join(names, ",") != "notes.txt" {
		t.Errorf("folder now holds %v", names)
	}
	if names := dirNames(t, filepath.Dir(dir)); len(names) != 1 {
		t.Errorf("beside the folder: %v", names)
	}
}

// The working directory (or a folder above it) is never replaced by a set.
func TestBatchRefusesWorkingDirectory(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	for _, d := range []string{".", "..", dir} {
		if _, err := NewBatch(d, "test"); err == nil || !strings.Contains(err.Error(), "working directory") {
			t.Errorf("%s: error %v", d, err)
		}
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("the folder holds %v", names)
	}
}

// A descriptor's name (/dev/stdout after `>> file`, here /proc/self/fd/N) is written through
// the open descriptor: appended, as the shell asked, and the file is not replaced.
func TestWriteFileAtomicDescriptorName(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log")
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	io.WriteString(f, "head ")
	before, _ := os.Stat(path)
	name := "/proc/self/fd/" + strconv.Itoa(int(f.Fd()))
	if _, err := os.Stat(name); err != nil {
		t.Skip("no /proc/self/fd")
	}
	if err := WriteFileAtomic(name, writeString("tail")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "head tail" {
		t.Errorf("file holds %q, want %q", b, "head tail")
	}
	if after, err := os.Stat(path); err != nil || !os.SameFile(before, after) {
		t.Errorf("the file was replaced")
	}
}
