package render

import (
	"fmt"

	"speckle/render/imageio"
	"speckle/scenes"
)

// ReferenceImage is what RMSE is measured against at w x h from the scene's
// own camera: the analytic image for a scene that has one, else a stored
// reference render (speckle reference), or nil with the reason.
func ReferenceImage(scene *scenes.Scene, w, h int) (*imageio.Image, string) {
	if scene.Analytic() {
		return &imageio.Image{W: w, H: h, Pix: scene.AnalyticImage(w, h, 4)}, "analytic"
	}
	path := ReferencePath(scene.Name, w, h)
	img, err := imageio.ReadPFM(path)
	if err != nil {
		return nil, fmt.Sprintf("no reference (%v): make one with speckle reference --scene %s --size %dx%d", err, scene.Name, w, h)
	}
	return &img, path
}

// ReferencePath is where speckle reference stores a scene's reference image
// (relative to the working directory: the repository root).
func ReferencePath(scene string, w, h int) string {
	return fmt.Sprintf("assets/reference/%s-%dx%d.pfm", scene, w, h)
}
