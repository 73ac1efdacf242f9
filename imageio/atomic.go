package imageio

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unicode"
	"unicode/utf8"
)

// Every file Speckle writes goes through WriteFileAtomic. github.com/google/renameio/v2 was
// weighed and not taken: it does the temp+fsync+rename part only (which this file does in a
// few lines), may put the temporary file under $TMPDIR rather than beside the target, and
// offers no hook to remove its temporary file when the process is interrupted; the device,
// FIFO and symlink cases below, and the leftovers registry, would be ours either way.

// Output kinds: what a path names, and so how it is written.
const (
	outNew     = iota // nothing there yet: created through a temporary file
	outRegular        // a regular file: replaced through a temporary file
	outStream         // a character device or FIFO (or stdout): written straight through
)

// resolveOutput says what path names and which path to write: a symlink's target is what
// gets replaced (the link stays), a dangling link's target is created. Directories, sockets
// and block devices are refused.
func resolveOutput(path string) (string, int, error) {
	st, err := os.Stat(path) // follows links
	if errors.Is(err, fs.ErrNotExist) {
		p := path
		for range 40 { // a dangling link: the file is created where it points
			l, err := os.Readlink(p)
			if err != nil {
				return p, outNew, nil
			}
			if !filepath.IsAbs(l) {
				l = filepath.Join(filepath.Dir(p), l)
			}
			p = l
		}
		return "", 0, syscall.ELOOP
	}
	if err != nil {
		return "", 0, err
	}
	switch m := st.Mode(); {
	case m.IsDir():
		return "", 0, syscall.EISDIR
	case m&(fs.ModeCharDevice|fs.ModeNamedPipe) != 0:
		return path, outStream, nil
	case !m.IsRegular():
		return "", 0, errors.New("not a regular file, character device or FIFO")
	}
	if _, ok := fdOf(path); ok {
		// /dev/stdout redirected to a file: the shell holds it open, so write into it.
		return path, outStream, nil
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", 0, err
	}
	return real, outRegular, nil
}

// fdOf returns the descriptor that path names if it is one of the kernel's names for an open
// descriptor (/dev/stdout, /dev/fd/N, /proc/self/fd/N).
func fdOf(path string) (int, bool) {
	switch p := filepath.Clean(path); p {
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	default:
		for _, dir := range []string{"/dev/fd/", "/proc/self/fd/"} {
			if n, ok := strings.CutPrefix(p, dir); ok {
				fd, err := strconv.Atoi(n)
				return fd, err == nil && fd >= 0
			}
		}
	}
	return 0, false
}

// openStream opens a device or FIFO for writing; a descriptor's name is duplicated rather
// than reopened, so that the shell's >> (append) and offset hold.
func openStream(path string) (*os.File, error) {
	if fd, ok := fdOf(path); ok {
		d, err := syscall.Dup(fd)
		if err != nil {
			return nil, err
		}
		return os.NewFile(uintptr(d), path), nil
	}
	return os.OpenFile(path, os.O_WRONLY, 0)
}

// CheckOutput checks, before any work, that WriteFileAtomic(path) can succeed as far as the
// file system can tell: the directory exists and is writable (or the device or FIFO is), and
// path is not a directory. Errors read like WriteFileAtomic's.
func CheckOutput(path string) error {
	p, kind, err := resolveOutput(path)
	if err == nil {
		dir := filepath.Dir(p)
		if kind == outStream {
			dir = p
		}
		if err = syscall.Access(dir, 2); err == nil && kind != outStream { // W_OK
			var st os.FileInfo
			if st, err = os.Stat(dir); err == nil && !st.IsDir() {
				err = syscall.ENOTDIR
			}
		}
	}
	if err != nil {
		return writeError(path, err)
	}
	return nil
}

func writeError(path string, e error) error {
	var pe *fs.PathError
	if errors.As(e, &pe) {
		e = pe.Err
	}
	var le *os.LinkError
	if errors.As(e, &le) {
		e = le.Err
	}
	return fmt.Errorf("cannot write %s: %w", Printable(path), e)
}

