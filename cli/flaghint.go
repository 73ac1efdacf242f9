package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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
// a known confusion (flagHints), else the command's flag nearest by edit
// distance (at most 2 edits), else "".
func flagHint(c *cobra.Command, msg string) string {
	name := strings.TrimLeft(strings.TrimSpace(msg[strings.LastIndex(msg, ":")+1:]), "-")
	name, _, _ = strings.Cut(name, "=")
	if h := flagHints[[2]string{c.CommandPath(), name}]; h != "" {
		return h
	}
	best, bestD := "", 3
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Deprecated != "" {
			return
		}
		if d := editDistance(name, f.Name); d < bestD {
			best, bestD = f.Name, d
		}
	})
	if best == "" {
		return ""
	}
	return fmt.Sprintf("did you mean --%s?", best)
}

// editDistance is Levenshtein's distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
