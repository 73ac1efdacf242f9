package app

import (
	"fmt"
	"strconv"
	"strings"

	"speckle/rng"
)

// The sidebar edits a generator option by its declared kind
// (rng.OptionKind): a combo for a Choice, a clamped field for an Integer,
// one checkbox per bit for a Word, one field per element for an IntList.
// A new generator's options get widgets with no UI code of their own; the
// helpers below only convert values to and from what the widgets hold.

// wordBits reads a Word option's value into its bits, low bit first.
func wordBits(o rng.Option, v string) ([]bool, error) {
	w, err := o.Word(v)
	bits := make([]bool, o.Bits)
	for i := range bits {
		bits[i] = w>>i&1 == 1
	}
	return bits, err
}

// formatBits writes bits (low bit first) as a hex word of len(bits)/4 digits.
func formatBits(bits []bool) string {
	var w uint64
	for i, b := range bits {
		if b {
			w |= 1 << i
		}
	}
	return fmt.Sprintf("0x%0*X", (len(bits)+3)/4, w)
}

// listInts reads an IntList option's value into its elements.
func listInts(o rng.Option, v string) ([]int32, error) {
	l, err := o.Ints(v)
	out := make([]int32, o.Len)
	for i := range l {
		out[i] = int32(l[i])
	}
	return out, err
}

// formatIntList writes integers separated by commas.
func formatIntList(v []int32) string {
	s := make([]string, len(v))
	for i, k := range v {
		s[i] = strconv.Itoa(int(k))
	}
	return strings.Join(s, ",")
}
