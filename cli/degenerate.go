package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"speckle/render"
	"speckle/rng"
	"speckle/study"
	"speckle/study/capture"
)

// degenerate warns, one stderr line each, about the degenerate seeds or
// states (rng.Generator.Degenerate) that each spec's first streams streams
// run into, and returns them as one note per spec (empty: none) for the
// command's CSV and JSON. A spec all of whose streams would be constant is
// refused (exit 2): nothing drawn from it would mean anything. Anything
// less is a warning: the lab exists to show bad numbers too.
func degenerate(c *cobra.Command, specs []rng.Spec, streams int, seed uint32) ([]string, error) {
	notes := make([]string, len(specs))
	for i, sp := range specs {
		label := sp.Label()
		if !sp.HasSeed {
			label += fmt.Sprintf(" seed=%d", seed)
		}
		note, err := degenerateConfig(c, label, sp.Gen, sp.Config(streams, seed))
		if err != nil {
			return nil, err
		}
		notes[i] = note
	}
	return notes, nil
}

// degenerateConfig warns about gen's degeneracies as cfg lays it out, and
// refuses it where every stream is constant.
func degenerateConfig(c *cobra.Command, label string, gen *rng.Generator, cfg rng.Config) (string, error) {
	texts, refused, err := gen.Warnings(cfg)
	if err != nil {
		return "", usageError{err.Error()}
	}
	if refused != "" {
		return "", usagef("%s: %s", label, refused)
	}
	for _, text := range texts {
		fmt.Fprintf(c.ErrOrStderr(), "%s: warning: %s: %s\n", c.CommandPath(), label, text)
	}
	return strings.Join(texts, "; "), nil
}

// captureWarnings says, each to say, what a resolved capture's renders
// (its counts and photons an iteration fixed for the device) warn of
// before they start (render.SpecWarnings: the passes as they lay them
// out); a generator every stream of whose pass is constant is refused.
func captureWarnings(o capture.Capture, say func(string)) error {
	lines, err := render.SpecWarnings(o.Specs, o.Seed, o.Seeds, o.Width, o.Height, o.PhotonsPerIteration, o.At[len(o.At)-1])
	if err != nil {
		return usageError{err.Error()}
	}
	for _, l := range lines {
		say(l)
	}
	return nil
}

// pastPeriod warns, as degenerate does, where the battery draws some of a
// spec's numbers twice (study.Repeats: past its period, or its streams
// drawing one another's), and appends the warning to the spec's note.
func pastPeriod(c *cobra.Command, specs []rng.Spec, streams int, seed uint32, numbers int64, notes []string) error {
	for i, sp := range specs {
		why, err := study.Repeats(sp, streams, seed, numbers)
		if err != nil {
			return err
		}
		if why == "" {
			continue
		}
		fmt.Fprintf(c.ErrOrStderr(), "%s: warning: %s: %s\n", c.CommandPath(), sp.Label(), why)
		if notes[i] != "" {
			notes[i] += "; "
		}
		notes[i] += why
	}
	return nil
}
