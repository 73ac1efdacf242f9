package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"speckle/imageio"
	"speckle/internal/units"
	"speckle/scenes"
)

// ReferenceMeta is the sidecar speckle reference writes beside a reference
// (SCENE-WxH.json beside SCENE-WxH.pfm): what it was made from. A reference
// is found by the scene's name; SceneSHA256 (scenes.Scene.ContentHash)
// says whether it is this scene's.
type ReferenceMeta struct {
	Scene       string `json:"scene"`
	SceneSHA256 string `json:"scene_sha256"`
	Width       int    `json:"width"`
	Height      int    `json:"height"`
	Photons     int64  `json:"photons"`
	Generator   string `json:"generator"`
}

// maxSidecar bounds what is read of a sidecar: a few hundred bytes are
// enough.
const maxSidecar = 64 << 10

// SidecarPath is the sidecar of a reference's path.
func SidecarPath(pfm string) string { return strings.TrimSuffix(pfm, ".pfm") + ".json" }

// Writer writes m as a sidecar: for imageio.WriteFilesAtomic, which writes a reference and
// its sidecar together.
func (m ReferenceMeta) Writer() func(io.Writer) error {
	return func(w io.Writer) error {
		b, err := json.MarshalIndent(m, "", "  ")
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	}
}

// ReadReferenceMeta reads and checks the sidecar of the reference at pfm;
// fs.ErrNotExist where there is none.
func ReadReferenceMeta(pfm string) (ReferenceMeta, error) {
	f, err := os.Open(SidecarPath(pfm))
	if err != nil {
		return ReferenceMeta{}, err
	}
	return readReferenceMeta(f, SidecarPath(pfm))
}

// readReferenceMeta reads and checks the open sidecar f at path.
func readReferenceMeta(f fs.File, path string) (ReferenceMeta, error) {
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSidecar+1))
	if err != nil {
		return ReferenceMeta{}, fmt.Errorf("reference sidecar %s: %v", imageio.Printable(path), err)
	}
	return parseReferenceMeta(data, path)
}

// parseReferenceMeta reads and checks the sidecar data read from path.
func parseReferenceMeta(data []byte, path string) (ReferenceMeta, error) {
	var m ReferenceMeta
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	switch err := dec.Decode(&m); {
	case len(data) > maxSidecar:
		return m, fmt.Errorf("reference sidecar %s is over %d bytes", imageio.Printable(path), maxSidecar)
	case err != nil:
		return m, fmt.Errorf("reference sidecar %s: %v", imageio.Printable(path), err)
	case dec.More():
		return m, fmt.Errorf("reference sidecar %s: more than one JSON object", imageio.Printable(path))
	case len(m.SceneSHA256) != 64 || strings.Trim(m.SceneSHA256, "0123456789abcdef") != "":
		return m, fmt.Errorf("reference sidecar %s: scene_sha256 %q is not 64 hex digits", imageio.Printable(path), truncate(m.SceneSHA256, 80))
	case m.Width <= 0 || m.Height <= 0 || m.Photons < 0:
		return m, fmt.Errorf("reference sidecar %s: size %dx%d or photons %d out of range", imageio.Printable(path), m.Width, m.Height, m.Photons)
	}
	return m, nil
}

// IsReferenceMeta says whether data is a reference sidecar as ReferenceMeta.Writer writes
// one: what the output guard (imageio.CheckDerived) lets a new reference replace.
func IsReferenceMeta(data []byte) bool {
	_, err := parseReferenceMeta(data, "")
	return err == nil
}

// MinReferencePhotons is the fewest photons a reference may have: below, it
// is noisier than the renders it judges, and every RMSE against it measures
// its noise (the shipped ones took 1e10). A reference below it, or of an
// unknown count (no sidecar), is refused where it would be used unless
// AllowWeakReferences, and speckle reference refuses to make one.
const MinReferencePhotons = 1e8

// AllowWeakReferences is --allow-weak-reference: a reference below
// MinReferencePhotons, or of an unknown count, is used all the same.
var AllowWeakReferences bool

// AllowWeakFlag is the flag that sets AllowWeakReferences.
const AllowWeakFlag = "allow-weak-reference"

// ErrWeakReference is what a stored reference below MinReferencePhotons (or
// of an unknown count) is without AllowWeakReferences; errors.Is finds it.
var ErrWeakReference = errors.New("too few photons")

// photonsUnknown is the count of a reference without a sidecar.
const photonsUnknown = -1

// describeReference is where a reference came from as every use of it says
// it: "1e10 photons, assets/reference/caustics-640x360.pfm".
func describeReference(photons int64, path string) string {
	if photons == photonsUnknown {
		return "unknown photons (no sidecar), " + path
	}
	return units.FormatCount(photons) + " photons, " + path
}

// checkWeak refuses, without AllowWeakReferences, a reference at pfm of
// fewer than MinReferencePhotons photons or of an unknown count.
func checkWeak(pfm string, photons int64) error {
	if AllowWeakReferences || photons >= MinReferencePhotons {
		return nil
	}
	why := "was made from " + units.FormatCount(photons) + " photons"
	if photons == photonsUnknown {
		why = "has no sidecar to say its photon count"
	}
	return fmt.Errorf("reference %s %s, under the %s a reference needs (%w: RMSE against it would measure its noise): make it again with speckle reference --photons %s or more, or --%s uses it",
		imageio.Printable(pfm), why, units.FormatCount(MinReferencePhotons), ErrWeakReference, units.FormatCount(MinReferencePhotons), AllowWeakFlag)
}

// checkSidecar refuses a reference whose sidecar does not describe it or
// names another scene's content, and returns its photon count. A reference
// without one (made before sidecars) is taken on its name alone, its count
// unknown, and note says so.
func checkSidecar(scene *scenes.Scene, src referenceSource, name string, img imageio.Image) (photons int64, note string, err error) {
	pfm := src.path(name)
	m, err := src.readMeta(name)
	if errors.Is(err, fs.ErrNotExist) {
		return photonsUnknown, " (matched by the scene's name only)", nil
	}
	if err != nil {
		return 0, "", err
	}
	if m.Width != img.W || m.Height != img.H {
		return 0, "", fmt.Errorf("reference sidecar %s says %dx%d, the image is %dx%d", imageio.Printable(SidecarPath(pfm)), m.Width, m.Height, img.W, img.H)
	}
	if got := scene.ContentHash(); got != m.SceneSHA256 {
		return 0, "", fmt.Errorf("reference %s was %w named %s (scene sha256 %.12s, this one's %.12s): give yours another name, or make its own with speckle reference --scene FILE",
			imageio.Printable(pfm), ErrOtherScene, imageio.Printable(m.Scene), m.SceneSHA256, got)
	}
	return m.Photons, "", nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
