package cli

import (
	"path/filepath"

	"github.com/spf13/cobra"

	"speckle/rng"
)

// refuseNoReference refuses, in one line (exit status 2), a user's GLSL
// generator (glsl:FILE) where a command would draw it from the Go
// reference, which it has none of: what says where ("--device cpu").
func refuseNoReference(what string, specs ...rng.Spec) error {
	for _, sp := range specs {
		if err := sp.Gen.NoReference(what); err != nil {
			return usageError{err.Error()}
		}
	}
	return nil
}

// checkSpecs refuses a glsl: generator where rng look draws from the Go
// reference (--device cpu, the photon pass's views), then warns of the
// specs' degenerate seeds or states (each spec alone: its own streams).
func (o *lookOptions) checkSpecs(c *cobra.Command, specs []rng.Spec) error {
	if !o.look.OnGPU {
		what := "--device cpu"
		if o.device == "gpu" {
			what = "the " + o.look.View + " view (drawn from the Go reference)"
		}
		if err := refuseNoReference(what, specs...); err != nil {
			return err
		}
	}
	for _, sp := range specs {
		if _, err := degenerate(c, []rng.Spec{sp}, o.look.Streams(sp.Gen), o.look.Seed); err != nil {
			return err
		}
	}
	return nil
}

// userPanesAbsolute names each user's generator among the window's panes
// by its absolute path: the window keeps generators by name (its settings
// file, the picker), and a relative path would name another file, or none,
// when the settings are read again from another folder.
func userPanesAbsolute(panes []rng.Spec) error {
	for i, sp := range panes {
		if sp.Gen.UserFile == "" || filepath.IsAbs(sp.Gen.UserFile) {
			continue
		}
		abs, err := filepath.Abs(sp.Gen.UserFile)
		if err != nil {
			return usagef("--panes %s: %v", sp.Label(), err)
		}
		if panes[i].Gen, err = rng.LoadUser(abs); err != nil {
			return usageError{err.Error()}
		}
	}
	return nil
}
