package reference

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/units"
	"speckle/render"
	"speckle/rng"
	"speckle/study"
)

// Reference is a long render of a scene stored as the linear radiance that
// RMSE is measured against (render.ReferenceImage).
type Reference struct {
	study.Setup
	Spec     rng.Spec
	Total    int64
	Progress study.Progress
	// Out, if set, is where the reference goes instead of ReferenceDir (a
	// .pfm; its sidecar beside it).
	Out string
	// Force replaces a reference made from more photons than Total, or of
	// an unknown count (no sidecar): without it such a one is refused.
	Force bool
}

// Path is where the reference goes; a scene without one (an analytic
// image), or whose name would lead outside ReferenceDir, is refused.
func (r Reference) Path() (string, error) {
	if r.Scene.Analytic() {
		return "", study.Inputf("scene %s has an analytic image: it needs no reference render", r.Scene.Name)
	}
	if r.Out != "" {
		if filepath.Ext(r.Out) != ".pfm" {
			return "", study.Inputf("--out %s: a reference is a .pfm file", imageio.Printable(r.Out))
		}
		return r.Out, nil
	}
	path := render.ReferencePath(r.Scene.Name, r.Width, r.Height)
	if rel, err := filepath.Rel(render.ReferenceDir(), path); err != nil || !filepath.IsLocal(rel) || filepath.Dir(rel) != "." {
		return "", study.Inputf("scene name %q would write %s, outside %s", r.Scene.Name, path, render.ReferenceDir())
	}
	return path, nil
}

// Check refuses bad options before any GPU work, a reference of fewer than
// render.MinReferencePhotons photons (every use would refuse it) unless
// render.AllowWeakReferences, and one that would replace a better one
// (keptReference).
func (r Reference) Check() error {
	path, err := r.Path()
	if err != nil {
		return err
	}
	if _, err := r.Config(r.Spec); err != nil {
		return err
	}
	if r.Total < render.MinReferencePhotons && !render.AllowWeakReferences {
		return study.Inputf("--photons %s is under the %s a reference needs (RMSE against it would measure its noise; the shipped ones took 1e10): give more, or --%s makes it, and uses of it then need --%s too",
			units.FormatCount(r.Total), units.FormatCount(render.MinReferencePhotons), render.AllowWeakFlag, render.AllowWeakFlag)
	}
	return r.keptReference(path)
}

// keptReference refuses, without Force, to replace a reference at path made
// from more photons than this run traces, or of a count no sidecar records:
// a reference of 1e5 photons over one of 1e10 would make every later RMSE
// measure the reference's noise.
func (r Reference) keptReference(path string) error {
	if r.Force {
		return nil
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	m, err := render.ReadReferenceMeta(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return study.Inputf("%s holds a reference of an unknown photon count (no %s): --force replaces it", imageio.Printable(path), filepath.Base(render.SidecarPath(path)))
	case err != nil:
		return study.Inputf("%v: --force replaces the reference", err)
	case m.Photons > r.Total:
		return study.Inputf("%s was made from %s photons, more than this run's %s: --force replaces it, --out writes elsewhere",
			imageio.Printable(path), units.FormatCount(m.Photons), units.FormatCount(r.Total))
	}
	return nil
}

// Warning is what to say before a reference of too few photons, or "".
func (r Reference) Warning() string {
	if r.Total >= render.MinReferencePhotons {
		return ""
	}
	return fmt.Sprintf("a reference of %s photons is noisier than the renders it will judge: give at least %s (the shipped ones took 1e10)",
		units.FormatCount(r.Total), units.FormatCount(render.MinReferencePhotons))
}

// Run renders the reference and writes it; it returns the photons traced.
func (r Reference) Run(c *gpu.Context) (emitted int64, err error) {
	path, err := r.Path()
	if err != nil {
		return 0, err
	}
	img, s, err := r.RenderTo(c, r.Spec, r.Total, r.Progress)
	if err != nil {
		return 0, err
	}
	defer s.Close()
	if err := img.Validate(); err != nil {
		return 0, fmt.Errorf("cannot write %s: %w", imageio.Printable(path), err)
	}
	// The image and its sidecar are written together: both into temporary files, and only
	// when both are whole (a full disk fails here, the old pair kept) renamed into place.
	// The old sidecar goes just before: a new image beside it would pass for the old
	// scene's.
	removeOld := func() error {
		if err := os.Remove(render.SidecarPath(path)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	err = imageio.WriteFilesAtomic(removeOld,
		imageio.Staged{Path: path, Write: imageio.PFMWriter(img)},
		imageio.Staged{Path: render.SidecarPath(path), Write: r.Meta(s.Emitted).Writer()})
	return s.Emitted, err
}

// Meta is the sidecar of the reference once emitted photons are traced.
func (r Reference) Meta(emitted int64) render.ReferenceMeta {
	return render.ReferenceMeta{Scene: r.Scene.Name, SceneSHA256: r.Scene.ContentHash(), Width: r.Width, Height: r.Height,
		Photons: emitted, Generator: r.Spec.String()}
}
