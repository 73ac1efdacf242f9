package cli

import "github.com/spf13/cobra"

// deprecate marks a flag deprecated: still read, hidden from help, and a
// note on stderr when used (cobra would print pflag's note on stdout, into
// the command's output).
func deprecate(c *cobra.Command, name, note string) {
	c.Flags().SetOutput(stderrOf{c})
	c.Flags().MarkDeprecated(name, note)
}

// stderrOf writes to the command's stderr as it is when written to: the
// tree's writers are set after the command is built.
type stderrOf struct{ c *cobra.Command }

func (w stderrOf) Write(p []byte) (int, error) { return w.c.ErrOrStderr().Write(p) }
