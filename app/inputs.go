package app

import (
	"fmt"

	"speckle/gpu"
	"speckle/render"
	"speckle/scenes"
	"speckle/scenes/flow"
)

// syncScene loads the scene or field the settings name, and the scene's
// reference.
func (a *App) syncScene() error {
	s := a.Model.S
	if s.Mode == ModePhotons && s.Scene != a.sceneKey {
		a.loadScene(s)
	}
	if s.Mode == ModeStreamlines && s.Lines.Field != a.fieldKey {
		a.loadField(s)
	}
	if s.Mode != ModePhotons {
		return nil
	}
	return a.syncReference(a.Model.S)
}

// loadScene opens the scene the settings name. Only the mode's own input is
// loaded. One that cannot be read (a file gone since the settings were
// saved, or a bad one loaded) is reported and the last good one, else the
// built-in default, stays.
func (a *App) loadScene(s Settings) {
	sc, err := scenes.Open(s.Scene)
	if err != nil {
		a.uiErr = plain(err)
		a.warn("scene: %v", err)
		if a.scene == nil { // the settings' own scene: kept in the file
			a.kept.scene, a.kept.camera = s.Scene, s.Camera
			sc, _ = scenes.Builtin("cornell")
			a.scene, a.sceneKey = sc, "cornell"
		}
		a.Model.SetScene(a.sceneKey) // the camera was the lost scene's
	} else {
		a.scene, a.sceneKey, a.kept.scene = sc, s.Scene, ""
	}
}

// loadField opens the flow field the settings name, as loadScene does.
func (a *App) loadField(s Settings) {
	f, err := flow.Open(s.Lines.Field)
	if err != nil {
		a.uiErr = plain(err)
		a.warn("field: %v", err)
		if a.field == nil {
			a.kept.field = s.Lines.Field
			f, _ = flow.Open("dem")
			a.field, a.fieldKey = f, "dem"
		}
		a.Model.S.Lines.Field = a.fieldKey
	} else {
		a.field, a.fieldKey, a.kept.field = f, s.Lines.Field, ""
	}
}

// syncReference sets the photon count and uploads the reference image for
// the scene and camera, or says in refNote why there is none.
func (a *App) syncReference(s Settings) error {
	a.photons = s.Photons
	if a.photons == 0 {
		a.photons = render.AutoPhotonsPerIteration(a.ctx.Info, render.ForFrames)
	}
	// The reference holds for the scene's own camera; the exact image of an
	// analytic scene holds for any camera, so it follows.
	cam := a.scene.Camera
	if s.Camera != nil {
		cam = *s.Camera
	}
	key := fmt.Sprint(s.Scene, s.Resolution, cam)
	if key == a.refKey {
		return nil
	}
	a.ref.Delete()
	a.ref = nil
	if a.dragging { // the exact image of an analytic scene waits for the release
		a.refKey, a.refNote = "", "the camera is moving"
		return nil
	}
	a.refKey = key
	if cam != a.scene.Camera && !a.scene.Analytic() {
		a.refNote = "no reference for a moved camera (reset the camera for RMSE)"
		return nil
	}
	sc := *a.scene
	sc.Camera = cam
	w, h := s.Size()
	img, where, err := render.ReferenceImage(&sc, w, h)
	if err != nil { // broken, or another scene's: no RMSE, and the pane says why
		a.refNote = err.Error()
		return nil
	}
	if img == nil {
		a.refNote = where
		return nil
	}
	t, err := a.ctx.NewTexture(w, h, gpu.RGBA32F)
	if err != nil {
		return err
	}
	if err := t.WriteFloats(img.Pix); err != nil {
		t.Delete()
		return err
	}
	a.ref, a.refNote = t, where
	return nil
}
