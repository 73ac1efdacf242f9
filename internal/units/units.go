// Package units reads and writes the numbers people type and read
// everywhere in Speckle: counts (photons, iterations: 1e7, 2.5e6) and
// image sizes (WIDTHxHEIGHT). One parser and one formatter each, so a count
// a label shows is the count a flag reads back.
//
// Floor: a leaf. It imports no package of Speckle.
package units

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// MaxCount is the largest count a flag takes: far beyond any render, and
// exact in a float64 so 1e15 reads as itself.
const MaxCount = 1e15

// errTooLarge marks ParseCount's refusal of a count past MaxCount (it adds nothing to
// the message); IsTooLarge finds it, so that a flag of a lower limit can name its own.
var errTooLarge = tooLarge{}

type tooLarge struct{}

func (tooLarge) Error() string { return "" }

// IsTooLarge says whether err is ParseCount's refusal of a count past MaxCount.
func IsTooLarge(err error) bool { return errors.Is(err, errTooLarge) }

// FormatLimit writes a limit as people read it: a power of two of at least 2^10 as 2^N
// (2^37), anything else as FormatCount. ParseCount reads either back.
func FormatLimit(n int64) string {
	if n >= 1<<10 && n&(n-1) == 0 {
		return fmt.Sprintf("2^%d", bits.TrailingZeros64(uint64(n)))
	}
	return FormatCount(n)
}

// ParseCount reads a whole count of at least 1 written as a decimal integer, in
// e notation or as a power: 1000000, 1e6, 2.5e6, 2^30 (not 0x1p20 nor 1_000).
func ParseCount(s string) (int64, error) {
	t := strings.TrimSpace(s)
	var v float64
	var err error
	if base, exp, ok := strings.Cut(t, "^"); ok {
		b, errB := strconv.ParseUint(base, 10, 32)
		e, errE := strconv.ParseUint(exp, 10, 16) // 2^300: too large, said as such
		if err = errors.Join(errB, errE); err == nil {
			v = math.Pow(float64(b), float64(e))
		}
	} else if strings.ContainsAny(t, "xX_") {
		// Decimal only: strconv also reads Go's 0x1p20 and 1_000, notations the help does not
		// name (and 0x10 it refuses).
		err = strconv.ErrSyntax
	} else {
		v, err = strconv.ParseFloat(t, 64)
	}
	if v > MaxCount && (err == nil || errors.Is(err, strconv.ErrRange)) { // 2e15, 2^64, 1e400
		return 0, fmt.Errorf("must be at most %s (got %q)%w", FormatCount(MaxCount), s, errTooLarge)
	}
	if err != nil || v < 1 || v != math.Trunc(v) {
		return 0, fmt.Errorf("must be a whole number of at least 1, like 1e7 or 2^30 (got %q)", s)
	}
	return int64(v), nil
}

// FormatCount writes a count exactly and short: "1e5", "2.5e6", "1.05e6"
// when it is at least 1000 with at most three significant digits, else in
// decimal ("500", "123456"). ParseCount reads it back to the same number.
func FormatCount(n int64) string {
	if n >= 1000 {
		m, e := n, 0
		for m%10 == 0 {
			m /= 10
			e++
		}
		switch {
		case m < 10:
			return fmt.Sprintf("%de%d", m, e)
		case m < 100:
			return fmt.Sprintf("%d.%de%d", m/10, m%10, e+1)
		case m < 1000:
			return fmt.Sprintf("%d.%02de%d", m/100, m%100, e+2)
		}
	}
	return strconv.FormatInt(n, 10)
}

// FormatRate writes a measured rate or an approximate count for people, in
// three significant digits: "1.23e9", "999". Not for counts a file name or
// a label must state exactly: FormatCount is.
func FormatRate(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	if math.Abs(x) < 1000 {
		return strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	}
	s := strconv.FormatFloat(x, 'e', 2, 64) // 1.23e+07
	mant, exp, _ := strings.Cut(s, "e")
	mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
	e, _ := strconv.Atoi(exp)
	return fmt.Sprintf("%se%d", mant, e)
}

// ParseSize reads WIDTHxHEIGHT, each lo..hi.
func ParseSize(s string, lo, hi int) (w, h int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < lo || h < lo || w > hi || h > hi {
		return 0, 0, fmt.Errorf("must be WIDTHxHEIGHT, each %d..%d (got %q)", lo, hi, s)
	}
	return w, h, nil
}

// FormatSize writes a size as ParseSize reads it.
func FormatSize(w, h int) string { return fmt.Sprintf("%dx%d", w, h) }
