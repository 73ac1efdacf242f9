package cli

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"speckle/gpu"
	"speckle/internal/numcheck"
	"speckle/internal/stats"
	"speckle/internal/suggest"
	"speckle/rng"
)

// The flags several commands share, defined once: numbers checked as they
// are parsed, the GPU context's flags, generator specs.

// numberValue is a float64 flag that takes only values in its range: NaN,
// ±Inf and values outside are a usage error naming the flag and the range.
type numberValue struct {
	v *float64
	r numcheck.Range
}

func (f numberValue) String() string { return numcheck.Format(*f.v) }
func (f numberValue) Type() string   { return "number" }
func (f numberValue) Set(s string) error {
	v, err := numcheck.ParseFloat(s)
	if err != nil {
		return fmt.Errorf("must be a number %s: %v", f.r, err)
	}
	if err := f.r.Check(v); err != nil {
		return err
	}
	*f.v = v
	return nil
}

// numberFlag defines a float64 flag that only takes values in r; the help
// states the range.
func numberFlag(fs *pflag.FlagSet, p *float64, name string, value float64, r numcheck.Range, usage string) {
	*p = value
	fs.Var(numberValue{p, r}, name, usage+"; "+r.String())
}

// intValue is an int flag that takes only lo..hi.
type intValue struct {
	v      *int
	lo, hi int
}

func (f intValue) String() string { return strconv.Itoa(*f.v) }
func (f intValue) Type() string   { return "int" }
func (f intValue) Set(s string) error {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 0, 64)
	if err != nil {
		return fmt.Errorf("must be a whole number %d..%d (got %q)", f.lo, f.hi, s)
	}
	if err := numcheck.Int(n, int64(f.lo), int64(f.hi)); err != nil {
		return err
	}
	*f.v = int(n)
	return nil
}

// wholeFlag defines an int flag that only takes lo..hi; the help states the range.
func wholeFlag(fs *pflag.FlagSet, p *int, name string, value, lo, hi int, usage string) {
	*p = value
	fs.Var(intValue{p, lo, hi}, name, fmt.Sprintf("%s; %d..%d", usage, lo, hi))
}

// choiceValue is a string flag that takes only one of its choices: the one
// check of a word-valued flag (rng dump's --format and --order), made as the
// flag is parsed, so that the command never sees another word.
type choiceValue struct {
	v       *string
	choices []string
}

func (f choiceValue) String() string { return *f.v }
func (f choiceValue) Type() string   { return "string" }
func (f choiceValue) Set(s string) error {
	if !slices.Contains(f.choices, s) {
		last := len(f.choices) - 1
		return fmt.Errorf("must be %s or %s %s", strings.Join(f.choices[:last], ", "), f.choices[last], suggest.Got(s, f.choices))
	}
	*f.v = s
	return nil
}

// choiceFlag defines a string flag that only takes one of choices (at
// least two), value first among them.
func choiceFlag(fs *pflag.FlagSet, p *string, name, value string, choices []string, usage string) {
	*p = value
	fs.Var(choiceValue{p, choices}, name, usage)
}

// addGL defines the flags of every command that opens a GPU context.
func (g *glFlags) addTo(fs *pflag.FlagSet) {
	fs.StringVar(&g.platform, "egl-platform", "", "EGL platform: device or surfaceless (default: $"+gpu.PlatformEnv+", else a hardware device, else surfaceless)")
	fs.BoolVar(&g.debug, "gl-debug", false, "print OpenGL debug messages")
	g.device = -1
	if fs.Lookup("device") != nil {
		return // rng dump's and look's gpu|cpu|N: see gpuOrCPU
	}
	fs.Var(intValue{&g.device, 0, 63}, "device", "EGL device to run on, as speckle gpu lists them; auto: a hardware device, else surfaceless")
	fs.Lookup("device").DefValue = "auto"
}

