package imageio

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// A set's folder is replaced only if it is empty or holds a set this program wrote, which
// it recognises by the manifest every set writes (its kind and its files), never by file
// names: a user's PNGs copied into the folder look like a set's but are not listed.

// ManifestName is the file in every set's folder that lists what the set wrote.
const ManifestName = ".speckle-set.json"

// manifest is what ManifestName holds.
type manifest struct {
	Speckle string   `json:"speckle_set"` // the kind of set: capture, streamlines, ca evolve
	Files   []string `json:"files"`       // the set's files, plain names
	// Provenance is where the set came from (CurrentProvenance when it was
	// written); absent in manifests written before it, and read all the same.
	Provenance *Provenance `json:"provenance,omitempty"`
}

// maxManifest bounds the manifest read: a set lists hundreds of names, not megabytes.
const maxManifest = 1 << 20

// readManifest reads dir's manifest; ok is false if there is none to trust (absent, not a
// regular file, too large or not one).
func readManifest(dir string) (m manifest, ok bool) {
	p := filepath.Join(dir, ManifestName)
	if st, err := os.Lstat(p); err != nil || !st.Mode().IsRegular() || st.Size() > maxManifest {
		return m, false
	}
	data, err := os.ReadFile(p)
	if err != nil || json.Unmarshal(data, &m) != nil || m.Speckle == "" {
		return manifest{}, false
	}
	return m, true
}

// writeManifest lists dir's files (the new set) in its manifest.
func writeManifest(dir, kind string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	m := manifest{Speckle: kind, Files: []string{}, Provenance: CurrentProvenance()}
	for _, e := range ents {
		m.Files = append(m.Files, e.Name())
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return WriteFileAtomic(filepath.Join(dir, ManifestName), func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}

// foreignEntry returns "" if dir holds only an earlier set of kind (or nothing), else a
// sentence naming what else it holds.
func foreignEntry(dir, kind string) (string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil || len(ents) == 0 {
		return "", err
	}
	m, ok := readManifest(dir)
	switch {
	case !ok:
		return fmt.Sprintf("holds %q and no %s, so it is no earlier speckle %s set", ents[0].Name(), ManifestName, kind), nil
	case m.Speckle != kind:
		return fmt.Sprintf("holds a speckle %s set, not a %s one", Printable(m.Speckle), kind), nil
	}
	for _, e := range ents {
		if e.Name() != ManifestName && (!e.Type().IsRegular() || !slices.Contains(m.Files, e.Name())) {
			return fmt.Sprintf("holds %q, which the earlier set did not write", e.Name()), nil
		}
	}
	return "", nil
}

// CheckSetDir is checkSetDir, for a caller choosing a folder before the work.
func CheckSetDir(dir, kind string) error { return checkSetDir(dir, kind) }

// checkSetDir checks, before the work, that dir may be replaced by a set of kind: it does
// not exist, or it is a folder that is no mount point (rename(2) cannot move one) and holds
// nothing or only an earlier set of kind, whose files this process may remove.
func checkSetDir(dir, kind string) error {
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		if _, err := os.Lstat(dir); err == nil {
			return writeError(dir, errors.New("a link to nothing"))
		}
		return nil
	}
	if err != nil {
		return writeError(dir, err)
	}
	if !st.IsDir() {
		return writeError(dir, syscall.ENOTDIR)
	}
	if mountPoint(dir, st) {
		return fmt.Errorf("%s is a mount point, which a set cannot replace: choose a folder inside it", Printable(dir))
	}
	why, err := foreignEntry(dir, kind)
	if err != nil {
		return writeError(dir, err)
	}
	if why != "" {
		return fmt.Errorf("%s %s: a set replaces its folder whole, so choose a new or empty folder", Printable(dir), why)
	}
	if err := syscall.Access(dir, 3); err != nil { // W_OK|X_OK: to remove the old set's files
		return writeError(dir, err)
	}
	return nil
}

// removeSet removes the files dir's manifest lists, the manifest, then dir itself if that
// left it empty; anything else in it stays.
func removeSet(dir string) error {
	m, _ := readManifest(dir)
	for _, name := range append(m.Files, ManifestName) {
		if filepath.IsLocal(name) && filepath.Base(name) == name {
			os.Remove(filepath.Join(dir, name))
		}
	}
	return os.Remove(dir)
}

// mountPoint reports whether dir (a folder, st its Stat) is a mount point: on another
// device than its parent, or listed in /proc/self/mountinfo (a bind mount on the same one).
func mountPoint(dir string, st fs.FileInfo) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	if up, err := os.Stat(filepath.Dir(abs)); err == nil && deviceOf(up) != deviceOf(st) {
		return true
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	f, err := os.Open(mountInfo)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) > 4 && unescapeMount(fields[4]) == abs {
			return true
		}
	}
	return false
}

// mountInfo lists the mounts this process sees.
var mountInfo = "/proc/self/mountinfo"

func deviceOf(st fs.FileInfo) uint64 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Dev)
	}
	return 0
}

// unescapeMount undoes mountinfo's octal escapes (\040 for a space).
func unescapeMount(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
