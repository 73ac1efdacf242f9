package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/numcheck"
)

// usageError is a bad command line: one line on stderr, exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

const mainUsage = `Speckle: what a random number generator does to an image.

Usage:
  speckle                               the window: cornell with rand48, lehmer, ca and philox
                                        side by side, converging live (see 'speckle app --help');
                                        with no display, the same comparison rendered headless
                                        into screenshots/compare
  speckle app [--panes A,B,C,D] [--frames N --screenshot out.png] [--headless]
  speckle render    --scene S --gen G [--photons 1e7] [--out FILE.png]
  speckle capture   --scene S --gens A,B --at 1e5,1e6,1e7 [--out DIR]
                                        images, montage, convergence CSV and plot
  speckle reference --scene S           a long philox render to measure RMSE against
  speckle bench render [--scenes ...] [--gens ...]   photons per second per scene and generator
  speckle streamlines --field dem|gyre|cylinder|FILE --gen G [--gens A,B] [--bench]  jittered streamlines
  speckle rng list  [--json]            the generators and their options
  speckle rng dump  --gen NAME [...]    raw numbers of a generator (see 'speckle rng dump --help')
  speckle rng bench [--gen A,B] [--json] numbers per second on this GPU
  speckle gpu                           the OpenGL device Speckle would use

Headless OpenGL runs through EGL: a hardware GPU through the device platform,
else Mesa's surfaceless platform (llvmpipe); set SPECKLE_EGL_PLATFORM=device|surfaceless
(or --egl-platform) to choose. --gl-debug prints the driver's debug messages.
`

// command is one subcommand: it parses its own flags.
type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"rng list", "list the generators and their options", rngList},
		{"rng dump", "write raw numbers of a generator", rngDump},
		{"rng bench", "measure numbers per second on the GPU", rngBench},
		{"render", "render a scene with one generator", renderCmd},
		{"capture", "render with several generators at several photon counts", captureCmd},
		{"reference", "render a long reference image of a scene", referenceCmd},
		{"bench render", "measure photons per second per scene and generator", benchRenderCmd},
		{"streamlines", "jittered streamlines over a flow field with any generator", streamlinesCmd},
		{"gpu", "describe the OpenGL device", gpuInfo},
		{"app", "the interactive window", appCmd},
	}
}

// run dispatches a command line and returns the exit status: 0, 2 for a usage error (bad
// input), 1 for a failure at run time (GPU, disk, a lost stdout).
func run(args []string, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	code := dispatch(args, out, stderr)
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

func dispatch(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0 && hasDisplay():
		args = []string{"app"}
	case len(args) == 0:
		fmt.Fprintln(stdout, "no display (DISPLAY and WAYLAND_DISPLAY are unset): rendering the default comparison headless instead of opening the window")
		args = defaultComparison
	case strings.HasPrefix(args[0], "-") && !isHelp(args[0]):
		args = append([]string{"app"}, args...) // speckle --frames 10 ...
	}
	if isHelp(args[0]) || args[0] == "help" {
		fmt.Fprint(stdout, mainUsage)
		return 0
	}
	var match *command
	var rest []string
	for _, c := range commands() {
		words := strings.Fields(c.name)
		if len(args) >= len(words) && strings.Join(args[:len(words)], " ") == c.name {
			match, rest = &c, args[len(words):]
			break
		}
	}
	if match == nil {
		if args[0] == "rng" {
			if len(args) == 1 || isHelp(args[1]) {
				fmt.Fprint(stdout, mainUsage)
				return 0
			}
			fmt.Fprintf(stderr, "speckle: unknown command \"rng %s\" (list, dump or bench)\n", args[1])
			return 2
		}
		fmt.Fprintf(stderr, "speckle: unknown command %q (try speckle --help)\n", args[0])
		return 2
	}
	if match.name != "app" { // the window saves its settings on Ctrl-C: its own handler
		defer catchSignals(match.name, stderr)()
	}
	err := match.run(rest, stdout, stderr)
	var usage usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &usage):
		fmt.Fprintf(stderr, "speckle %s: %v\n", match.name, err)
		return 2
	default:
		fmt.Fprintf(stderr, "speckle %s: %v\n", match.name, err)
		return 1
	}
}

// defaultComparison is what plain `speckle` (and `make run`) does where no
// window can open: the default side-by-side comparison, rendered headless.
var defaultComparison = []string{"capture", "--scene", "cornell", "--gens", "rand48,lehmer,ca,philox",
	"--at", "auto", "--out", "screenshots/compare"}

func isHelp(a string) bool { return a == "-h" || a == "--help" || a == "-help" }

