package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"speckle/imageio"
	"speckle/internal/printable"
	"speckle/internal/suggest"
	"speckle/internal/units"
	"speckle/render"
	"speckle/rng"
)

// newRoot is the command tree: every command's name, summary, help,
// flags and run function. `speckle help`, `CMD --help`, shell completion
// and the command list of docs/manual.md all come from it.
func newRoot(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "speckle",
		Short: "what a random number generator does to an image",
		Long: `Speckle: what a random number generator does to an image.

With no command: the window, ` + comparisonText() + ` side by side, converging
live (see 'speckle app --help'); with no display, a comparison sized for a CPU
rasteriser that shows two artifacts, rendered headless into screenshots/compare:
` + firstRunText() + `, the caption under montage.png
naming what to look at.

Headless OpenGL runs through EGL: a hardware GPU through the device platform,
else Mesa's surfaceless platform (llvmpipe); set $SPECKLE_EGL_PLATFORM to
device or surfaceless (or --egl-platform) to choose; --gl-debug prints the
driver's debug messages.`,
		Version:       version(),
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return runDefault(c, stdout)
		},
	}
	root.PersistentFlags().BoolVar(&render.AllowWeakReferences, render.AllowWeakFlag, false, fmt.Sprintf("use (or, for speckle reference, make) a reference of fewer than %s photons, or of an unknown count (no sidecar), which is otherwise refused", units.FormatCount(render.MinReferencePhotons)))
	root.PersistentFlags().StringVar(&render.UserReferences, "references", "", "a folder of your own references (speckle reference writes there), searched before the built-in ones (default $"+render.ReferencesEnv+")")
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetVersionTemplate("speckle {{.Version}}\n")
	root.SetFlagErrorFunc(flagError)
	root.CompletionOptions.HiddenDefaultCmd = false
	root.AddGroup(&cobra.Group{ID: "pictures", Title: "Pictures:"}, &cobra.Group{ID: "numbers", Title: "Numbers and devices:"})
	for _, c := range []*cobra.Command{
		newAppCmd(), newRenderCmd(), newCaptureCmd(), newReferenceCmd(), newStreamlinesCmd(), newLessonCmd(), newValidateCmd(),
	} {
		c.GroupID = "pictures"
		root.AddCommand(c)
	}
	for _, c := range []*cobra.Command{
		group("rng", "the generators: list, dump raw numbers, see them, measure speed, test them, quality against speed", newRngListCmd(), newRngDumpCmd(), newRngLookCmd(), newRngBenchCmd(), newRngTestCmd(), newRngParetoCmd()),
		group("ca", "the cellular-automaton generator: evolve its configuration as its paper did", newCAEvolveCmd()),
		group("bench", "measure the renderer", newBenchRenderCmd()),
		newGPUCmd(), newVersionCmd(),
	} {
		c.GroupID = "numbers"
		root.AddCommand(c)
	}
	strictBuiltins(root)
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		fillUsages(c, false)
		help(c, args)
	})
	return root
}

// Main runs a command line and returns the exit status: 0, 2 for a usage
// error (bad input), 1 for a failure at run time (GPU, disk, a lost stdout).
func Main(args []string, stdout, stderr io.Writer) int {
	invokedArgs = args
	imageio.SetProvenance(startProvenance(args))
	defer imageio.SetProvenance(nil)
	out := &checkedWriter{w: stdout}
	code := execute(args, out, stderr)
	if code == 0 && out.err != nil {
		fmt.Fprintf(stderr, "speckle: cannot write the output: %v\n", unwrapPathError(out.err))
		code = 1
	}
	if code != 0 {
		imageio.RemoveLeftovers()
	} else {
		imageio.KeepCreated()
	}
	return code
}

func execute(args []string, stdout, stderr io.Writer) int {
	root := newRoot(stdout, stderr)
	if len(args) > 0 && strings.HasPrefix(args[0], "-") && !isRootFlag(args[0]) && !commandAfterGlobalFlags(root, args) {
		args = append([]string{"app"}, args...) // speckle --frames 10 ...: the window's flags
	}
	root.SetArgs(args)
	var stopSignals func()
	root.PersistentPreRunE = func(c *cobra.Command, _ []string) error {
		if c.Name() == cobra.ShellCompRequestCmd { // the flags' help describes them
			fillUsages(root, true)
		}
		if err := checkReferences(); err != nil {
			return err
		}
		recordSeeds(c.Flags())
		if c.Name() != "app" { // the window saves its settings on Ctrl-C: its own handler
			stopSignals = catchSignals(strings.TrimPrefix(c.CommandPath(), "speckle "), stderr)
		}
		return nil
	}
	c, err := root.ExecuteC()
	if stopSignals != nil {
		stopSignals()
	}
	name := strings.TrimPrefix(c.CommandPath(), "speckle")
	var usage usageError
	var input interface{ UserInput() bool } // a user's GLSL file that does not compile (gpu)
	if errors.As(err, &input) && input.UserInput() {
		usage = usageError{err.Error()}
		err = usage
	}
	if !errors.As(err, &usage) {
		fmt.Fprint(stderr, root.Annotations[notesKey])
	}
	var status exitStatus
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp), errors.Is(err, pflag.ErrHelp):
		return 0
	case errors.As(err, &status): // the command said why already
		return int(status)
	case errors.As(err, &usage):
		fmt.Fprintf(stderr, "speckle%s: %s\n", name, printable.Escape(err.Error()))
		return 2
	default:
		// Escaped as a last guard: a message that missed quoting a path stays one line.
		fmt.Fprintf(stderr, "speckle%s: %s\n", name, printable.Escape(err.Error()))
		return 1
	}
}