// completeGenerators offers the registered generators' names to shell
// completion of a flag that names generators.
func completeGenerators(c *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, g := range rng.All {
		out = append(out, g.Name+"\t"+g.Doc)
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// specValue is a flag naming one generator in rng.Spec's grammar (--gen).
type specValue struct{ s *rng.Spec }

func (v specValue) Type() string { return "spec" }
func (v specValue) String() string {
	if v.s == nil || v.s.Gen == nil {
		return ""
	}
	return v.s.String()
}
func (v specValue) Set(s string) error {
	sp, err := rng.ParseSpec(s)
	if err != nil {
		return err
	}
	*v.s = sp
	return nil
}

// specFlag defines a flag naming one generator, NAME[:OPTION=VALUE]...[:seed=S].
func specFlag(c *cobra.Command, p *rng.Spec, name string, value rng.Spec, usage string) {
	*p = value
	c.Flags().Var(specValue{p}, name, usage+" (NAME[:OPTION=VALUE]...[:seed=S], e.g. lehmer:lehmer-seeding=slm; speckle rng list shows every option)")
	c.RegisterFlagCompletionFunc(name, completeGenerators)
}

// specsValue is a flag naming generators, comma-separated, or all (--gens, --panes).
type specsValue struct{ s *[]rng.Spec }

func (v specsValue) Type() string   { return "specs" }
func (v specsValue) String() string { return specList(*v.s) }
func (v specsValue) Set(s string) error {
	sp, err := rng.ParseSpecs(s)
	if err != nil {
		return err
	}
	*v.s = sp
	return nil
}

// specsFlag defines a flag naming generators: specs separated by commas, or all.
func specsFlag(c *cobra.Command, p *[]rng.Spec, name string, value []rng.Spec, usage string) {
	*p = value
	c.Flags().Var(specsValue{p}, name, usage+" (SPEC,SPEC,... or all; SPEC is NAME[:OPTION=VALUE]...[:seed=S]; speckle rng list shows every option)")
	c.RegisterFlagCompletionFunc(name, completeSpecList)
}

// completeSpecList completes the last generator of a comma-separated list.
func completeSpecList(c *cobra.Command, args []string, typed string) ([]string, cobra.ShellCompDirective) {
	done := ""
	if i := strings.LastIndex(typed, ","); i >= 0 {
		done = typed[:i+1]
	}
	var out []string
	for _, g := range rng.All {
		out = append(out, done+g.Name)
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// genOptionFlags are the generator options once given as flags of their
// own (--lux 3, --ca-steps 2): deprecated aliases of the spec's options,
// hidden from help. fold puts them into the specs, where options belong,
// and says the spec to give instead.
type genOptionFlags struct {
	values map[string]*string
	fs     *pflag.FlagSet
}

func addGenOptions(fs *pflag.FlagSet) *genOptionFlags {
	o := &genOptionFlags{values: map[string]*string{}, fs: fs}
	for _, name := range rng.OptionNames() {
		o.values[name] = fs.String(name, "", "deprecated: give it in the spec, NAME:"+name+"=VALUE")
		fs.MarkHidden(name)
	}
	return o
}

// set returns the options given on the command line.
func (o *genOptionFlags) set() map[string]string {
	m := map[string]string{}
	o.fs.Visit(func(f *pflag.Flag) {
		if v, ok := o.values[f.Name]; ok {
			m[f.Name] = *v
		}
	})
	return m
}

// fold is specs with the option flags given (each under a spec's own
// option), checked once here; it refuses a flag no spec's generator has
// and tells stderr the --flag value that says the same.
func (o *genOptionFlags) fold(c *cobra.Command, flag string, specs []rng.Spec) ([]rng.Spec, error) {
	opts := o.set()
	if len(opts) == 0 {
		return specs, nil
	}
	if err := checkGenOptions(opts, specs); err != nil {
		return nil, err
	}
	out := make([]rng.Spec, len(specs))
	for i, sp := range specs {
		out[i] = sp.With(opts)
		if err := out[i].Check(); err != nil {
			return nil, usagef("%v", err)
		}
	}
	given := make([]string, 0, len(opts))
	for name := range opts {
		given = append(given, "--"+name)
	}
	slices.Sort(given)
	note(c, fmt.Sprintf("%s: deprecated, the options belong in the spec: --%s %s", strings.Join(given, " "), flag, specList(out)))
	return out, nil
}

// glFlags are the flags of every command that opens a GPU context.
type glFlags struct {
	platform string
	debug    bool
	device   int // -1: the platform's choice
}

// check refuses an unknown platform as bad input (exit 2), not a GPU failure (1).
func (g *glFlags) check() error {
	p := g.platform
	if p == "" {
		p = os.Getenv(gpu.PlatformEnv)
	}
	if p != "" && p != "auto" && p != "device" && p != "surfaceless" {
		if h := suggest.Hint(p, []string{"auto", "device", "surfaceless"}); h != "" {
			return usagef("unknown EGL platform %q (%s)", p, h)
		}
		return usagef("unknown EGL platform %q (device or surfaceless)", p)
	}
	if g.device >= 0 && g.platform == "surfaceless" {
		return usagef("--device opens an EGL device: --egl-platform surfaceless has none")
	}
	if g.device >= 0 {
		if err := gpu.CheckDevice(g.device); err != nil {
			return usageError{err.Error()}
		}
	}
	return nil
}

// gpuOrCPU reads rng dump's and look's --device: gpu, cpu, or the index
// of the EGL device whose GPU runs the GLSL port (then device becomes gpu).
func gpuOrCPU(device *string, g *glFlags) error {
	if *device == "gpu" || *device == "cpu" {
		return nil
	}
	if err := (intValue{&g.device, 0, 63}).Set(*device); err != nil {
		return usagef("--device must be gpu, cpu or an EGL device's index (got %q)", *device)
	}
	*device = "gpu"
	return nil
}

// options are the gpu.Options the flags ask for.
func (g *glFlags) options() gpu.Options {
	return gpu.Options{Platform: g.platform, Debug: g.debug, OnDevice: g.device >= 0, Device: max(g.device, 0)}
}

// open makes the GPU context; main has locked this goroutine to its thread.
func (g *glFlags) open() (*gpu.Context, error) {
	if err := g.check(); err != nil {
		return nil, err
	}
	c, err := gpu.Open(g.options())
	if err != nil {
		return nil, fmt.Errorf("no usable GPU: %v", err)
	}
	recordDevice(c.Info)
	return c, nil
}

// listValue is a flag of comma-separated values, each read by parse and
// written by format, repeats dropped; where all is set, "all" (and the flag's
// empty default) is every value.
type listValue[T comparable] struct {
	list   *[]T
	typ    string
	parse  func(string) (T, error)
	format func(T) string
	all    []T
}

func (v listValue[T]) Type() string { return v.typ }
func (v listValue[T]) String() string {
	if v.all != nil && (len(*v.list) == 0 || slices.Equal(*v.list, v.all)) {
		return "all"
	}
	parts := make([]string, len(*v.list))
	for i, x := range *v.list {
		parts[i] = v.format(x)
	}
	return strings.Join(parts, ",")
}
func (v listValue[T]) Set(s string) error {
	if v.all != nil && strings.TrimSpace(s) == "all" {
		*v.list = slices.Clone(v.all)
		return nil
	}
	var list []T
	for _, part := range strings.Split(s, ",") {
		x, err := v.parse(strings.TrimSpace(part))
		if err != nil {
			return err
		}
		if !slices.Contains(list, x) {
			list = append(list, x)
		}
	}
	*v.list = list
	return nil
}

// testsFlag is --tests: the battery's tests by name, or all (all: what
// "all" stands for; its names are listed unless listed says they are
// elsewhere in the help).
func testsFlag(fs *pflag.FlagSet, p *[]stats.Test, usage string, all []stats.Test, listed bool) {
	var names []string
	for _, t := range all {
		names = append(names, t.String())
	}
	if listed {
		usage = fmt.Sprintf("%s, comma-separated (each named and described under Tests above), or all: the %d tests", usage, len(all))
	} else {
		usage += ", comma-separated, or all: " + strings.Join(names, ", ")
	}
	fs.Var(listValue[stats.Test]{p, "tests", stats.Parse, stats.Test.String, all}, "tests", usage)
}

// notesKey is where a run's notes wait in the root command's annotations.
const notesKey = "speckle-notes"

// note keeps a line for after the run: Main prints the notes unless the
// command line is refused, so bad input still gets its one line alone.
func note(c *cobra.Command, line string) {
	root := c.Root()
	if root.Annotations == nil {
		root.Annotations = map[string]string{}
	}
	root.Annotations[notesKey] += "speckle: " + line + "\n"
}

// namedValue is a flag holding one value of a named type (render.Deposit,
// imageio.Metric): parsed by its parser, printed by its String.
type namedValue[T fmt.Stringer] struct {
	p     *T
	typ   string
	parse func(string) (T, error)
}

func (v namedValue[T]) Type() string   { return v.typ }
func (v namedValue[T]) String() string { return (*v.p).String() }
func (v namedValue[T]) Set(s string) (err error) {
	*v.p, err = v.parse(strings.TrimSpace(s))
	return err
}