// Printable returns s as it is, or quoted (%q) if it holds a control character or invalid
// UTF-8, so that a path or name cannot send escape sequences to a terminal.
func Printable(s string) string {
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

// WriteFileAtomic writes a file through write. A regular file (or a new one) is written into
// a temporary file in the same directory (named like "x.png.tmp123", so a `*.tmp*` ignore
// pattern covers leftovers of a killed process), synced, made mode 0644 and renamed over the
// target; a symlink's target is replaced that way and the link stays. A character device or
// FIFO (/dev/null, /dev/stdout, a pipe) is written straight through, never replaced. On any
// failure, a panic in write included, the temporary file is removed and the target is left as
// it was; the temporary file is also removed if the process is stopped (RemoveLeftovers).
// Errors read "cannot write PATH: REASON" (for example "cannot write /dev/full: no space left
// on device") and wrap the underlying error.
func WriteFileAtomic(path string, write func(io.Writer) error) (err error) {
	fail := func(e error) error { return writeError(path, e) }
	if filepath.Base(path) == "." || strings.HasSuffix(path, "/") || path == "" {
		return fail(errors.New("no file name"))
	}
	target, kind, err := resolveOutput(path)
	if err != nil {
		return fail(err)
	}
	if kind == outStream {
		f, err := openStream(target)
		if err != nil {
			return fail(err)
		}
		defer f.Close()
		w := bufio.NewWriterSize(f, 1<<16)
		if err := write(w); err != nil {
			return fail(err)
		}
		if err := w.Flush(); err != nil {
			return fail(err)
		}
		if err := f.Close(); err != nil {
			return fail(err)
		}
		return nil
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	var f *os.File
	var reg *leftover
	locked(func() {
		if f, err = os.CreateTemp(dir, base+".tmp*"); err == nil {
			reg = trackLocked(f.Name(), leftoverFile)
		}
	})
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
		forget(reg)
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
	if err := os.Rename(tmp, target); err != nil {
		return fail(err)
	}
	done = true
	return nil
}

// Leftovers: temporary files and directories, and the directories this run created, to be
// removed if the run fails or is stopped by a signal.
type leftoverKind int

const (
	leftoverFile    leftoverKind = iota // a temporary file
	leftoverTree                        // a temporary directory and all in it
	leftoverCreated                     // a directory the run created (removed if empty)
)

type leftover struct {
	path string
	kind leftoverKind
}

var leftovers struct {
	sync.Mutex
	list []*leftover
}

func locked(f func()) {
	leftovers.Lock()
	defer leftovers.Unlock()
	f()
}

// trackLocked registers path; the registry must be locked.
func trackLocked(path string, kind leftoverKind) *leftover {
	l := &leftover{path, kind}
	leftovers.list = append(leftovers.list, l)
	return l
}

// forgetLocked drops l (its owner removed or renamed it); the registry must be locked.
func forgetLocked(l *leftover) {
	leftovers.list = slices.DeleteFunc(leftovers.list, func(x *leftover) bool { return x == l })
}

func forget(l *leftover) { locked(func() { forgetLocked(l) }) }

// removeLocked removes every registered path, newest first (files before the directories
// that hold them).
func removeLocked() {
	for i := len(leftovers.list) - 1; i >= 0; i-- {
		l := leftovers.list[i]
		switch l.kind {
		case leftoverFile, leftoverCreated:
			os.Remove(l.path) // a created directory goes only if empty
		case leftoverTree:
			os.RemoveAll(l.path)
		}
	}
	leftovers.list = nil
}

// RemoveLeftovers removes the temporary files and directories still registered and the
// (empty) directories MkdirAll created: what a failed run must not leave behind.
func RemoveLeftovers() { locked(removeLocked) }

// AbortLeftovers is RemoveLeftovers for a process about to exit on a signal: it keeps the
// registry locked, so that no new temporary file can appear before the exit and no batch is
// caught half-swapped.
func AbortLeftovers() {
	leftovers.Lock()
	removeLocked()
}

// KeepCreated forgets the directories MkdirAll created: the run succeeded and they stay.
func KeepCreated() {
	locked(func() {
		leftovers.list = slices.DeleteFunc(leftovers.list, func(x *leftover) bool { return x.kind == leftoverCreated })
	})
}

// MkdirAll creates dir and any missing parents (mode 0755), registering each one it creates,
// so that a failed run removes them again (RemoveLeftovers) unless KeepCreated is called.
func MkdirAll(dir string) error {
	var missing []string
	for p := filepath.Clean(dir); ; p = filepath.Dir(p) {
		st, err := os.Stat(p)
		if err == nil {
			if !st.IsDir() {
				return fmt.Errorf("cannot create %s: %s is not a directory", dir, p)
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) || p == filepath.Dir(p) {
			return fmt.Errorf("cannot create %s: %w", dir, unwrapPath(err))
		}
		missing = append(missing, p)
	}
	var err error
	locked(func() {
		for i := len(missing) - 1; i >= 0 && err == nil; i-- {
			if err = os.Mkdir(missing[i], 0o755); err == nil {
				trackLocked(missing[i], leftoverCreated)
			} else if errors.Is(err, fs.ErrExist) {
				err = nil // made meanwhile by someone else: not ours to remove
			}
		}
	})
	if err != nil {
		return fmt.Errorf("cannot create %s: %w", dir, unwrapPath(err))
	}
	return nil
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Batch is a set of files (a capture, a streamline montage) that replaces a directory whole:
// the files are written into a temporary sibling directory, which Commit renames into place,
// so the directory holds either the complete old set or the complete new one. An interrupted
// or failed run removes the temporary directory and leaves the old set as it was.
type Batch struct {
	Dir string // the directory the set goes to
	tmp string
	reg *leftover
}

// CheckBatchDir checks that dir may be replaced by a set: it does not exist, or it is a
// directory holding only regular .png and .csv files (an earlier set), so that a mistyped
// --out never deletes other work.
func CheckBatchDir(dir string) error {
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
		if !e.Type().IsRegular() || (ext != ".png" && ext != ".csv") {
			return fmt.Errorf("%s holds %q, which is not a .png or .csv file of an earlier set: the folder is replaced whole, so choose a new or empty one", Printable(dir), e.Name())
		}
	}
	return nil
}

// NewBatch checks dir (CheckBatchDir), creates its missing parents (MkdirAll) and the
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
	if err := CheckBatchDir(dir); err != nil {
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
