package app

import (
	"speckle/scenes"
)

// warn is notify for what went wrong: shown in the window and said on stderr.
func (a *App) warn(format string, args ...any) { a.toastTo(a.opts.Err, format, args...) }

// keptInputs are inputs of the settings that failed to load ("" for none).
type keptInputs struct {
	scene  string
	camera *scenes.Camera
	field  string
}

// toSave is the settings to save: the model's, with the inputs that failed to load this
// run put back where the fallback still stands in for them.
func (a *App) toSave() Settings {
	s := a.Model.S
	if a.kept.scene != "" && s.Scene == a.sceneKey {
		s.Scene, s.Camera = a.kept.scene, a.kept.camera
	}
	if a.kept.field != "" && s.Lines.Field == a.fieldKey {
		s.Lines.Field = a.kept.field
	}
	return s
}
