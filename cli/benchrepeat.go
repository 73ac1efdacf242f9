package cli

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/spf13/cobra"

	"speckle/study/bench"
)

// maxRepeats bounds bench render --repeat.
const maxRepeats = 100

// invokedArgs are the arguments Main was called with: a repeat runs them
// again, less --repeat, in fresh processes.
var invokedArgs []string

// selfCommand starts this program with args in a fresh process (the tests
// start their own binary their way).
var selfCommand = func(args []string) *exec.Cmd {
	exe, err := os.Executable()
	if err != nil {
		exe = os.Args[0]
	}
	return exec.Command(exe, args...)
}

// withoutRepeat is args less --repeat and its value, plus --json.
func withoutRepeat(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--repeat":
			i++
		case strings.HasPrefix(a, "--repeat="), a == "--json":
		default:
			out = append(out, a)
		}
	}
	return append(out, "--json")
}

// runRepeated runs the bench in o.repeat fresh processes, one after
// another, each opening its own GL context and compiling its own programs,
// so that a figure that moves between processes shows as a spread.
func (o *benchRenderOptions) runRepeated(c *cobra.Command) error {
	args := withoutRepeat(invokedArgs)
	var runs [][]byte
	for i := range o.repeat {
		fmt.Fprintf(c.ErrOrStderr(), "bench render: process %d of %d\n", i+1, o.repeat)
		cmd := selfCommand(args)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
			return fmt.Errorf("process %d of %d failed (%v): %s", i+1, o.repeat, err, lines[len(lines)-1])
		}
		runs = append(runs, out.Bytes())
	}
	rep, err := bench.MergeRepeats(runs)
	if err != nil {
		return err
	}
	if o.asJSON {
		return rep.WriteJSON(c.OutOrStdout())
	}
	return rep.WriteTable(c.OutOrStdout())
}
