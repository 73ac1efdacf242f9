package render

import (
	"fmt"
	"os"
	"path/filepath"

	"speckle/imageio"
	"speckle/scenes"
)

// ReferenceImage is what RMSE is measured against at w x h from the scene's
// own camera: the analytic image for a scene that has one, else a stored
// reference render (speckle reference), or nil with the reason.
func ReferenceImage(scene *scenes.Scene, w, h int) (*imageio.Image, string) {
	if scene.Analytic() {
		return &imageio.Image{W: w, H: h, Pix: scene.AnalyticImage(w, h, 4)}, "analytic"
	}
	img, path, err := readReference(ReferencePath(scene.Name, w, h))
	if err == nil {
		return &img, path
	}
	// A reference k times as large, averaged over k x k blocks, is one at
	// this size (each pixel the mean radiance over its area).
	for k := 2; k <= 8; k++ {
		if big, path, err := readReference(ReferencePath(scene.Name, k*w, k*h)); err == nil {
			small := downsample(big, k)
			return &small, fmt.Sprintf("%s averaged %dx%d", path, k, k)
		}
	}
	return nil, fmt.Sprintf("no reference at %dx%d (%v): make one with speckle reference --scene %s --size %dx%d", w, h, err, scene.Name, w, h)
}

// readReference reads a reference from the working directory or, failing
// that, from the repository the binary was built into (InRepository).
func readReference(path string) (imageio.Image, string, error) {
	img, err := imageio.ReadPFM(path)
	if err == nil {
		return img, path, nil
	}
	if alt := InRepository(path); alt != path {
		if img, e := imageio.ReadPFM(alt); e == nil {
			return img, alt, nil
		}
	}
	return img, path, err
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

// ReferencePath is where speckle reference stores a scene's reference image
// (relative to the working directory: the repository root).
func ReferencePath(scene string, w, h int) string {
	return fmt.Sprintf("assets/reference/%s-%dx%d.pfm", scene, w, h)
}
