package cli

import (
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

// refuseUserPanes refuses a glsl: generator in the window's panes, which
// keep generators by registered name (settings files, pickers): not yet.
func refuseUserPanes(panes []rng.Spec) error {
	for _, sp := range panes {
		if sp.Gen.UserFile != "" {
			return usagef("--panes %s: the window does not take a glsl: generator yet (render, capture, rng look and rng test do)", sp.Label())
		}
	}
	return nil
}
