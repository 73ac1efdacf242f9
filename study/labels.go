package study

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"speckle/rng"
)

// The figure and table kit: how numbers, generators and devices are written
// in the subjects' captions, tables and file names, so that each writes them
// alike.

// PowerText writes n as 2^e where it is a power of two.
func PowerText(n int) string {
	if n > 0 && n&(n-1) == 0 {
		return fmt.Sprintf("2^%d", bits.TrailingZeros(uint(n)))
	}
	return strconv.Itoa(n)
}

// PText writes a p value in 4 significant digits, or "-" for none (NaN).
func PText(p float64) string {
	if math.IsNaN(p) {
		return "-"
	}
	return strconv.FormatFloat(p, 'g', 4, 64)
}

// OptionsText is a generator's options as its spec spells them, without
// the name ("lux=3 ca-steps=2"; options at their default left out), or "-"
// for none: a column of stats.csv and of the generator bench.
func OptionsText(sp rng.Spec) string {
	// The generator's name may hold ':' itself (glsl:FILE): cut it off whole.
	rest := strings.TrimPrefix(rng.Spec{Gen: sp.Gen, Options: sp.Options}.String(), sp.Gen.Name)
	parts := strings.Split(rest, ":")[1:]
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}

// Devices names the devices parts ran on: one, or each different one.
func Devices(names []string) string {
	var distinct []string
	for _, n := range names {
		if !slices.Contains(distinct, n) {
			distinct = append(distinct, n)
		}
	}
	return strings.Join(distinct, "; ")
}
