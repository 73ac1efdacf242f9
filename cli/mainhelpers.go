package cli

// Verbatim copies of main's cli/renderflags.go helpers (h-clib): seedValue,
// seedFlag, checkGenOptions, inputOrRun, bar, mustSpecs. They let this
// branch build on its own; delete this file when merging main.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"speckle/gpu"
	"speckle/render/study"
	"speckle/rng"
)

// seedValue is a --seed: a uint32, decimal or 0x hex (rng.ParseSeed).
type seedValue struct{ s *uint32 }

func (v seedValue) Type() string   { return "uint32" }
func (v seedValue) String() string { return fmt.Sprint(*v.s) }
func (v seedValue) Set(s string) error {
	n, err := rng.ParseSeed(s)
	if err != nil {
		return fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "the seed ")) // "--seed must be ..."
	}
	*v.s = n
	return nil
}

// seedFlag defines --seed, 1 by default: the seed of each generator that
// does not name its own (philox:seed=3).
func seedFlag(fs *pflag.FlagSet, p *uint32) {
	*p = 1
	fs.Var(seedValue{p}, "seed", "seed of the generators that do not set their own (NAME:seed=S)")
}

// checkGenOptions refuses a generator option given as a flag (--lux) that
// none of the generators named has.
func checkGenOptions(opts map[string]string, specs []rng.Spec) error {
	names := make([]string, len(specs))
	for i, sp := range specs {
		names[i] = sp.Gen.Name
	}
	given := make([]string, 0, len(opts))
	for name := range opts {
		given = append(given, name)
	}
	slices.Sort(given)
	for _, name := range given {
		used := false
		for _, sp := range specs {
			used = used || slices.ContainsFunc(sp.Gen.Options, func(o rng.Option) bool { return o.Name == name })
		}
		if !used {
			return usagef("option --%s does not apply to %s", name, strings.Join(names, ", "))
		}
	}
	return nil
}

// inputOrRun makes the library's refusals of the options usage errors
// (exit status 2); other errors fail at run time (1).
func inputOrRun(err error) error {
	if study.IsInputError(err) {
		return usageError{err.Error()}
	}
	return err
}

// bar shows a study's progress with the terminal bar (progress.go), made
// at the first report, when the total is known; scale divides the units
// (1000: k photons).
type bar struct {
	c           *cobra.Command
	label, unit string
	scale       int64
	p           *progress
}

func (b *bar) report(done, total int64) {
	if b.p == nil {
		b.p = newProgress(b.c.ErrOrStderr(), b.label, int(total/b.scale), b.unit)
	}
	b.p.set(int(done / b.scale))
}

// run opens the GPU context and runs a study on it, the bar showing its
// progress; the study's refusals of its options are usage errors.
func (b *bar) run(gl *glFlags, study func(*gpu.Context) error) error {
	ctx, err := gl.open()
	if err != nil {
		return err
	}
	defer ctx.Close()
	err = study(ctx)
	if b.p != nil {
		b.p.done()
	}
	return inputOrRun(err)
}

// mustSpecs reads a default list of generators.
func mustSpecs(list string) []rng.Spec {
	s, err := rng.ParseSpecs(list)
	if err != nil {
		panic(err)
	}
	return s
}
