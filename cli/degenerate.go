package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"speckle/render"
	"speckle/rng"
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

// degenerateRender is degenerate for renders: each spec as both passes of a
// render of w x h pixels and photons an iteration lay it out (render.Layout:
// the eye pass's streams come from another seed).
func degenerateRender(c *cobra.Command, specs []rng.Spec, w, h, photons int, seed uint32) error {
	for _, sp := range specs {
		lines, err := render.Degenerate(sp, seed, w, h, photons)
		if err != nil {
			return usageError{err.Error()}
		}
		for _, l := range lines {
			fmt.Fprintf(c.ErrOrStderr(), "%s: warning: %s\n", c.CommandPath(), l)
		}
	}
	return nil
}

// reuseRender says, one warning line each ("warning: LABEL: ..."), where
// the renders of each spec (`replicates` of them, seeded as capture --seeds
// seeds them) of `total` photons draw past the generator's period or reuse
// streams (render.Reuse: it counts what the passes of w x h pixels and
// photons an iteration draw).
func reuseRender(specs []rng.Spec, w, h, photons int, total int64, replicates int, seed uint32) ([]string, error) {
	var out []string
	for _, sp := range specs {
		base := sp.Seeded(seed).Seed
		seeds := make([]uint32, max(replicates, 1))
		for r := range seeds {
			s, err := sp.Gen.ReplicateSeed(base, r)
			if err != nil {
				return nil, usageError{err.Error()}
			}
			seeds[r] = s
		}
		lines, err := render.Reuse(sp.Gen, seeds, w, h, photons, total, sp.Options)
		if err != nil {
			return nil, usageError{err.Error()}
		}
		label := sp.Label()
		if !sp.HasSeed {
			label += fmt.Sprintf(" seed=%d", base)
		}
		for _, l := range lines {
			out = append(out, fmt.Sprintf("warning: %s: %s", label, l))
		}
	}
	return out, nil
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

// layoutPhotons is a render's photons an iteration for the degeneracy
// checks: where the device decides (0), a GPU's 2^20, so on llvmpipe (2^16)
// a warning may name a stream it never draws.
func layoutPhotons(n int) int {
	if n == 0 {
		return 1 << 20
	}
	return n
}

// reuseCapture says reuseRender's lines for a resolved capture (its
// counts and photons an iteration fixed for the device), each to say.
func reuseCapture(o capture.Capture, say func(string)) error {
	lines, err := reuseRender(o.Specs, o.Width, o.Height, o.PhotonsPerIteration, o.At[len(o.At)-1], o.Seeds, o.Seed)
	for _, l := range lines {
		say(l)
	}
	return err
}
