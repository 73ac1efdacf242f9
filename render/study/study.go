// Package study holds Speckle's batch comparisons: renders to exact photon
// counts, captures of several generators at several counts (images,
// montage, convergence table and plot), reference renders and benches. Each
// takes an options struct and runs on a GPU context the caller opened; the
// command line only turns flags into those structs.
package study

// InputError, inputf, IsInputError and Progress are verbatim copies of
// main's render/study/schedule.go (h-clib), so that this branch builds on
// its own: delete this file when merging main.

import (
	"errors"
	"fmt"
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
