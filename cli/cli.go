// Package cli is Speckle's command line: one file per command, each turning
// its flags into an options struct and calling a library function. The
// command tree (root.go) is the one table that help, completion and the
// README's command list come from.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"speckle/gpu"
	"speckle/internal/numcheck"
)

// usageError is a bad command line: one line on stderr, exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

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
