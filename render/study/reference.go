package study

import (
	"errors"
	"io/fs"
	"os"
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
	// The old sidecar goes first: a new image beside it would pass for
	// the old scene's. Without one, the image is matched by name only.
	if err := os.Remove(render.SidecarPath(path)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return 0, err
	}
	if err := imageio.WritePFM(path, img); err != nil {
		return 0, err
	}
	return s.Emitted, render.WriteReferenceMeta(path, r.Meta(s.Emitted))
}

// Meta is the sidecar of the reference once emitted photons are traced.
func (r Reference) Meta(emitted int64) render.ReferenceMeta {
	return render.ReferenceMeta{Scene: r.Scene.Name, SceneSHA256: r.Scene.ContentHash(), Width: r.Width, Height: r.Height,
		Photons: emitted, Generator: r.Spec.With(r.Options).String()}
}
