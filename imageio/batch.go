package imageio

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"syscall"
)

// Batch is a set of files (a capture, a streamline montage, an evolution) that replaces a
// directory whole: the files are written into a temporary sibling directory, which Commit
// renames into place, so the directory holds either the complete old set or the complete
// new one. Only an empty folder or an earlier set of the same kind is replaced (setdir.go);
// an interrupted or failed run removes the temporary directory and leaves the old set as it
// was.
type Batch struct {
	Dir  string // the directory the set goes to
	kind string
	tmp  string
	reg  *leftover
}

// NewBatch checks dir (checkSetDir), creates its missing parents (MkdirAll) and the
// temporary directory beside it, registered for removal on failure. kind names the set
// (capture, streamlines, ca evolve): a folder holding another kind is not replaced.
func NewBatch(dir, kind string) (*Batch, error) {
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
	if err := checkSetDir(dir, kind); err != nil {
		return nil, err
	}
	if err := MkdirAll(filepath.Dir(dir)); err != nil {
		return nil, err
	}
	// A new folder follows the umask; one replacing a folder is private until Commit gives
	// it the old one's mode.
	perm := fs.FileMode(0o777)
	if _, err := os.Lstat(dir); err == nil {
		perm = 0o700
	}
	b := &Batch{Dir: dir, kind: kind}
	locked(func() {
		if b.tmp, err = mkdirTemp(filepath.Dir(dir), filepath.Base(dir), ".tmp", perm); err == nil {
			b.reg = trackLocked(b.tmp, leftoverTree)
		}
	})
	if err != nil {
		return nil, writeError(dir, err)
	}
	return b, nil
}

// Path is where the set's file name is written (inside the temporary directory). name must
// be a plain file name.
func (b *Batch) Path(name string) (string, error) {
	if !filepath.IsLocal(name) || filepath.Base(name) != name || name == ManifestName {
		return "", fmt.Errorf("file name %q is not a plain name inside %s", name, b.Dir)
	}
	return filepath.Join(b.tmp, name), nil
}

// Discard removes the temporary directory and everything in it (none after Commit).
func (b *Batch) Discard() {
	if b.tmp != "" {
		os.RemoveAll(b.tmp)
	}
	forget(b.reg)
}

// Commit puts the set in place of Dir: the old directory is renamed aside, the new one
// renamed in, then the old set's files removed. A signal waits for the swap, so it sees the
// old set or the new one, never neither. If the folder gained anything during the run, it
// is put back as it was and the new set is kept beside it, under a name the error gives.
func (b *Batch) Commit() error {
	if err := writeManifest(b.tmp, b.kind); err != nil {
		b.Discard()
		return writeError(b.Dir, err)
	}
	var aside *leftover
	var why, beside string
	var err, removeErr error
	// The swap and the old set's removal hold the registry: a signal (AbortLeftovers) waits
	// for both, so no SET.old.tmpNNN survives it, and it then finds the new set in place
	// (Committed) and says so (issue 34 item 8: before, the removal ran unlocked and
	// unregistered, and a signal left the rest of the old set behind and exited 130).
	locked(func() {
		if aside, why, beside, err = b.swapLocked(); err != nil || why != "" {
			return
		}
		committed.Store(true)
		if aside != nil {
			if beforeRemovingOld != nil {
				beforeRemovingOld()
			}
			forgetLocked(aside)
			removeErr = removeSet(aside.path)
		}
	})
	if err != nil {
		b.Discard()
		return writeError(b.Dir, err)
	}
	if why != "" {
		b.tmp = "" // kept: Discard must not remove it
		return fmt.Errorf("%s %s during the run, so it was left as it was; the new set is in %s", Printable(b.Dir), why, Printable(beside))
	}
	if removeErr != nil {
		return fmt.Errorf("the new set is in %s; the old one's folder, now %s, gained files during the run and was kept", Printable(b.Dir), Printable(aside.path))
	}
	return nil
}

// committed is set once a set is in place: a signal after it ended no output.
var committed atomic.Bool

// beforeRemovingOld, for tests, runs between the swap and the old set's removal.
var beforeRemovingOld func()

// Committed says whether a set has been put in place in this process: a signal arriving
// after it (while the old set was being removed) stopped nothing that was asked for.
func Committed() bool { return committed.Load() }

// swapLocked renames Dir aside and the new set in, giving it Dir's mode and owner; if the
// folder no longer holds only nothing or an earlier set, it is renamed back and the new set
// goes beside it (why says what it holds). The registry must be locked.
func (b *Batch) swapLocked() (aside *leftover, why, beside string, err error) {
	parent, base := filepath.Split(b.Dir)
	if parent == "" {
		parent = "."
	}
	if _, e := os.Lstat(b.Dir); e == nil {
		// rename(2) replaces an empty directory, so a fresh one reserves the name
		// (os.Rename refuses to: hence syscall.Rename).
		p, err := mkdirTemp(parent, base, ".old.tmp", 0o700)
		if err != nil {
			return nil, "", "", err
		}
		if err = syscall.Rename(b.Dir, p); err != nil {
			os.Remove(p)
			return nil, "", "", err
		}
		aside = trackLocked(p, leftoverTree)
		if why, err = foreignEntry(p, b.kind); why != "" || err != nil {
			return nil, why, b.besideLocked(p, parent, base), err
		}
		b.keepModes(p)
	}
	if err = os.Rename(b.tmp, b.Dir); err != nil {
		if aside != nil {
			os.Rename(aside.path, b.Dir)
			forgetLocked(aside)
		}
		return nil, "", "", err
	}
	forgetLocked(b.reg)
	return aside, "", "", nil
}

// besideLocked puts the old folder (now at p) back and moves the new set to a free name
// beside it, which it returns (or its temporary name, if even that fails).
func (b *Batch) besideLocked(p, parent, base string) string {
	leftovers.list = slices.DeleteFunc(leftovers.list, func(x *leftover) bool { return x.path == p || x == b.reg })
	if err := os.Rename(p, b.Dir); err != nil {
		return b.tmp // the user's folder stays at p: the error names the set, p is kept
	}
	// q is made as a new folder is (0777 less the umask): the set, private while it was
	// written, takes that mode once beside the folder, as any new folder would have.
	if q, err := mkdirTemp(parent, base, ".new", 0o777); err == nil {
		st, serr := os.Stat(q)
		if syscall.Rename(b.tmp, q) == nil {
			b.tmp = q
			if serr == nil {
				os.Chmod(q, st.Mode().Perm())
			}
		} else {
			os.Remove(q)
		}
	}
	return b.tmp
}

// keepModes gives the new set the old folder's mode and owner, and each file that replaces
// one of the same name that file's.
func (b *Batch) keepModes(old string) {
	if st, err := os.Stat(old); err == nil {
		keepOwnerAndMode(b.tmp, st)
	}
	ents, _ := os.ReadDir(b.tmp)
	for _, e := range ents {
		if st, err := os.Lstat(filepath.Join(old, e.Name())); err == nil && st.Mode().IsRegular() {
			keepOwnerAndMode(filepath.Join(b.tmp, e.Name()), st)
		}
	}
}
