// Package stats is the pure statistics of `speckle rng test`: what each test
// of the battery counts (Tally, the CPU reference the GPU kernels must match
// bit for bit), the exact and asymptotic distributions of those counts, and
// p-values, first level (over all numbers) and second level (a
// Kolmogorov–Smirnov test over the p-values of the samples). No OpenGL here.
//
// Floor: a leaf. It imports no package of Speckle (gonum's distributions
// only).
package stats

import (
	"fmt"
	"math/bits"
	"strings"

	"speckle/internal/suggest"
)

// The tests' parameters, shared with the kernels through shaders/constants.go.
const (
	PairBits          = 6   // bits per coordinate of a serial pair: 4,096 cells
	TripleBits        = 4   // bits per coordinate of a serial triple: 4,096 cells
	GapMax            = 16  // gap lengths 0..15, and 16 or more in one bin
	GapHitBits        = 2   // a hit: the top two bits zero, p = 1/4
	RunsMax           = 6   // runs up of length 1..5, and 6 or more in one bin
	RankRows          = 32  // rows of a binary matrix: 32 successive values
	BirthdayGroup     = 512 // birthdays per year (Marsaglia's m)
	BirthdayDayBits   = 25  // days in a year: 2^25 (the top 25 bits), Knuth's year
	BirthdayMax       = 3   // equal spacings 0, 1, 2, and 3 or more: Knuth's classes
	CollisionCellBits = 16  // the same 512 values thrown into 2^16 urns (the top 16 bits)
	CollisionMax      = 15  // collisions 0..14, and 15 or more in one bin
)

// Test is one test of the battery.
type Test int

const (
	Monobit Test = iota
	Bytes
	Pairs
	Triples
	Gap
	Runs
	Birthdays
	Collisions
	Rank
	// The Extra tests (extra.go).
	Hamming
	Rank64
	Serial
	SerialLow
	Birthdays2
	Birthdays4
	Birthdays8
	Birthdays2Low
	Birthdays4Low
	Birthdays8Low
	Birthdays3
	Birthdays3Low
)

// Tests is the battery in the order the tables show it.
var Tests = []Test{Monobit, Bytes, Pairs, Triples, Gap, Runs, Birthdays, Collisions, Rank}

var testNames = []string{"monobit", "bytes", "pairs", "triples", "gap", "runs", "birthdays", "collisions", "rank",
	"hamming", "rank64", "serial", "seriallo", "birthdays2", "birthdays4", "birthdays8", "birthdays2lo", "birthdays4lo", "birthdays8lo", "birthdays3", "birthdays3lo"}

func (t Test) String() string { return testNames[t] }

// Define is the test's #define in the battery kernel (TEST_MONOBIT, ...).
func (t Test) Define() string { return "TEST_" + strings.ToUpper(testNames[t]) }

// Bins is the length of the test's count array per sample.
func (t Test) Bins() int {
	switch t {
	case Monobit:
		return 1
	case Bytes:
		return 256
	case Pairs:
		return 1 << (2 * PairBits)
	case Triples:
		return 1 << (3 * TripleBits)
	case Gap:
		return GapMax + 1
	case Runs:
		return RunsMax
	case Birthdays:
		return BirthdayMax + 1
	case Collisions:
		return CollisionMax + 1
	case Rank:
		return RankRows + 1
	case Hamming:
		return HammingClasses * HammingClasses
	case Rank64:
		return Rank64Rows + 1
	case Serial, SerialLow:
		return SerialTuples + SerialPairs
	default: // birthday spacings in Dims dimensions
		return BirthdayMax + 1
	}
}

// Span is how many successive values one item of the test reads: a tuple's
// values, or a position and what it looks back on.
func (t Test) Span() int {
	switch t {
	case Pairs, Hamming:
		return 2
	case Triples, Serial, SerialLow:
		return 3
	case Gap:
		return GapMax + 1
	case Runs:
		return RunsMax + 1
	case Birthdays, Collisions:
		return BirthdayGroup
	case Rank:
		return RankRows
	case Rank64:
		return 2 * Rank64Rows
	}
	if t.IsSpacings() { // whole powers of two: 3 dimensions take 2,048 values, the last 512 unused
		return BirthdayGroup * (1 << bits.Len(uint(t.Dims()-1)))
	}
	return 1
}

// Items is how many items the test counts in a sample of layout l of a
// generator with outBits output bits, whatever the numbers: the sum of its
// bins. -1 where that depends on the numbers (monobit's ones, gaps, runs).
func (t Test) Items(l Layout, outBits int) int64 {
	per := int64(0)
	switch t {
	case Bytes:
		per = l.Length * int64(outBits/8)
	case Pairs, Triples, Birthdays, Collisions, Rank, Hamming, Rank64:
		per = l.Length / int64(t.Span())
	case Serial, SerialLow: // overlapping triples and pairs
		per = max(l.Length-2, 0) + max(l.Length-1, 0)
	default:
		if t.IsSpacings() {
			per = l.Length / int64(t.Span())
			break
		}
		return -1
	}
	return l.Segments * per
}

// Describe says in one line what the test counts.
func (t Test) Describe() string {
	if t > Rank {
		return describeExtra(t)
	}
	return [...]string{
		"ones among the output bits (normal approximation of the binomial)",
		"frequency of the bytes of the output bits, whole bytes from the top (chi-square, 255 dof)",
		fmt.Sprintf("non-overlapping pairs, top %d bits each, in %d cells (chi-square)", PairBits, 1<<(2*PairBits)),
		fmt.Sprintf("non-overlapping triples, top %d bits each, in %d cells (chi-square)", TripleBits, 1<<(3*TripleBits)),
		fmt.Sprintf("gaps between values below 1/%d, lengths 0..%d and more (Knuth; chi-square)", 1<<GapHitBits, GapMax-1),
		fmt.Sprintf("runs up of length 1..%d and more (Knuth's covariance, chi-square 6 dof)", RunsMax-1),
		fmt.Sprintf("equal spacings of %d birthdays round a year of 2^%d days (Knuth 3.3.2J, his exact probabilities; needs %d output bits)", BirthdayGroup, BirthdayDayBits, BirthdayDayBits),
		fmt.Sprintf("collisions of %d values in 2^%d urns (exact distribution)", BirthdayGroup, CollisionCellBits),
		fmt.Sprintf("GF(2) rank of %d x (output bits) binary matrices, one row per value (closed form)", RankRows),
	}[t]
}

// Parse finds a test by name.
func Parse(name string) (Test, error) {
	for i, n := range testNames {
		if n == name {
			return Test(i), nil
		}
	}
	if h := suggest.Hint(name, testNames[:]); h != "" {
		return 0, fmt.Errorf("unknown test %q (%s)", name, h)
	}
	return 0, fmt.Errorf("unknown test %q (known: %s)", name, strings.Join(testNames[:], ", "))
}
