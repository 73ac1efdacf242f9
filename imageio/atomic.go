package imageio

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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

// DescriptorOf is fdOf, for commands that must know what an output name stands for.
func DescriptorOf(path string) (int, bool) { return fdOf(path) }

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
// file system can tell: the directory exists and is writable (or the device or FIFO is),
// path is not a directory, and not a write-protected file (guard.go). Errors read like WriteFileAtomic's.
func CheckOutput(path string) error {
	p, kind, err := resolveOutput(path)
	if err == nil {
		dir := filepath.Dir(p)
		if kind == outStream {
			dir = p
		}
		if kind != outStream && folderWriteProtected(dir) {
			err = ErrFolderWriteProtected // said so for every user, before access(2)'s "permission denied"
		} else if err = syscall.Access(dir, 2); err == nil && kind != outStream { // W_OK
			var st os.FileInfo
			if st, err = os.Stat(dir); err == nil && !st.IsDir() {
				err = syscall.ENOTDIR
			}
		}
		if st, e := os.Stat(p); err == nil && e == nil && kind == outRegular && writeProtected(p, st) {
			err = ErrWriteProtected
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
// pattern covers leftovers of a killed process; a long name is shortened to fit NAME_MAX),
// synced and renamed over the target: a new file's mode follows the umask, a replaced one
// keeps its mode and (where permitted) its owner; a symlink's target is replaced that way and the link stays. A character device or
// FIFO (/dev/null, /dev/stdout, a pipe) is written straight through, never replaced. On any
// failure, a panic in write included, the temporary file is removed and the target is left as
// it was; the temporary file is also removed if the process is stopped (RemoveLeftovers).
// Errors read "cannot write PATH: REASON" (for example "cannot write /dev/full: no space left
// on device") and wrap the underlying error.
func WriteFileAtomic(path string, write func(io.Writer) error) error {
	commit, discard, err := stageFile(path, write)
	if err != nil {
		return err
	}
	defer discard()
	return commit()
}

// Staged is one file of WriteFilesAtomic: its path and what to write there.
type Staged struct {
	Path  string
	Write func(io.Writer) error
}

// WriteFilesAtomic writes files that belong together (a reference and its sidecar) as
// WriteFileAtomic writes one, but each into its temporary file first: only when every one is
// written and synced are they renamed into place, in order, after before (if not nil) has
// run. A failure in the writing (a full disk) leaves every target as it was: never one of the
// pair replaced and the other not.
func WriteFilesAtomic(before func() error, files ...Staged) error {
	var commits []func() error
	for _, f := range files {
		commit, discard, err := stageFile(f.Path, f.Write)
		if err != nil {
			return err
		}
		defer discard()
		commits = append(commits, commit)
	}
	if before != nil {
		if err := before(); err != nil {
			return err
		}
	}
	for _, commit := range commits {
		if err := commit(); err != nil {
			return err
		}
	}
	return nil
}

// stageFile writes path's content into its temporary file (a device or FIFO straight
// through, commit then doing nothing); commit renames it into place, discard (always to be
// called, after commit too) removes it where commit did not run or failed.
func stageFile(path string, write func(io.Writer) error) (commit func() error, discard func(), err error) {
	fail := func(e error) (func() error, func(), error) { return nil, nil, writeError(path, e) }
	if filepath.Base(path) == "." || strings.HasSuffix(path, "/") || path == "" {
		return fail(errors.New("no file name"))
	}
	target, kind, err := resolveOutput(path)
	if err != nil {
		return fail(err)
	}
	if kind == outStream {
		if err := writeStream(target, write); err != nil {
			return fail(err)
		}
		return func() error { return nil }, func() {}, nil
	}
	f, reg, old, err := openTemp(target, kind)
	if err != nil {
		return fail(err)
	}
	tmp := f.Name()
	done, closed := false, false
	cleanup := func() {
		if !done {
			if !closed {
				f.Close()
			}
			os.Remove(tmp)
		}
		forget(reg)
	}
	ok := false
	defer func() {
		if !ok { // a failure, or a panic in write
			cleanup()
		}
	}()
	w := bufio.NewWriterSize(f, 1<<16)
	if err := write(w); err != nil {
		return fail(err)
	}
	if err := w.Flush(); err != nil {
		return fail(err)
	}
	if old != nil {
		if err := keepOwnerAndMode(tmp, old); err != nil {
			return fail(err)
		}
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	closed = true
	if err := f.Close(); err != nil {
		return fail(err)
	}
	ok = true
	commit = func() error {
		if err := os.Rename(tmp, target); err != nil {
			return writeError(path, err)
		}
		done = true
		return nil
	}
	return commit, cleanup, nil
}

// openTemp creates and registers the temporary file that replaces target (kind outNew or
// outRegular) and returns what target was (nil if new). A new file follows the umask; a
// replaced one keeps its mode and owner, set once written (the temporary file is private
// until then); a write-protected one is refused.
func openTemp(target string, kind int) (f *os.File, reg *leftover, old fs.FileInfo, err error) {
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	perm := fs.FileMode(0o666)
	if kind == outRegular {
		if old, err = os.Stat(target); err != nil {
			return nil, nil, nil, err
		}
		if writeProtected(target, old) {
			return nil, nil, nil, ErrWriteProtected
		}
		perm = 0o600
	}
	if folderWriteProtected(dir) {
		return nil, nil, nil, ErrFolderWriteProtected
	}
	locked(func() {
		if f, err = createTemp(dir, base, perm); err == nil {
			reg = trackLocked(f.Name(), leftoverFile)
		}
	})
	return f, reg, old, err
}

// writeStream writes a device or FIFO straight through.
func writeStream(target string, write func(io.Writer) error) error {
	f, err := openStream(target)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<16)
	if err := write(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
