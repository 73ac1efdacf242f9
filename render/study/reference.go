package study

import (
	"path/filepath"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/render"
	"speckle/rng"
)

// ReferenceDir is where reference renders are written (render.ReferencePath).
const ReferenceDir = "assets/reference"

// ReferenceSize is the size of the stored reference renders: capture's and
// reference's default, so that capture finds them.
const ReferenceSize = "640x360"

// Reference is a long render of a scene stored as the linear radiance that
// RMSE is measured against (render.ReferenceImage).
type Reference struct {
	Setup
	Spec     rng.Spec
	Total    int64
	Progress Progress
}

// Path is where the reference goes; a scene without one (an analytic
// image), or whose name would lead outside ReferenceDir, is refused.
func (r Reference) Path() (string, error) {
	if r.Scene.Analytic() {
		return "", inputf("scene %s has an analytic image: it needs no reference render", r.Scene.Name)
	}
	path := render.ReferencePath(r.Scene.Name, r.Width, r.Height)
	if rel, err := filepath.Rel(ReferenceDir, path); err != nil || !filepath.IsLocal(rel) || filepath.Dir(rel) != "." {
		return "", inputf("scene name %q would write %s, outside %s", r.Scene.Name, path, ReferenceDir)
	}
	return path, nil
}

// Check refuses bad options before any GPU work.
func (r Reference) Check() error {
	if _, err := r.Path(); err != nil {
		return err
	}
	_, err := r.Config(r.Spec)
	return err
}

// Run renders the reference and writes it; it returns the photons traced.
func (r Reference) Run(c *gpu.Context) (emitted int64, err error) {
	path, err := r.Path()
	if err != nil {
		return 0, err
	}
	img, s, err := r.renderTo(c, r.Spec, r.Total, r.Progress)
	if err != nil {
		return 0, err
	}
	defer s.Close()
	return s.Emitted, imageio.WritePFM(path, img)
}
