package cli

import "speckle/rng"

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

// refuseNoReference refuses a glsl: generator where rng look draws from the
// Go reference: --device cpu, and the photon pass's views.
func (o *lookOptions) refuseNoReference() error {
	if o.look.OnGPU {
		return nil
	}
	what := "--device cpu"
	if o.device == "gpu" {
		what = "the " + o.look.View + " view (drawn from the Go reference)"
	}
	return refuseNoReference(what, o.look.Specs...)
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
