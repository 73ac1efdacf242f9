package render

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"speckle/assets"
	"speckle/imageio"
)

// ReferencesEnv names a folder of the user's own references: searched first, and where
// speckle reference writes. The --references flag sets UserReferences, which wins over it.
const ReferencesEnv = "SPECKLE_REFERENCES"

// UserReferences is --references: the user's reference folder ("": $SPECKLE_REFERENCES).
var UserReferences string

// UserReferenceDir is the user's reference folder (--references, $SPECKLE_REFERENCES), or "".
func UserReferenceDir() string {
	if UserReferences != "" {
		return UserReferences
	}
	return os.Getenv(ReferencesEnv)
}

// ReferenceDir is where speckle reference writes: the user's folder, else assets/reference
// of the working directory (the repository).
func ReferenceDir() string {
	if d := UserReferenceDir(); d != "" {
		return d
	}
	return referenceDir
}

// referenceSource is one place references are read from: a folder, or the ones built
// into the binary (dir "").
type referenceSource struct {
	dir, what string
}

// referenceSources are the places searched, first first: the user's folder, the working
// directory's assets/reference, the one beside the binary (bin/speckle run from
// elsewhere), and the built-in copy, so that RMSE works from any directory. A folder
// reached twice is searched once.
func referenceSources() []referenceSource {
	var out []referenceSource
	seen := map[string]bool{}
	add := func(dir, what string) {
		key, err := filepath.Abs(dir)
		if err != nil {
			key = dir
		}
		if real, err := filepath.EvalSymlinks(key); err == nil {
			key = real
		}
		if dir != "" && !seen[key] {
			seen[key] = true
			out = append(out, referenceSource{dir, what})
		}
	}
	add(UserReferenceDir(), "your folder")
	add(referenceDir, "working directory")
	if exe, err := os.Executable(); err == nil {
		add(filepath.Join(filepath.Dir(exe), "..", referenceDir), "beside the binary")
	}
	return append(out, referenceSource{what: "built in"})
}

// path names a reference of this source in messages.
func (s referenceSource) path(name string) string {
	if s.dir == "" {
		return name + " (built in)"
	}
	return filepath.Join(s.dir, name)
}

// has says whether the source holds the file name.
func (s referenceSource) has(name string) bool {
	var err error
	if s.dir == "" {
		if !fs.ValidPath(name) {
			return false
		}
		_, err = fs.Stat(assets.References(), name)
	} else {
		_, err = os.Stat(filepath.Join(s.dir, name))
	}
	return err == nil
}

func (s referenceSource) readPFM(name string) (imageio.Image, error) {
	if s.dir == "" {
		return imageio.ReadPFMFS(assets.References(), name)
	}
	return imageio.ReadPFM(filepath.Join(s.dir, name))
}

// readMeta reads the sidecar of the reference name; fs.ErrNotExist where there is none.
func (s referenceSource) readMeta(name string) (ReferenceMeta, error) {
	if s.dir != "" {
		return ReadReferenceMeta(filepath.Join(s.dir, name))
	}
	side := SidecarPath(name)
	f, err := assets.References().Open(side)
	if err != nil {
		return ReferenceMeta{}, err
	}
	return readReferenceMeta(f, s.path(side))
}

// names are the source's files that match pattern.
func (s referenceSource) names(pattern string) []string {
	var fsys fs.FS = os.DirFS(s.dir)
	if s.dir == "" {
		fsys = assets.References()
	}
	names, _ := fs.Glob(fsys, pattern)
	return names
}

// ReferenceSources says where references are read from, in order, with how many each
// holds: for speckle gpu.
func ReferenceSources() string {
	var parts []string
	for _, s := range referenceSources() {
		n := len(s.names("*.pfm"))
		where := "built into the binary"
		if s.dir != "" {
			where = imageio.Printable(s.dir) + " (" + s.what + ")"
		}
		parts = append(parts, fmt.Sprintf("%s: %d .pfm", where, n))
	}
	env := "$" + ReferencesEnv + " (unset)"
	if v := os.Getenv(ReferencesEnv); v != "" {
		env = "$" + ReferencesEnv + "=" + imageio.Printable(v)
	}
	return strings.Join(parts, "; ") + "; searched in this order, and --references DIR or " + env + " puts a folder first"
}