// checkReferences refuses, before any command runs, a --references (or $SPECKLE_REFERENCES)
// that is not a folder: before, it was skipped silently and RMSE used the built-in
// reference (issue 34 item 15).
func checkReferences() error {
	dir := render.UserReferenceDir()
	if dir == "" {
		return nil
	}
	from := "--references"
	if render.UserReferences == "" {
		from = "$" + render.ReferencesEnv
	}
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return usagef("%s %s: %v (a folder of your references is needed; speckle reference writes there)", from, imageio.Printable(dir), unwrapPathError(err))
	case !st.IsDir():
		return usagef("%s %s is not a folder", from, imageio.Printable(dir))
	}
	return nil
}

// exitStatus ends a command with this status, its line already printed (the app's 130 when a
// signal kept its screenshot from being written).
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// commandAfterGlobalFlags says whether args are flags every command takes (--references DIR,
// --allow-weak-reference) followed by a command's name: speckle --references . rng list is
// rng list's, not the window's (issue 34 item 14).
func commandAfterGlobalFlags(root *cobra.Command, args []string) bool {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i], "--") {
		name, _, hasValue := strings.Cut(strings.TrimPrefix(args[i], "--"), "=")
		f := root.PersistentFlags().Lookup(name)
		if f == nil {
			return false
		}
		i++
		if !hasValue && f.Value.Type() != "bool" {
			i++ // its value
		}
	}
	if i >= len(args) {
		return false
	}
	for _, c := range root.Commands() {
		if c.Name() == args[i] || slices.Contains(c.Aliases, args[i]) {
			return true
		}
	}
	return args[i] == "help"
}

// isRootFlag: the flags plain `speckle` takes itself; any other leading
// flag belongs to the window.
func isRootFlag(a string) bool {
	switch a {
	case "-h", "--help", "-v", "--version":
		return true
	}
	return strings.HasPrefix(a, "--generate-") // completion scripts' hidden flags
}

// runDefault is plain `speckle`: the window, or where none can open the
// default comparison rendered headless (`make run` on a server).
func runDefault(root *cobra.Command, stdout io.Writer) error {
	if hasDisplay() {
		return runSub(root, "app")
	}
	fmt.Fprintln(stdout, "no display (DISPLAY and WAYLAND_DISPLAY are unset): rendering the default comparison headless instead of opening the window")
	args := defaultComparison(stdout)
	// screenshots/ is Speckle's own default folder: made where it is missing (plain
	// speckle run outside the repository), as capture makes its default folders.
	if err := os.MkdirAll(filepath.Dir(args[slices.Index(args, "--out")+1]), 0o777); err != nil {
		return err
	}
	if err := runSub(root, args...); err != nil {
		return err
	}
	whereNext(stdout, args[slices.Index(args, "--out")+1])
	return nil
}

// runSub runs another command of the tree with args, as if typed.
func runSub(root *cobra.Command, args ...string) error {
	c, rest, err := root.Find(args)
	if err != nil {
		return err
	}
	if err := c.ParseFlags(rest); err != nil {
		return err
	}
	if root.PersistentPreRunE != nil {
		if err := root.PersistentPreRunE(c, rest); err != nil {
			return err
		}
	}
	return c.RunE(c, c.Flags().Args())
}

func specList(specs []rng.Spec) string {
	s := make([]string, len(specs))
	for i, sp := range specs {
		s[i] = sp.String()
	}
	return strings.Join(s, ",")
}

func comparisonText() string {
	s := make([]string, 0, 4)
	for _, sp := range rng.DefaultComparison() {
		s = append(s, sp.Label())
	}
	return "cornell with " + strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// group is a command that only holds others (rng, bench).
func group(name, short string, children ...*cobra.Command) *cobra.Command {
	g := &cobra.Command{
		Use:   name + " COMMAND",
		Short: short,
		Args:  noArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return c.Help() },
	}
	g.AddCommand(children...)
	return g
}

// noArgs refuses words after a command that takes none: an unknown
// subcommand is a usage error (2), not help.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if c.HasSubCommands() {
		// Our own Args stops cobra's suggestions (they live in its default
		// Args), so the one shared "did you mean" is asked here.
		var names, near []string
		for _, s := range c.Commands() {
			if s.IsAvailableCommand() {
				names = append(names, s.Name())
			}
			if s.IsAvailableCommand() || s.Name() == "help" { // cobra's help is not "available"
				near = append(append(near, s.Name()), s.Aliases...)
			}
			if slices.Contains(s.SuggestFor, args[0]) {
				return usagef("unknown command %q (did you mean %s?)", args[0], s.Name())
			}
		}
		if h := suggest.Hint(args[0], near); h != "" {
			return usagef("unknown command %q (%s)", args[0], h)
		}
		return usagef("unknown command %q (%s; try %s --help)", args[0], strings.Join(names, ", "), c.CommandPath())
	}
	return usagef("unexpected argument %q", args[0])
}

// flagError makes a flag's bad value one line naming the flag: the
// value's own message ("--alpha must be ...") without pflag's wrapping.
func flagError(c *cobra.Command, err error) error {
	var bad *pflag.InvalidValueError
	if errors.As(err, &bad) {
		return usagef("--%s %v", bad.GetFlag().Name, bad.Unwrap())
	}
	if strings.HasPrefix(err.Error(), "unknown flag") || strings.HasPrefix(err.Error(), "unknown shorthand flag") {
		if hint := flagHint(c, err.Error()); hint != "" {
			return usagef("%v: %s", err, hint)
		}
		return usagef("%v (try %s --help)", err, c.CommandPath())
	}
	return usageError{err.Error()}
}
