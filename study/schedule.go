package study

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"speckle/gpu"
	"speckle/internal/units"
	"speckle/render"
)

// InputError is a refusal of the options themselves, found before or
// without a long run: bad input (the command line's exit status 2), not a
// failure at run time.
type InputError struct{ msg string }

func (e InputError) Error() string { return e.msg }

// Inputf is an InputError of the formatted message.
func Inputf(format string, a ...any) error { return InputError{fmt.Sprintf(format, a...)} }

// IsInputError reports whether err refuses the options (see InputError).
func IsInputError(err error) bool { return errors.As(err, new(InputError)) }

// Progress hears how far a long run is: done of total units (photons for
// renders, cases for benches). Nil hears nothing.
type Progress func(done, total int64)

// Report tells p, if any, that done of total units are done.
func (p Progress) Report(done, total int64) {
	if p != nil {
		p(done, total)
	}
}

// DividingIteration is the largest iteration size up to limit that divides
// every stop, so that captures fall at the ends of equal iterations; where
// that would make iterations smaller than half the limit (stops with no
// large common divisor), it is limit, and each stop that is not a multiple
// of it is reached by a shorter iteration (SPPM.IterateTo).
func DividingIteration(limit int, stops []int64) int {
	g := stops[0]
	for _, s := range stops[1:] {
		for b := s; b != 0; g, b = b, g%b {
		}
	}
	for d := min(int64(limit), g); 2*d >= int64(limit) && d > 1; d-- {
		if g%d == 0 {
			return int(d)
		}
	}
	return int(min(int64(limit), stops[len(stops)-1]))
}

// CheckIterations refuses a render of total photons in iterations of
// perIter, ending a shorter one at each of its stops, that would need more
// iterations than a render holds (render.MaxIterations).
func CheckIterations(total int64, perIter, stops int) error {
	if iters := total/int64(perIter) + int64(stops); iters > render.MaxIterations {
		return Inputf("%d photons at %d per iteration are %d iterations, more than a render holds (2^32 - 1): give more --photons-per-iteration", total, perIter, iters)
	}
	return nil
}

// progressBatch is about how long progressive runs between reports: a
// progress bar then moves a few times a second however slow the device
// (batches of 64 iterations made a new user's first report on llvmpipe come
// at 84 % of a 23 s render), while a GPU's iterations of a millisecond still
// go 64 to a read-back. maxBatchIterations bounds a batch.
const (
	progressBatch      = 500 * time.Millisecond
	maxBatchIterations = 64
)

// Progressive runs s to each of stops (photon counts, ascending) and calls
// at(k) when exactly stops[k] photons have been traced: where a stop is not
// a multiple of the iteration size, a shorter iteration ends there and the
// render goes on from it. The last stop ends it. emitted hears the photons
// traced so far after each batch of iterations.
func Progressive(s *render.SPPM, stops []int64, emitted func(int64), at func(k int) error) error {
	n := 1 // iterations between reports: grown or shrunk towards a batch of about progressBatch
	for k, stop := range stops {
		for s.Emitted < stop {
			t0 := time.Now()
			if err := s.IterateTo(stop, n); err != nil { // (its Check waits for the GPU)
				return err
			}
			emitted(s.Emitted)
			switch d := time.Since(t0); {
			case d < progressBatch/2 && n < maxBatchIterations:
				n *= 2
			case d > 2*progressBatch && n > 1:
				n /= 2
			}
		}
		if err := at(k); err != nil {
			return err
		}
	}
	return nil
}

// CheckTraced makes sure that the photon pass traced exactly the want
// photons that the labels (output line, file names, CSV rows) state.
func CheckTraced(s *render.SPPM, want int64) error {
	if n := s.Traced(); n != want || s.Emitted != want {
		return fmt.Errorf("the photon pass traced %d photons, not the %d asked for", n, want)
	}
	return nil
}

// AutoStops are capture's photon counts for the device at hand (--at auto): three decades
// on a GPU; on a CPU rasteriser (llvmpipe) two smaller ones, so that the default capture
// ends in about a minute rather than four.
func AutoStops(info gpu.Info) []int64 {
	if info.Software() {
		return []int64{1e5, 1e6}
	}
	return []int64{1e6, 1e7, 1e8}
}

// AutoStopsText says which counts --at auto chose, and why.
func AutoStopsText(info gpu.Info, at []int64) string {
	counts := make([]string, len(at))
	for i, n := range at {
		counts[i] = units.FormatCount(n)
	}
	if info.Software() {
		return fmt.Sprintf("--at auto: %s photons, since %s is a CPU rasteriser (give --at for more)", strings.Join(counts, ","), info.Renderer)
	}
	return fmt.Sprintf("--at auto: %s photons on %s", strings.Join(counts, ","), info.Renderer)
}
