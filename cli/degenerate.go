package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"speckle/rng"
)

// degenerate warns, one stderr line each, about the degenerate seeds or
// states (rng.Generator.Degenerate) that each spec's first streams streams
// run into, and returns them as one note per spec (empty: none) for the
// command's CSV and JSON. A spec all of whose streams would be constant is
// refused (exit 2): nothing drawn from it would mean anything. Anything
// less is a warning: the lab exists to show bad numbers too.
func degenerate(c *cobra.Command, specs []rng.Spec, common map[string]string, streams int, seed uint32) ([]string, error) {
	notes := make([]string, len(specs))
	for i, sp := range specs {
		sp = sp.With(common)
		ds, err := sp.Gen.Degeneracies(sp.Config(streams, seed))
		if err != nil {
			return nil, usageError{err.Error()}
		}
		label := sp.Label()
		if !sp.HasSeed {
			label += fmt.Sprintf(" seed=%d", seed)
		}
		if rng.Refuse(ds, streams) {
			return nil, usagef("%s: every stream is constant, nothing to draw: %s", label, ds[0].Reason)
		}
		var texts []string
		for _, d := range ds {
			text := "degenerate " + d.Text(streams)
			texts = append(texts, text)
			fmt.Fprintf(c.ErrOrStderr(), "%s: warning: %s: %s\n", c.CommandPath(), label, text)
		}
		notes[i] = strings.Join(texts, "; ")
	}
	return notes, nil
}
