package cli

import (
	"strings"

	"github.com/spf13/cobra"

	"speckle/internal/suggest"
)

// strictBuiltins makes cobra's own help and completion commands refuse what they do
// not know, as every other command does (exit status 2): left alone, `speckle help
// bogus` prints the root's help and `speckle completion bogus` the completion help, both
// exit 0, so a script's typo passes unnoticed.
func strictBuiltins(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		switch c.Name() {
		case "help":
			c.Args = helpTopic
		case "completion":
			c.Args, c.RunE = noArgs, func(c *cobra.Command, _ []string) error { return c.Help() }
			for _, shell := range c.Commands() {
				shell.Args = noArgs
			}
		}
	}
}

// helpTopic accepts the words of a command path, as `speckle help rng look`.
func helpTopic(c *cobra.Command, args []string) error {
	found, rest, err := c.Root().Find(args)
	if err != nil || len(rest) > 0 || (found == c.Root() && len(args) > 0) {
		if err == nil && len(rest) > 0 {
			var names []string
			for _, s := range found.Commands() {
				if s.IsAvailableCommand() {
					names = append(names, s.Name())
				}
			}
			if h := suggest.Hint(rest[0], names); h != "" {
				return usagef("unknown help topic %q (%s)", strings.Join(args, " "), h)
			}
		}
		return usagef("unknown help topic %q (try speckle help)", strings.Join(args, " "))
	}
	return nil
}
