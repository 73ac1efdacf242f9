package imageio

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"unicode/utf8"
)

// Temporary names: base cut short enough that base+tag+N fits the file system's longest
// name, so that a 250-character output name (valid for the file system) still has a
// temporary sibling, and every temporary name still matches `*.tmp*`.

// nameMax is the longest file name dir's file system takes (NAME_MAX, 255 on most).
func nameMax(dir string) int {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err == nil && st.Namelen > 0 {
		return int(st.Namelen)
	}
	return 255
}

// tempName is base with tag and a random number appended, base shortened (at a character
// boundary) where the whole would pass limit bytes.
func tempName(base, tag string, limit int) string {
	n := tag + strconv.FormatUint(uint64(rand.Uint32()), 10)
	if keep := limit - len(n); len(base) > keep {
		keep = max(keep, 0)
		for keep > 0 && !utf8.RuneStart(base[keep]) {
			keep--
		}
		base = base[:keep]
	}
	return base + n
}

// createTemp creates a new file beside base in dir with perm (less the umask), named by
// tempName(base, ".tmp").
func createTemp(dir, base string, perm os.FileMode) (*os.File, error) {
	limit := nameMax(dir)
	for range 1000 {
		f, err := os.OpenFile(filepath.Join(dir, tempName(base, ".tmp", limit)), os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, &fs.PathError{Op: "createtemp", Path: filepath.Join(dir, base), Err: fs.ErrExist}
}

// mkdirTemp creates a new directory beside base in dir with perm (less the umask), named
// by tempName(base, tag).
func mkdirTemp(dir, base, tag string, perm os.FileMode) (string, error) {
	limit := nameMax(dir)
	for range 1000 {
		p := filepath.Join(dir, tempName(base, tag, limit))
		err := os.Mkdir(p, perm)
		if err == nil {
			return p, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", &fs.PathError{Op: "mkdirtemp", Path: filepath.Join(dir, base), Err: fs.ErrExist}
}

// keepOwnerAndMode gives f (a replacement for a file or folder described by old) old's
// owner where this process may (root, or a group it belongs to) and old's permission bits
// (a folder's setgid and sticky bits too; a file's setuid and setgid are dropped, as any
// write of it would drop them).
func keepOwnerAndMode(path string, old fs.FileInfo) error {
	if st, ok := old.Sys().(*syscall.Stat_t); ok {
		// Refused unless permitted (root; the group alone where this user is in it).
		if os.Lchown(path, int(st.Uid), int(st.Gid)) != nil {
			os.Lchown(path, -1, int(st.Gid))
		}
	}
	mode := old.Mode() & fs.ModePerm
	if old.IsDir() {
		mode |= old.Mode() & (fs.ModeSetgid | fs.ModeSticky)
	}
	return os.Chmod(path, mode)
}
