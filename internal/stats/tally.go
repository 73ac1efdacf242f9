package stats

import (
	"math/bits"
	"slices"
)

// Tally adds to counts (t.Bins() long) what test t counts in one segment:
// values x, in order, of which the low `outBits` bits are the generator's
// output. It is the CPU reference of the battery kernel: the GPU counts of
// the same numbers equal these exactly. A segment is a run of values that
// items never cross: tuples start at its first value, and looking back
// stops there (Knuth's gap and runs tests start afresh).
func Tally(t Test, x []uint32, outBits int, counts []uint64) {
	u := make([]uint32, len(x)) // left-justified: the output bits on top
	for i, v := range x {
		u[i] = v << (32 - outBits)
	}
	for p := range u {
		tallyAt(t, u, p, outBits, counts)
	}
}

// tallyAt counts the item that ends at position p of segment u, if one does.
func tallyAt(t Test, u []uint32, p, outBits int, counts []uint64) {
	switch t {
	case Monobit:
		counts[0] += uint64(bits.OnesCount32(u[p]))
	case Bytes:
		for b := 0; b < outBits/8; b++ {
			counts[u[p]>>(24-8*b)&255]++
		}
	case Pairs:
		if p%2 == 1 {
			counts[u[p-1]>>(32-PairBits)<<PairBits|u[p]>>(32-PairBits)]++
		}
	case Triples:
		if p%3 == 2 {
			const s = 32 - TripleBits
			counts[u[p-2]>>s<<(2*TripleBits)|u[p-1]>>s<<TripleBits|u[p]>>s]++
		}
	case Gap:
		if !gapHit(u[p]) {
			return
		}
		g := 0 // non-hits before p, back to the last hit or the segment's start
		for g < GapMax && p-g-1 >= 0 && !gapHit(u[p-g-1]) {
			g++
		}
		counts[g]++
	case Runs:
		if p > 0 && u[p] <= u[p-1] { // a run ended at p-1
			counts[runUpTo(u, p-1)-1]++
		}
		if p == len(u)-1 { // and the segment's last run at p
			counts[runUpTo(u, p)-1]++
		}
	case Rank:
		if p%RankRows == RankRows-1 {
			counts[RankGF2(u[p-RankRows+1:p+1])]++
		}
	case Birthdays, Collisions:
		if p%BirthdayGroup == BirthdayGroup-1 {
			y := make([]uint32, BirthdayGroup)
			for i := range y {
				y[i] = u[p-BirthdayGroup+1+i] >> (32 - BirthdayDayBits)
			}
			slices.Sort(y)
			if t == Collisions {
				counts[min(Collided(y), CollisionMax)]++
			} else {
				counts[min(EqualSpacings(y, BirthdayDayBits), BirthdayMax)]++
			}
		}
	default:
		tallyExtra(t, u, p, outBits, counts)
	}
}

func gapHit(u uint32) bool { return u>>(32-GapHitBits) == 0 }

// runUpTo is the length of the ascending run that ends at e, capped at RunsMax.
func runUpTo(u []uint32, e int) int {
	n := 1
	for n < RunsMax && e-n >= 0 && u[e-n] < u[e-n+1] {
		n++
	}
	return n
}

// RankGF2 is the rank over GF(2) of the matrix whose rows are rows.
func RankGF2(rows []uint32) int {
	m := slices.Clone(rows)
	rank := 0
	for bit := 31; bit >= 0 && rank < len(m); bit-- {
		mask := uint32(1) << bit
		pivot := -1
		for i := rank; i < len(m); i++ {
			if m[i]&mask != 0 {
				pivot = i
				break
			}
		}
		if pivot < 0 {
			continue
		}
		m[rank], m[pivot] = m[pivot], m[rank]
		for i := range m {
			if i != rank && m[i]&mask != 0 {
				m[i] ^= m[rank]
			}
		}
		rank++
	}
	return rank
}

// Collided is m - (distinct urns) for sorted birthdays y thrown into urns
// of the top CollisionCellBits bits.
func Collided(y []uint32) int {
	const shift = BirthdayDayBits - CollisionCellBits
	c := 0
	for i := 1; i < len(y); i++ {
		if y[i]>>shift == y[i-1]>>shift {
			c++
		}
	}
	return c
}

// EqualSpacings is Knuth's R (TAOCP 3.3.2J) for sorted birthdays y in a
// year of 2^dayBits days: the spacings round the year, y[1]-y[0], ...,
// y[0]+2^dayBits-y[m-1], sorted; R is how many equal their predecessor
// (m less the distinct spacings). Marsaglia's count of values occurring more
// than once, with the Poisson law dieharder uses, is off by about 1 % per
// class at m = 512 (a simulation of 2^19 years): enough for a billion
// numbers to fail any generator.
func EqualSpacings(y []uint32, dayBits int) int {
	m := len(y)
	s := make([]uint32, m)
	for i := 1; i < m; i++ {
		s[i-1] = y[i] - y[i-1]
	}
	s[m-1] = y[0] + 1<<dayBits - y[m-1]
	slices.Sort(s)
	r := 0
	for i := 1; i < m; i++ {
		if s[i] == s[i-1] {
			r++
		}
	}
	return r
}
