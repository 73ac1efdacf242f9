package stats

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// The Extra tests' parameters (issue 35 item 3: a battery that ranks
// hashes as BigCrush does), shared with the kernels through
// shaders/constants.go.
const (
	// HammingClasses are the classes of a value's Hamming weight w among
	// n output bits: w - n/2 + HammingClasses/2, clamped to 0..8 (for 32
	// bits: 12 or less, 13, ..., 19, 20 or more); a pair of values falls in
	// one of 81 cells.
	HammingClasses = 9
	Rank64Rows     = 64 // rows of a 64 x 64 binary matrix: two successive values a row
	SerialBits     = 4  // bits per coordinate of an overlapping serial triple: 4,096 cells
	SerialDims     = 3  // overlapping triples, and the pairs Good's statistic subtracts
	SerialTuples   = 1 << (SerialDims * SerialBits)
	SerialPairs    = 1 << ((SerialDims - 1) * SerialBits)
)

// Extra are the tests added to the nine of Tests, selectable by name
// (--tests) but not run by default: they take the battery's time and
// verdicts past those the default was calibrated for (docs/lab.md,
// "Extra tests").
var Extra = []Test{Hamming, Rank64, Serial, SerialLow, Birthdays2, Birthdays3, Birthdays4, Birthdays8, Birthdays2Low, Birthdays3Low, Birthdays4Low, Birthdays8Low}

// All are the nine tests and the Extra ones.
var All = slices.Concat(Tests, Extra)

// Dims is how many successive values make one birthday of a birthday
// spacings test (1 for Knuth's birthdays, 0 for the other tests).
func (t Test) Dims() int {
	switch t {
	case Birthdays:
		return 1
	case Birthdays2, Birthdays2Low:
		return 2
	case Birthdays3, Birthdays3Low:
		return 3
	case Birthdays4, Birthdays4Low:
		return 4
	case Birthdays8, Birthdays8Low:
		return 8
	}
	return 0
}

// Low is whether the test reads the low bits of each output value rather
// than the top ones.
func (t Test) Low() bool {
	switch t {
	case SerialLow, Birthdays2Low, Birthdays3Low, Birthdays4Low, Birthdays8Low:
		return true
	}
	return false
}

// IsSpacings is whether t is a birthday spacings test (Knuth's, or one in
// Dims dimensions): a group of BirthdayGroup birthdays, sorted.
func (t Test) IsSpacings() bool { return t.Dims() > 0 }

// CoordBits is how many bits coordinate c of a birthday in dims dimensions
// takes: BirthdayDayBits split as evenly as can be, the first coordinates
// one bit more (2: 13+12; 3: 9+8+8; 4: 7+6+6+6; 8: 4+3x7). Whatever the split, a day
// is uniform on 2^BirthdayDayBits under the null hypothesis, so Knuth's
// exact probabilities hold.
func CoordBits(dims, c int) int {
	b := BirthdayDayBits / dims
	if c < BirthdayDayBits%dims {
		b++
	}
	return b
}

// Day is the birthday of the dims successive values v (left-justified,
// outBits output bits): their coordinates' bits concatenated, the first
// value's on top; a coordinate is a value's top bits, or with low its
// lowest output bits.
func Day(v []uint32, outBits int, low bool) uint32 {
	day := uint32(0)
	for c, u := range v {
		b := CoordBits(len(v), c)
		x := u >> (32 - b)
		if low {
			x = u >> (32 - outBits) & (1<<b - 1)
		}
		day = day<<b | x
	}
	return day
}

// serialCell is the cell of the top (or, with low, the lowest) SerialBits
// output bits of a left-justified value.
func serialCell(u uint32, outBits int, low bool) uint32 {
	if low {
		return u >> (32 - outBits) & (1<<SerialBits - 1)
	}
	return u >> (32 - SerialBits)
}

// tallyExtra counts the item of an Extra test that ends at position p of
// segment u, if one does (tallyAt for the nine).
func tallyExtra(t Test, u []uint32, p, outBits int, counts []uint64) {
	switch t {
	case Hamming:
		if p%2 == 1 {
			counts[HammingClass(u[p-1], outBits)*HammingClasses+HammingClass(u[p], outBits)]++
		}
	case Rank64:
		if p%(2*Rank64Rows) == 2*Rank64Rows-1 {
			m := u[p-2*Rank64Rows+1 : p+1]
			rows := make([]uint64, Rank64Rows)
			for i := range rows {
				rows[i] = uint64(m[2*i])<<32 | uint64(m[2*i+1])
			}
			counts[RankGF2x64(rows)]++
		}
	case Serial, SerialLow:
		low := t == SerialLow
		if p >= 1 {
			counts[SerialTuples+serialCell(u[p-1], outBits, low)<<SerialBits|serialCell(u[p], outBits, low)]++
		}
		if p >= 2 {
			c := serialCell(u[p-2], outBits, low)<<(2*SerialBits) | serialCell(u[p-1], outBits, low)<<SerialBits | serialCell(u[p], outBits, low)
			counts[c]++
		}
	default: // birthday spacings in Dims dimensions
		// A group's points are its first BirthdayGroup*Dims values (all of
		// them but in 3 dimensions, whose groups span 2,048).
		d, span := t.Dims(), t.Span()
		if p%span != span-1 {
			return
		}
		y := make([]uint32, BirthdayGroup)
		for i := range y {
			s := p - span + 1 + d*i
			y[i] = Day(u[s:s+d], outBits, t.Low())
		}
		slices.Sort(y)
		counts[min(EqualSpacings(y, BirthdayDayBits), BirthdayMax)]++
	}
}

