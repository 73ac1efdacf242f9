package imageio

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
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
	if st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", st.Mode().Perm())
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
	if os.Geteuid() == 0 {
		t.Log("running as root: the permission-denied case is not testable")
	} else {
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(ro, "x.png")
		err := WriteFileAtomic(p, func(io.Writer) error { return nil })
		if err == nil || err.Error() != "cannot write "+p+": permission denied" {
			t.Errorf("read-only directory: error %v", err)
		}
	}
}
