package imageio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

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

// MkdirAll creates dir and any missing parents (0777 less the umask, like any new folder),
// registering each one it creates, so that a failed run removes them again
// (RemoveLeftovers) unless KeepCreated is called.
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
			if err = os.Mkdir(missing[i], 0o777); err == nil {
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