// RankGF2x64 is the rank over GF(2) of the matrix whose rows are rows (64
// bits each).
func RankGF2x64(rows []uint64) int {
	var basis [64]uint64 // by leading bit
	rank := 0
	for _, x := range rows {
		for x != 0 {
			b := 63 - bits.LeadingZeros64(x)
			if basis[b] == 0 {
				basis[b] = x
				rank++
				break
			}
			x ^= basis[b]
		}
	}
	return rank
}

// pExtra is P for the Extra tests.
func pExtra(t Test, counts []uint64, l Layout, outBits int) float64 {
	switch t {
	case Hamming:
		return ChiSquare(counts, HammingPairProbs(outBits))
	case Rank64:
		probs := RankProbs(Rank64Rows, min(Rank64Rows, 2*outBits))
		return ChiSquare(lumpRanks(counts, len(probs)-1), lumpRankProbs(probs))
	case Serial, SerialLow:
		return OverlappingSerialP(counts)
	default: // birthday spacings
		if l.Segments*(l.Length/int64(t.Span())) == 0 || outBits < CoordBits(t.Dims(), 0) {
			return math.NaN()
		}
		return ChiSquare(counts, KnuthBirthdayProbs[:])
	}
}

// HammingClass is the class of the Hamming weight of u's n output bits.
func HammingClass(u uint32, n int) int {
	return min(max(bits.OnesCount32(u)-n/2+HammingClasses/2, 0), HammingClasses-1)
}

// HammingPairProbs are the probabilities of the cells (a, b) of two
// independent values of n fair bits having weights of classes a and b:
// sums of C(n,w) / 2^n, at index a*HammingClasses + b.
func HammingPairProbs(n int) []float64 {
	w := make([]float64, HammingClasses)
	for k := 0; k <= n; k++ {
		c := min(max(k-n/2+HammingClasses/2, 0), HammingClasses-1)
		w[c] += math.Exp(lchoose(n, k) - float64(n)*math.Ln2)
	}
	p := make([]float64, HammingClasses*HammingClasses)
	for a := range w {
		for b := range w {
			p[a*HammingClasses+b] = w[a] * w[b]
		}
	}
	return p
}

func lchoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// OverlappingSerialP is the p-value of Good's statistic over counts of
// overlapping triples (the first SerialTuples bins) and pairs (the next
// SerialPairs): ΔΨ² = Ψ²₃ − Ψ²₂, where Ψ²_t = Σ (N − n/k)² / (n/k) over the
// k cells of the n overlapping t-tuples, is chi-square with k₃ − k₂ degrees
// of freedom for large n (Good 1953; L'Ecuyer and Simard, TestU01 user's
// guide, smultin_MultinomialOver and sknuth_SerialOver's Delta statistic;
// Marsaglia's overlapping serial tests). NaN where fewer than one triple
// falls in a cell on average.
func OverlappingSerialP(counts []uint64) float64 {
	psi := func(c []uint64) (float64, float64) {
		n := float64(sum64(c))
		e := n / float64(len(c))
		x := 0.0
		for _, v := range c {
			d := float64(v) - e
			x += d * d
		}
		return x / e, n
	}
	x3, n3 := psi(counts[:SerialTuples])
	x2, _ := psi(counts[SerialTuples : SerialTuples+SerialPairs])
	if n3 < SerialTuples {
		return math.NaN()
	}
	return survival(x3-x2, SerialTuples-SerialPairs)
}

func sum64(c []uint64) (s uint64) {
	for _, v := range c {
		s += v
	}
	return s
}

// describeExtra says in one line what an Extra test counts, and where it
// comes from.
func describeExtra(t Test) string {
	switch t {
	case Hamming:
		return fmt.Sprintf("Hamming weights of non-overlapping pairs of values, %d classes each (TestU01 sstring_HammingIndep, L = one value; chi-square)", HammingClasses)
	case Rank64:
		return fmt.Sprintf("GF(2) rank of %d x %d binary matrices, two successive values a row (TestU01 smarsa_MatrixRank; closed form)", Rank64Rows, Rank64Rows)
	case Serial, SerialLow:
		where := "top"
		if t.Low() {
			where = "lowest"
		}
		return fmt.Sprintf("overlapping triples of the %s %d bits of each value in %d cells, Good's delta-psi-square (TestU01 smultin_MultinomialOver / sknuth_SerialOver)", where, SerialBits, SerialTuples)
	}
	where := "top"
	if t.Low() {
		where = "lowest"
	}
	return fmt.Sprintf("birthday spacings in %d dimensions: %d points of %d successive values (a group of %d values), the %s bits of each, in 2^%d cells (TestU01 smarsa_BirthdaySpacings; Knuth's exact probabilities)", t.Dims(), BirthdayGroup, t.Dims(), t.Span(), where, BirthdayDayBits)
}

// MinGroups is how many groups of birthdays (or rank-64 matrices, or
// cells' worth of serial triples) a sample needs for its p-value to be
// continuous enough for the second-level KS test: rng test's 64 groups
// (study.MinGroupsPerSample), which the calibration on philox passed with.
const MinGroups = 64

// MinSampleLen is the fewest values a sample of test t should hold: 64
// groups for the birthday spacings (any dimensions) and collisions, 64
// matrices for rank64, two triples a cell for the serial tests (below one
// their p-value is NaN); an item for the others.
func (t Test) MinSampleLen() int64 {
	switch {
	case t.IsSpacings() || t == Collisions || t == Rank64:
		return MinGroups * int64(t.Span())
	case t == Serial || t == SerialLow:
		return 2 * SerialTuples
	}
	return int64(t.Span())
}
