package app

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"speckle/rng"
)

// WidgetKind is how the UI edits a generator option, read from the
// option's Values so that a new generator's options get widgets with no UI
// code of their own.
type WidgetKind int

const (
	WidgetText    WidgetKind = iota // free text
	WidgetChoice                    // "a|b|c": a combo
	WidgetInt                       // "lo..hi": an integer field, clamped
	WidgetBits                      // "0x0000..0xFFFF": one checkbox per bit
	WidgetIntList                   // "a,b,c,d (each lo..hi)": one integer field each
)

// Widget is an option's editor description.
type Widget struct {
	Kind    WidgetKind
	Choices []string
	Lo, Hi  int
	Bits, N int
}

var (
	intRangeRE = regexp.MustCompile(`^(-?\d+)\.\.(-?\d+)$`)
	bitsRE     = regexp.MustCompile(`^0x(0+)\.\.0x([fF]+)$`)
	intListRE  = regexp.MustCompile(`^([a-z](?:,[a-z])+) \(each (-?\d+)\.\.(-?\d+)\)$`)
)

// WidgetFor classifies an option by its Values.
func WidgetFor(o rng.Option) Widget {
	v := o.Values
	if m := bitsRE.FindStringSubmatch(v); m != nil {
		return Widget{Kind: WidgetBits, Bits: 4 * len(m[2])}
	}
	if m := intRangeRE.FindStringSubmatch(v); m != nil {
		lo, _ := strconv.Atoi(m[1])
		hi, _ := strconv.Atoi(m[2])
		return Widget{Kind: WidgetInt, Lo: lo, Hi: hi}
	}
	if m := intListRE.FindStringSubmatch(v); m != nil {
		lo, _ := strconv.Atoi(m[2])
		hi, _ := strconv.Atoi(m[3])
		return Widget{Kind: WidgetIntList, N: strings.Count(m[1], ",") + 1, Lo: lo, Hi: hi}
	}
	if strings.Contains(v, "|") && !strings.Contains(v, " ") {
		return Widget{Kind: WidgetChoice, Choices: strings.Split(v, "|")}
	}
	return Widget{Kind: WidgetText}
}

// ParseBits reads a hex word ("0x99A5") into bits, low bit first.
func ParseBits(v string, n int) ([]bool, error) {
	w, err := strconv.ParseUint(strings.TrimSpace(v), 0, n)
	if err != nil {
		return nil, fmt.Errorf("%q is not a %d-bit word", v, n)
	}
	bits := make([]bool, n)
	for i := range bits {
		bits[i] = w>>i&1 == 1
	}
	return bits, nil
}

// FormatBits writes bits (low bit first) as a hex word of n/4 digits.
func FormatBits(bits []bool) string {
	var w uint64
	for i, b := range bits {
		if b {
			w |= 1 << i
		}
	}
	return fmt.Sprintf("0x%0*X", (len(bits)+3)/4, w)
}

// ParseIntList reads "1,2,3" into n integers.
func ParseIntList(v string, n int) ([]int32, error) {
	f := strings.Split(v, ",")
	if len(f) != n {
		return nil, fmt.Errorf("%q: want %d integers", v, n)
	}
	out := make([]int32, n)
	for i, s := range f {
		k, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return nil, fmt.Errorf("%q: want %d integers", v, n)
		}
		out[i] = int32(k)
	}
	return out, nil
}

// FormatIntList writes integers separated by commas.
func FormatIntList(v []int32) string {
	s := make([]string, len(v))
	for i, k := range v {
		s[i] = strconv.Itoa(int(k))
	}
	return strings.Join(s, ",")
}
