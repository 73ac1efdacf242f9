package cli

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"speckle/imageio"
	"speckle/render"
	"speckle/scenes"
	"speckle/scenes/flow"
)

// A command's paths are compared before any work: an output that names an input (or
// another output) would replace it, the last writer winning, so two flags that name one
// file are refused. "One file" is decided as the kernel would: symlinks, . and .., and
// hard links (the same device and inode) are all followed.

// pathArg is one path of a command, by the flag that gave it.
type pathArg struct {
	flag, path string
	out        bool // written by the run (else only read)
	set        bool // a set folder: replaced whole, so whatever lies inside it too
	// ours, for an output whose name Speckle derives from another (a reference's sidecar),
	// says whether the file there is one Speckle wrote: any other is refused
	// (imageio.CheckDerived), --force or not.
	ours func(data []byte) bool
}

func input(flag, path string) pathArg    { return pathArg{flag: flag, path: path} }
func output(flag, path string) pathArg   { return pathArg{flag: flag, path: path, out: true} }
func setFolder(flag, dir string) pathArg { return pathArg{flag: flag, path: dir, out: true, set: true} }

// derived is an output whose name Speckle derives, replaced only where ours says Speckle
// wrote the file there.
func derived(flag, path string, ours func([]byte) bool) pathArg {
	return pathArg{flag: flag, path: path, out: true, ours: ours}
}

// referenceInputs are the stored references a render of scene at w x h may read for its
// RMSE (render.ReferenceCandidates): inputs, so that --out or --pfm never overwrite one.
func referenceInputs(scene string, w, h int) []pathArg {
	var in []pathArg
	for _, p := range render.ReferenceCandidates(scene, w, h) {
		in = append(in, input("the stored reference", p))
	}
	return in
}

// sceneFile is --scene's file, or "" for a built-in (scenes.Open prefers those).
func sceneFile(name string) string {
	if slices.Contains(scenes.Names(), name) {
		return ""
	}
	return name
}

// fieldFile is --field's file, or "" for a built-in field.
func fieldFile(name string) string {
	if slices.Contains(flow.Names(), name) {
		return ""
	}
	return name
}

// fileID is what a path names: a file that exists by device and inode, one that does not
// yet by the absolute path it would be created at, links resolved.
type fileID struct {
	dev, ino uint64
	path     string // real path (also kept for an existing file: set folders compare it)
}

// identify resolves path. stream is true for a character device or FIFO: written straight
// through (imageio.WriteFileAtomic), so two flags naming /dev/null lose nothing.
func identify(path string) (id fileID, stream bool) {
	id.path = realPath(path)
	st, err := os.Stat(path)
	if err != nil {
		return id, false
	}
	if st.Mode()&(fs.ModeCharDevice|fs.ModeNamedPipe) != 0 {
		return id, true
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		id.dev, id.ino = uint64(sys.Dev), sys.Ino
	}
	return id, false
}

// realPath is path absolute with its links resolved; a missing file's folder is resolved
// and its name kept, after following a dangling link as WriteFileAtomic does.
func realPath(path string) string {
	for range 40 {
		if real, err := filepath.EvalSymlinks(path); err == nil {
			return absPath(real)
		}
		l, err := os.Readlink(path)
		if err != nil {
			break
		}
		if !filepath.IsAbs(l) {
			l = filepath.Join(filepath.Dir(path), l)
		}
		path = l
	}
	dir, base := filepath.Split(absPath(path))
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	return filepath.Join(dir, base)
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}

// same says whether a and b name one file.
func (a fileID) same(b fileID) bool {
	if a.ino != 0 && b.ino != 0 {
		return a.dev == b.dev && a.ino == b.ino
	}
	return a.path == b.path
}

// within says whether a lies inside the folder d (or is it).
func (a fileID) within(d fileID) bool {
	return a.same(d) || strings.HasPrefix(a.path, strings.TrimSuffix(d.path, "/")+"/")
}

// checkPaths refuses, before any work, two of a command's paths that name one file where
// at least one is written, or an input inside a set folder the run replaces; "" and "-"
// (stdout) are left out. One line names both flags; exit status 2. A derived output
// (a sidecar) whose file Speckle did not write is refused too.
func checkPaths(args ...pathArg) error {
	ids := make([]fileID, len(args))
	streams := make([]bool, len(args))
	for i, a := range args {
		if a.path != "" && a.path != "-" {
			ids[i], streams[i] = identify(a.path)
		}
	}
	for i, a := range args {
		for j := i + 1; j < len(args); j++ {
			b := args[j]
			if a.path == "" || b.path == "" || a.path == "-" || b.path == "-" || !(a.out || b.out) || streams[i] || streams[j] {
				continue
			}
			if err := clash(a, b, ids[i], ids[j]); err != nil {
				return err
			}
		}
	}
	for _, a := range args {
		if a.ours != nil && a.path != "" && a.path != "-" {
			if err := imageio.CheckDerived(a.path, a.flag, a.ours); err != nil {
				return usageError{err.Error()}
			}
		}
	}
	return nil
}

// clash is the refusal of a and b, if they collide.
func clash(a, b pathArg, ia, ib fileID) error {
	switch {
	case ia.same(ib) && a.out && b.out:
		return usagef("%s %s and %s %s name the same file: each output needs its own", a.flag, imageio.Printable(a.path), b.flag, imageio.Printable(b.path))
	case ia.same(ib):
		return usagef("%s %s and %s %s name the same file: an output must not replace an input", a.flag, imageio.Printable(a.path), b.flag, imageio.Printable(b.path))
	case a.set && ib.within(ia), b.set && ia.within(ib):
		if b.set {
			a, b = b, a
		}
		return usagef("%s %s lies inside the set folder %s %s, which this run replaces", b.flag, imageio.Printable(b.path), a.flag, imageio.Printable(a.path))
	}
	return nil
}

// checkSet checks a set folder --out against the command's inputs and, unless it is the
// default, that its folder exists.
func checkSet(defaultOut bool, dir string, inputs ...pathArg) error {
	if err := checkPaths(append([]pathArg{setFolder("--out", dir)}, inputs...)...); err != nil {
		return err
	}
	if defaultOut {
		return nil
	}
	return checkParent(dir)
}

// checkParent refuses a path the user gave whose folder does not exist: Speckle creates
// missing folders only for its own default paths (screenshots/, references/), for files
// and set folders alike, so a mistyped folder is reported rather than made.
func checkParent(path string) error {
	dir := filepath.Dir(filepath.Clean(path))
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usagef("cannot write %s: its folder %s does not exist", imageio.Printable(path), imageio.Printable(dir))
	case err != nil:
		return usagef("cannot write %s: %v", imageio.Printable(path), unwrapPathError(err))
	case !st.IsDir():
		return usagef("cannot write %s: %s is not a folder", imageio.Printable(path), imageio.Printable(dir))
	}
	return nil
}