// newFlags makes a flag set that reports errors as values, prints usage only
// for --help, and names the command.
func newFlags(name, usage string, stdout io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	// The flag package calls Usage on every parse error; only --help prints it.
	fs.Usage = func() {}
	helps[fs] = func() {
		fmt.Fprintf(stdout, "Usage: speckle %s\n\n", usage)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// helps holds each flag set's usage printer.
var helps = map[*flag.FlagSet]func(){}

// parse parses args; a bad flag becomes a one-line error, --help prints usage.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			helps[fs]()
			return err
		}
		if e := badValues[fs]; e != nil {
			return e // the project's "--alpha must be ..." over flag's wording
		}
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// numFlag is a float64 flag checked as it is parsed: NaN, ±Inf and values
// outside its range are a usage error that names the flag and the range.
type numFlag struct {
	v    *float64
	r    numcheck.Range
	name string
	fs   *flag.FlagSet
}

// badValues holds, per flag set, the message of a checked flag's bad value:
// the flag package rewords Set's errors.
var badValues = map[*flag.FlagSet]error{}

// refuse records a checked flag's bad value for parse to report.
func refuse(fs *flag.FlagSet, name string, err error) error {
	badValues[fs] = usagef("--%s %v", name, err)
	return err
}

func (f numFlag) String() string {
	if f.v == nil { // the flag package's zero value, for PrintDefaults
		return ""
	}
	return numcheck.Format(*f.v)
}

func (f numFlag) Set(s string) error {
	v, err := numcheck.ParseFloat(s)
	if err != nil {
		return refuse(f.fs, f.name, fmt.Errorf("must be a number %s: %v", f.r, err))
	}
	if err := f.r.Check(v); err != nil {
		return refuse(f.fs, f.name, err)
	}
	*f.v = v
	return nil
}

// floatFlag defines a float64 flag that only takes values in r; the help
// states the range.
func floatFlag(fs *flag.FlagSet, name string, value float64, r numcheck.Range, usage string) *float64 {
	v := value
	fs.Var(numFlag{&v, r, name, fs}, name, usage+"; "+r.String())
	return &v
}

// intFlag defines an int flag that only takes lo..hi; the help states the range.
func intFlag(fs *flag.FlagSet, name string, value, lo, hi int, usage string) *int {
	v := value
	fs.Func(name, fmt.Sprintf("%s; %d..%d (default %d)", usage, lo, hi, value), func(s string) error {
		n, err := strconv.ParseInt(strings.TrimSpace(s), 0, 64)
		if err != nil {
			return refuse(fs, name, fmt.Errorf("must be a whole number %d..%d (got %q)", lo, hi, s))
		}
		if err := numcheck.Int(n, int64(lo), int64(hi)); err != nil {
			return refuse(fs, name, err)
		}
		v = int(n)
		return nil
	})
	return &v
}

// glFlags are the flags of every command that opens a GPU context.
type glFlags struct {
	platform string
	debug    bool
}

func (g *glFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&g.platform, "egl-platform", "", "EGL platform: device or surfaceless (default: $"+gpu.PlatformEnv+", else a hardware device, else surfaceless)")
	fs.BoolVar(&g.debug, "gl-debug", false, "print OpenGL debug messages")
}

// check refuses an unknown platform as bad input (exit 2), not a GPU failure (1).
func (g *glFlags) check() error {
	p := g.platform
	if p == "" {
		p = os.Getenv(gpu.PlatformEnv)
	}
	if p != "" && p != "auto" && p != "device" && p != "surfaceless" {
		return usagef("unknown EGL platform %q (device or surfaceless)", p)
	}
	return nil
}

// open makes the GPU context; main has locked this goroutine to its thread.
func (g *glFlags) open() (*gpu.Context, error) {
	if err := g.check(); err != nil {
		return nil, err
	}
	c, err := gpu.Open(gpu.Options{Platform: g.platform, Debug: g.debug})
	if err != nil {
		return nil, fmt.Errorf("no usable GPU: %v", err)
	}
	return c, nil
}

func gpuInfo(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("gpu", "gpu [--egl-platform P]", stdout)
	var g glFlags
	g.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	c, err := g.open()
	if err != nil {
		return err
	}
	defer c.Close()
	i := c.Info
	fmt.Fprintf(stdout, "renderer  %s\nvendor    %s\nversion   %s\nplatform  EGL %s\nssbo max  %d MiB\ngroups    %d x %d\n",
		i.Renderer, i.Vendor, i.Version, i.Platform, i.MaxSSBOBytes>>20, i.MaxGroupsX, i.MaxGroupsY)
	return nil
}
