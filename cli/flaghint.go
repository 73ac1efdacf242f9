package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"speckle/internal/suggest"
)

// flagHints are the flags of one command that users give to another,
// with what that one takes instead (command path, flag: hint).
var flagHints = map[[2]string]string{
	{"speckle capture", "photons"}: "use --at, the photon counts to show (e.g. --at 1e5,1e6)",
	{"speckle capture", "gen"}:     "did you mean --gens?",
	{"speckle render", "gens"}:     "did you mean --gen? (render draws one generator; capture compares several)",
	{"speckle render", "at"}:       "render takes one total with --photons; capture takes --at",
	{"speckle rng dump", "gens"}:   "did you mean --gen? (a dump is of one generator)",
	{"speckle rng test", "gen"}:    "did you mean --gens?",
	{"speckle rng look", "gen"}:    "did you mean --gens?",
}

// flagHint says which flag the user probably meant by an unknown one:
// a known confusion (flagHints), else the command's flags nearest by
// suggest.Near, else "".
func flagHint(c *cobra.Command, msg string) string {
	name := strings.TrimLeft(strings.TrimSpace(msg[strings.LastIndex(msg, ":")+1:]), "-")
	name, _, _ = strings.Cut(name, "=")
	if h := flagHints[[2]string{c.CommandPath(), name}]; h != "" {
		return h
	}
	var names []string
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden && f.Deprecated == "" {
			names = append(names, f.Name)
		}
	})
	near := suggest.Near(name, names)
	if len(near) == 0 {
		return ""
	}
	return fmt.Sprintf("did you mean --%s?", strings.Join(near, " or --"))
}
