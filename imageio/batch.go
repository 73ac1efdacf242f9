package imageio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Batch is a set of files (a capture, a streamline montage) that replaces a directory whole:
// the files are written into a temporary sibling directory, which Commit renames into place,
// so the directory holds either the complete old set or the complete new one. An interrupted
// or failed run removes the temporary directory and leaves the old set as it was.
type Batch struct {
	Dir string // the directory the set goes to
	tmp string
	reg *leftover
}

// checkBatchDir checks that dir may be replaced by a set: it does not exist, or it is a
// directory holding only regular .png, .svg and .csv files (an earlier set), so that a mistyped
// --out never deletes other work.
func checkBatchDir(dir string) error {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		if _, err := os.Lstat(dir); err == nil { // a dangling link
			return writeError(dir, errors.New("a link to nothing"))
		}
		return nil
	}
	if err != nil {
		return writeError(dir, err)
	}
	for _, e := range ents {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if !e.Type().IsRegular() || (ext != ".png" && ext != ".svg" && ext != ".csv") {
			return fmt.Errorf("%s holds %q, which is not a .png, .svg or .csv file of an earlier set: the folder is replaced whole, so choose a new or empty one", Printable(dir), e.Name())
		}
	}
	return nil
}

// NewBatch checks dir (checkBatchDir), creates its missing parents (MkdirAll) and the
// temporary directory beside it, registered for removal on failure.
func NewBatch(dir string) (*Batch, error) {
	dir = filepath.Clean(dir)
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real // a link to a directory: the directory is replaced, the link stays
	}
	// The set replaces the folder whole: never the working directory or one above it.
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, writeError(dir, err)
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(abs, wd); err == nil && filepath.IsLocal(rel) { // "." included
			return nil, fmt.Errorf("%s is the working directory or holds it: choose a folder for the set", Printable(dir))
		}
	}
	if err := checkBatchDir(dir); err != nil {
		return nil, err
	}
	if err := MkdirAll(filepath.Dir(dir)); err != nil {
		return nil, err
	}
	b := &Batch{Dir: dir}
	locked(func() {
		if b.tmp, err = os.MkdirTemp(filepath.Dir(dir), filepath.Base(dir)+".tmp*"); err == nil {
			b.reg = trackLocked(b.tmp, leftoverTree)
		}
	})
	if err != nil {
		return nil, writeError(dir, err)
	}
	if err := os.Chmod(b.tmp, 0o755); err != nil {
		b.Discard()
		return nil, writeError(dir, err)
	}
	return b, nil
}

// Path is where the set's file name is written (inside the temporary directory). name must
// be a plain file name.
func (b *Batch) Path(name string) (string, error) {
	if !filepath.IsLocal(name) || filepath.Base(name) != name {
		return "", fmt.Errorf("file name %q is not a plain name inside %s", name, b.Dir)
	}
	return filepath.Join(b.tmp, name), nil
}

// Discard removes the temporary directory and everything in it.
func (b *Batch) Discard() {
	os.RemoveAll(b.tmp)
	forget(b.reg)
}

// Commit puts the set in place of Dir: the old directory is renamed aside, the new one
// renamed in, then the old removed. A signal waits for the swap, so it sees the old set or
// the new one, never neither.
func (b *Batch) Commit() error {
	var aside *leftover
	var err error
	locked(func() {
		if _, e := os.Lstat(b.Dir); e == nil {
			// rename(2) replaces an empty directory, so a fresh one reserves the name
			// (os.Rename refuses to: hence syscall.Rename).
			var p string
			if p, err = os.MkdirTemp(filepath.Dir(b.Dir), filepath.Base(b.Dir)+".old.tmp*"); err != nil {
				return
			}
			if err = syscall.Rename(b.Dir, p); err != nil {
				os.Remove(p)
				return
			}
			aside = trackLocked(p, leftoverTree)
		}
		if err = os.Rename(b.tmp, b.Dir); err != nil {
			if aside != nil {
				os.Rename(aside.path, b.Dir)
				forgetLocked(aside)
			}
			return
		}
		forgetLocked(b.reg)
	})
	if err != nil {
		b.Discard()
		return writeError(b.Dir, err)
	}
	if aside != nil {
		os.RemoveAll(aside.path)
		forget(aside)
	}
	return nil
}
