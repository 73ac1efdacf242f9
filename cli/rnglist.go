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

// familyTitles head each family of generators in `rng list`.
var familyTitles = map[string]string{
	rng.HashFamily: "GPU hashes (Jarzynski & Olano, JCGT 9(3) 2020): a hash keyed by stream t, draw d and seed S;\n" +
		"--hash-key says how (counter, linear, nested, paper: the authors' TestU01 harness; native where the hash takes several words)",
}

func listTable(w io.Writer) {
	family := ""
	for _, g := range rng.All {
		if g.Family != family {
			family = g.Family
			fmt.Fprintf(w, "\n%s\n", familyTitles[family])
		}
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
	fmt.Fprintf(w, "\nYour own generator (docs/manual.md, \"Your own generator\")\n%-8s %s\n", rng.UserPrefix+":FILE",
		"a GLSL file defining #define RNG_STATE_WORDS N, void rng_init(uint stream) and uint rng_u32(); the GPU only: it has no CPU reference")
}

func listJSON(w io.Writer) error {
	type entry struct {
		Name    string       `json:"name"`
		Doc     string       `json:"doc"`
		Options []rng.Option `json:"options"`
		Control bool         `json:"control,omitempty"`
		Family  string       `json:"family,omitempty"`
		Inexact bool         `json:"inexact,omitempty"`
	}
	var list []entry
	for _, g := range rng.All {
		list = append(list, entry{g.Name, g.Doc, g.Options, g.Control, g.Family, g.Inexact})
	}
	return writeJSON(w, list)
}
