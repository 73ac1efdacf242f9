package imageio

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFileAtomic writes a file through write: into a temporary file in the same directory
// (named like "x.png.tmp123", so a `*.tmp*` ignore pattern covers leftovers of a killed
// process), synced, made mode 0644 and renamed over path. On any failure, a panic in write
// included, the temporary file is removed and path is left as it was. Errors read
// "cannot write PATH: REASON" (for example "cannot write x.png: permission denied") and wrap
// the underlying error.
func WriteFileAtomic(path string, write func(io.Writer) error) (err error) {
	fail := func(e error) error {
		var pe *fs.PathError
		if errors.As(e, &pe) {
			e = pe.Err
		}
		return fmt.Errorf("cannot write %s: %w", path, e)
	}
	dir, base := filepath.Split(path)
	if base == "" {
		return fail(errors.New("no file name"))
	}
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, base+".tmp*")
	if err != nil {
		return fail(err)
	}
	tmp := f.Name()
	done := false
	defer func() {
		if !done {
			f.Close()
			os.Remove(tmp)
		}
	}()
	w := bufio.NewWriterSize(f, 1<<16)
	if err := write(w); err != nil {
		return fail(err)
	}
	if err := w.Flush(); err != nil {
		return fail(err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fail(err)
	}
	done = true
	return nil
}
