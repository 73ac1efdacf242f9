package imageio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// The output guard: the rules every file Speckle writes obeys, kept here so that each
// writer (WriteFileAtomic, the commands' checks before any work through CheckOutput and
// CheckDerived) applies the same ones. The commands' own part, that no output names an
// input or another output, is cli's checkPaths.
//
//   - A write-protected file is not replaced (ErrWriteProtected): the shell's > refuses it,
//     and rename would not. A folder with no write bit gets no new file and no replaced one
//     (ErrFolderWriteProtected), as root too.
//   - A file whose name Speckle derives from another (a reference's .json sidecar beside its
//     .pfm, a settings file's .new, validate's script) is replaced only if Speckle wrote it
//     (CheckDerived): a user's mycornell.json beside --out mycornell.pfm is left alone.

// ErrWriteProtected is why a write-protected file is not replaced.
var ErrWriteProtected = errors.New("it is write-protected: make it writable, or remove it, first")

// writeProtected says whether the regular file st describes at path may not be replaced: no
// write bit at all (so even root, for whom access(2) says yes, leaves it), or none for this
// user.
func writeProtected(path string, st fs.FileInfo) bool {
	if !st.Mode().IsRegular() {
		return false
	}
	return st.Mode().Perm()&0o222 == 0 || syscall.Access(path, 2) != nil // W_OK
}

// ErrFolderWriteProtected is why no file is written into a write-protected folder.
var ErrFolderWriteProtected = errors.New("its folder is write-protected: make it writable, or write elsewhere")

// folderWriteProtected says whether dir is a folder with no write bit at all, where no file
// is created or replaced, as root too (for whom access(2) says yes): the rule of
// writeProtected, for the folder that a new file or a rename changes. A folder that only this
// user may not write is refused by the file system (and by CheckOutput's access check).
func folderWriteProtected(dir string) bool {
	st, err := os.Stat(dir)
	return err == nil && st.IsDir() && st.Mode().Perm()&0o222 == 0
}

// maxDerivedRead is as much of a derived file as CheckDerived reads to tell whose it is.
const maxDerivedRead = 1 << 20

// CheckDerived refuses, before any work, to replace the regular file at path, a name Speckle
// derives from another output, unless ours says Speckle wrote it (given its first MiB); what
// names the file in the refusal ("the reference's sidecar"). A missing file, or a device, is
// no one's.
func CheckDerived(path, what string, ours func(data []byte) bool) error {
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return writeError(path, err)
	}
	if !st.Mode().IsRegular() {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return writeError(path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxDerivedRead))
	if err != nil {
		return writeError(path, err)
	}
	if ours(data) {
		return nil
	}
	return fmt.Errorf("cannot write %s, %s: a file Speckle did not write is there (move it, or write elsewhere)", Printable(path), what)
}

// CheckSpace refuses, before any work, an output of need bytes (exactly known, or a lower
// bound) where its file system has less free for this user: a 4 GiB dump onto 200 MB failed
// after 9 s of work (issue 34 item 16). A device or FIFO is written through and not checked;
// a file system that cannot say is let through.
func CheckSpace(path string, need int64) error {
	target, kind, err := resolveOutput(path)
	if err != nil || kind == outStream {
		return nil
	}
	var st syscall.Statfs_t
	if syscall.Statfs(filepath.Dir(target), &st) != nil {
		return nil
	}
	if free := int64(st.Bavail) * int64(st.Bsize); free >= 0 && need > free {
		return fmt.Errorf("cannot write %s: it takes %d bytes and its file system has %d free", Printable(path), need, free)
	}
	return nil
}
