// Package numcheck is the one set of checks every number from a user passes
// (command-line flags, scene files, height fields, settings files): finite,
// and inside a range where the GPU's float32 arithmetic stays meaningful.
// The ranges themselves live with what they bound (render, scenes, flow,
// app); this package only states and checks them, so that every message
// reads the same.
//
// Floor: a leaf. It imports no package of Speckle.
package numcheck

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Range is an interval of accepted values. NaN and ±Inf are in no Range.
type Range struct {
	Lo, Hi         float64
	OpenLo, OpenHi bool // the end itself is excluded
	// Zero, when not empty, also accepts 0 and says what 0 means ("auto"):
	// for a flag or setting whose 0 picks a default.
	Zero string
}

// Closed is [lo, hi].
func Closed(lo, hi float64) Range { return Range{Lo: lo, Hi: hi} }

// Contains reports whether v is finite and in r.
func (r Range) Contains(v float64) bool {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return false
	case v == 0 && r.Zero != "":
		return true
	case v < r.Lo || r.OpenLo && v == r.Lo:
		return false
	case v > r.Hi || r.OpenHi && v == r.Hi:
		return false
	}
	return true
}

func (r Range) String() string {
	lo, hi := "[", "]"
	if r.OpenLo {
		lo = "("
	}
	if r.OpenHi {
		hi = ")"
	}
	s := "in " + lo + Format(r.Lo) + ", " + Format(r.Hi) + hi
	if r.Zero != "" {
		s = "0 (" + r.Zero + ") or " + s
	}
	return s
}

// Check returns nil for a value in r, else "must be in [lo, hi] (got v)".
func (r Range) Check(v float64) error {
	if r.Contains(v) {
		return nil
	}
	return fmt.Errorf("must be %s (got %s)", r, Format(v))
}

// Check32 is Check for a float32 value (as a settings file holds it),
// writing it as briefly as it reads (1e-40, not 9.99994610111476e-41).
func (r Range) Check32(v float32) error {
	if r.Contains(float64(v)) {
		return nil
	}
	return fmt.Errorf("must be %s (got %s)", r, Format32(v))
}

// Float32 is what a float32 holds: finite and at most math.MaxFloat32 in
// magnitude; values a float32 would round to 0 or to a denormal are not
// refused here (the ranges of the callers do that).
func Float32(v float64) bool { return !math.IsNaN(v) && math.Abs(v) <= math.MaxFloat32 }

// Int returns nil for lo <= v <= hi, else "must be lo..hi (got v)".
func Int(v, lo, hi int64) error {
	if v < lo || v > hi {
		return fmt.Errorf("must be %d..%d (got %d)", lo, hi, v)
	}
	return nil
}

// Format writes v briefly: 1e-6, 1e6, 0.7, NaN, +Inf.
func Format(v float64) string { return format(v, 64) }

// Format32 writes a float32 value as briefly as Format (float32(1e-6) as 1e-6).
func Format32(v float32) string { return format(float64(v), 32) }

func format(v float64, bits int) string {
	s := strconv.FormatFloat(v, 'g', -1, bits)
	if i := strings.IndexByte(s, 'e'); i >= 0 {
		m, e := s[:i], s[i+1:]
		sign := ""
		if e[0] == '-' {
			sign = "-"
		}
		e = strings.TrimLeft(e[1:], "0")
		s = m + "e" + sign + e
	}
	return s
}

// ParseFloat reads a number as a user writes it ("1e-3", " 0.5"); a number
// beyond float64 comes back as ±Inf (for Check to refuse), anything else
// unreadable is an error, and so is a non-zero number that float64 rounds
// to 0 (1e-400), which would otherwise pass as an "auto" 0.
func ParseFloat(s string) (float64, error) {
	t := strings.TrimSpace(s)
	v, err := strconv.ParseFloat(t, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return v, nil
		}
		return 0, fmt.Errorf("%q is not a number", s)
	}
	if v == 0 {
		digits, hex := strings.CutPrefix(strings.TrimLeft(strings.ToLower(t), "+-"), "0x")
		exp := "e"
		if hex {
			exp = "p"
		}
		digits, _, _ = strings.Cut(digits, exp)
		if strings.ContainsAny(digits, "123456789abcdef") {
			return 0, fmt.Errorf("%q is too small for a number (it rounds to 0)", s)
		}
	}
	return v, nil
}
