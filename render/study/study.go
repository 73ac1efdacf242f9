// Package study holds Speckle's batch comparisons: renders to exact photon
// counts, captures of several generators at several counts (images,
// montage, convergence table and plot), reference renders and benches. Each
// takes an options struct and runs on a GPU context the caller opened; the
// command line only turns flags into those structs.
package study

import (
	"errors"
	"fmt"
	"strings"

	"speckle/rng"
)

// InputError is a refusal of the options themselves, found before or
// without a long run: bad input (the command line's exit status 2), not a
// failure at run time.
type InputError struct{ msg string }

func (e InputError) Error() string { return e.msg }

func inputf(format string, a ...any) error { return InputError{fmt.Sprintf(format, a...)} }

// IsInputError reports whether err refuses the options (see InputError).
func IsInputError(err error) bool { return errors.As(err, new(InputError)) }

// Progress hears how far a long run is: done of total units (photons for
// renders, cases for benches). Nil hears nothing.
type Progress func(done, total int64)

func (p Progress) report(done, total int64) {
	if p != nil {
		p(done, total)
	}
}

// checkCommonOptions refuses a command-wide generator option (--lux,
// --ca-steps) that none of specs has: it would be silently ignored.
func checkCommonOptions(options map[string]string, specs []rng.Spec) error {
	for _, name := range rng.OptionNames() {
		if _, set := options[name]; !set {
			continue
		}
		var names []string
		used := false
		for _, sp := range specs {
			_, has := sp.With(map[string]string{name: ""}).Options[name]
			used = used || has
			names = append(names, sp.Gen.Name)
		}
		if !used {
			return inputf("option --%s does not apply to %s", name, strings.Join(names, ", "))
		}
	}
	return nil
}

// optionsText writes a generator's options as flags, in the registry's
// order ("--lux=3 --ca-steps=2"), or "-" for none: a column of stats.csv and
// of the generator bench.
func optionsText(sp rng.Spec) string {
	var parts []string
	for _, name := range rng.OptionNames() {
		if v, ok := sp.Options[name]; ok {
			parts = append(parts, "--"+name+"="+v)
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}
