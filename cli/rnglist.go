package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"speckle/rng"
)

func newRngListCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "list",
		Short: "list the generators and their options",
		Long: `List the generators and their options. An option is set in the
generator's spec, wherever a generator is named: --gen ranlux:lux=3,
--gens lehmer:lehmer-seeding=slm,ca:ca-preset=linear. (The old flags of
their own, --lux 3, still work but are deprecated: they print the spec to
give instead.)`,
		Example: "  speckle rng list\n  speckle rng list --json",
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if asJSON {
				return listJSON(c.OutOrStdout())
			}
			listTable(c.OutOrStdout())
			return nil
		},
	}
	jsonFlag(c.Flags(), &asJSON)
	return c
}

func listTable(w io.Writer) {
	for _, g := range rng.All {
		fmt.Fprintf(w, "%-8s %s\n", g.Name, g.Doc)
		if g.Control {
			fmt.Fprintf(w, "         (teaching control: known bad, never in the default comparison)\n")
		}
		for _, o := range g.Options {
			def := "" // an empty default: the option's help says who decides
			if o.Default != "" {
				def = " (default " + o.Default + ")"
			}
			fmt.Fprintf(w, "         --%s %s%s: %s\n", o.Name, o.Values(), def, o.Help)
		}
	}
}

func listJSON(w io.Writer) error {
	type entry struct {
		Name    string       `json:"name"`
		Doc     string       `json:"doc"`
		Options []rng.Option `json:"options"`
		Control bool         `json:"control,omitempty"`
	}
	var list []entry
	for _, g := range rng.All {
		list = append(list, entry{g.Name, g.Doc, g.Options, g.Control})
	}
	return writeJSON(w, list)
}
