package render

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"speckle/imageio"
	"speckle/scenes"
)

// ErrOtherScene is what a stored reference made from another scene of the
// same name (a copy of cornell.json with the lamp at a quarter) is: the
// image is still good, for that other scene; errors.Is finds it.
var ErrOtherScene = errors.New("made from another scene")

// ReferenceImage is what RMSE is measured against at w x h from the scene's
// own camera: the analytic image for a scene that has one, else a stored
// reference (StoredReference).
func ReferenceImage(scene *scenes.Scene, w, h int) (*imageio.Image, string, error) {
	if scene.Analytic() {
		return &imageio.Image{W: w, H: h, Pix: scene.AnalyticImage(w, h, 4)}, "analytic", nil
	}
	return StoredReference(scene, w, h)
}

// StoredReference is the scene's stored reference render (speckle
// reference) at w x h, or one k = 2..8 times as large averaged down, with
// where it came from as every use says it: its photon count and file ("1e10
// photons, assets/reference/caustics-640x360.pfm"). None stored: nil and the
// reason, no error. A file that is there but broken (short, long, NaN, Inf,
// negative or implausibly bright values, a bad sidecar) is an error naming
// it; one made from another scene is an error wrapping ErrOtherScene; one of
// fewer than MinReferencePhotons photons, or of an unknown count, is one
// wrapping ErrWeakReference unless AllowWeakReferences. None is ever passed
// over for a smaller one.
func StoredReference(scene *scenes.Scene, w, h int) (*imageio.Image, string, error) {
	sources := referenceSources()
	for k := 1; k <= referenceScales; k++ {
		name := referenceName(scene.Name, k*w, k*h)
		for _, src := range sources {
			if !src.has(name) {
				continue
			}
			img, path, err := readReference(scene, src, name, k*w, k*h)
			if err != nil {
				return nil, "", err
			}
			if k == 1 {
				return &img, path, nil
			}
			// A reference k times as large, averaged over k x k blocks, is one
			// at this size (each pixel the mean radiance over its area).
			small := downsample(img, k)
			return &small, fmt.Sprintf("%s averaged %dx%d", path, k, k), nil
		}
	}
	return nil, fmt.Sprintf("no reference at %dx%d: make one with speckle reference --scene %s --size %dx%d", w, h, scene.Name, w, h), nil
}

// readReference reads and checks the w x h reference name of src.
func readReference(scene *scenes.Scene, src referenceSource, name string, w, h int) (imageio.Image, string, error) {
	path := src.path(name)
	img, err := src.readPFM(name)
	if err != nil {
		return img, path, fmt.Errorf("reference %v", err) // ReadPFM's error names the file
	}
	if img.W != w || img.H != h {
		return img, path, fmt.Errorf("reference %s is %dx%d: its name says %dx%d", imageio.Printable(path), img.W, img.H, w, h)
	}
	if err := imageio.CheckRadiance(img, MostRadiance(scene)); err != nil {
		return img, path, fmt.Errorf("reference %s: %v (radiance is at most %d times the scene's brightest light): make it again with speckle reference",
			imageio.Printable(path), err, plausibleFactor)
	}
	photons, note, err := checkSidecar(scene, src, name, img)
	if err != nil {
		return img, path, err
	}
	if err := checkWeak(path, photons); err != nil {
		return img, path, err
	}
	return img, describeReference(photons, path) + note, nil
}

// plausibleFactor bounds a reference's radiance: no pixel of a scene is
// brighter than its brightest light (radiance does not grow along a path
// and no surface gives back more than it gets), so a value a thousand times
// that is no estimate's noise but a broken file.
const plausibleFactor = 1000

// MostRadiance is the most radiance a reference of scene may hold:
// plausibleFactor times its brightest light's brightest channel.
func MostRadiance(scene *scenes.Scene) float32 {
	var most float32
	for _, m := range scene.Materials {
		if m.Kind == scenes.Light {
			most = max(most, m.Color.Max())
		}
	}
	return plausibleFactor * most
}

// InRepository is a repository file's path (a reference, a stored capture):
// path where it exists from the working directory, else where it is beside
// the binary's folder (bin/speckle run from elsewhere), else path.
func InRepository(path string) string {
	if _, err := os.Stat(path); err == nil {
		return path
	}
	if exe, err := os.Executable(); err == nil {
		alt := filepath.Clean(filepath.Join(filepath.Dir(exe), "..", path))
		if _, err := os.Stat(alt); err == nil {
			return alt
		}
	}
	return path
}

// downsample averages k x k blocks.
func downsample(img imageio.Image, k int) imageio.Image {
	out := imageio.NewImage(img.W/k, img.H/k)
	for y := 0; y < out.H; y++ {
		for x := 0; x < out.W; x++ {
			var sum [4]float32
			for dy := 0; dy < k; dy++ {
				for dx := 0; dx < k; dx++ {
					o := 4 * ((y*k+dy)*img.W + x*k + dx)
					for c := range sum {
						sum[c] += img.Pix[o+c]
					}
				}
			}
			for c := range sum {
				out.Pix[4*(y*out.W+x)+c] = sum[c] / float32(k*k)
			}
		}
	}
	return out
}

// referenceScales: a reference k times the render's size (k = 1..8) serves it, averaged down.
const referenceScales = 8

// ReferenceCandidates are the stored references on disk StoredReference may read for a
// render of scene at w x h: each of its sizes in each folder it searches.
func ReferenceCandidates(scene string, w, h int) []string {
	var out []string
	for k := 1; k <= referenceScales; k++ {
		for _, src := range referenceSources() {
			if src.dir != "" {
				out = append(out, src.path(referenceName(scene, k*w, k*h)))
			}
		}
	}
	return out
}

// referenceDir holds the repository's references (relative to the working directory: the
// repository root); the same files are built in (assets.References).
const referenceDir = "assets/reference"

// ReferenceSizes are the render sizes the stored references of scene serve
// (StoredReference): each reference's own size and its integer divisions
// down to an eighth, largest first, as "WxH", from every folder searched.
func ReferenceSizes(scene string) []string {
	var out []string
	for _, src := range referenceSources() {
		for _, f := range src.names(scene + "-*x*.pfm") {
			var w, h int
			base := strings.TrimSuffix(f, ".pfm")
			if _, err := fmt.Sscanf(base[len(scene)+1:], "%dx%d", &w, &h); err != nil {
				continue
			}
			for k := 1; k <= referenceScales; k++ {
				if size := fmt.Sprintf("%dx%d", w/k, h/k); w%k == 0 && h%k == 0 && !slices.Contains(out, size) {
					out = append(out, size)
				}
			}
		}
	}
	return out
}

// ReferencePath is where speckle reference stores a scene's reference image:
// in ReferenceDir.
func ReferencePath(scene string, w, h int) string {
	return filepath.Join(ReferenceDir(), referenceName(scene, w, h))
}

func referenceName(scene string, w, h int) string { return fmt.Sprintf("%s-%dx%d.pfm", scene, w, h) }
