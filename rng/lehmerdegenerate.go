package rng

import (
	"fmt"
	"slices"
)

// Lehmer's degenerate seeds. On 0..p-1 (p = 2^32-5) the step is the affine
// map s -> a s + a mod p; a = 279470273 is a primitive root mod p (p-1 =
// 2*5*19*22605091, TestLehmerCycles), so the map has one fixed point,
// s* = -a/(a-1) mod p, and every other state lies on one cycle of length
// p-1: no short cycles. The five uint32 states p..2^32-1 step where 0..3
// and p-1 step (uint32(s+1) wraps at 2^32-1), so streams that start there
// equal other streams. A stream is constant iff it starts at s*.

// lehmerInverse is a^-1 mod p, lehmerFixed is s*.
var (
	lehmerInverse = lehmerPow(lehmerMultiplier, lehmerModulus-2)
	lehmerFixed   = uint32((lehmerModulus - lehmerMultiplier) * lehmerPow(lehmerMultiplier-1, lehmerModulus-2) % lehmerModulus)
)

// lehmerPow is b^e mod p (p < 2^32, so products fit in 64 bits).
func lehmerPow(b, e uint64) uint64 {
	r := uint64(1)
	for b %= lehmerModulus; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % lehmerModulus
		}
		b = b * b % lehmerModulus
	}
	return r
}

// lehmerPreimages are the uint32 states that step to y.
func lehmerPreimages(y uint32) []uint32 {
	if y >= lehmerModulus {
		return nil
	}
	x := uint32((uint64(y)*lehmerInverse + lehmerModulus - 1) % lehmerModulus)
	out := []uint32{x}
	switch {
	case x <= 3:
		out = append(out, x+lehmerModulus)
	case y == 0: // x = p-1; and uint32(2^32-1 + 1) = 0
		out = append(out, 1<<32-1)
	}
	return out
}

// lehmerSeedsOf are the stream seeds S+t whose stream starts in state e.
func lehmerSeedsOf(e uint32, slm bool) []uint32 {
	if !slm {
		return []uint32{e}
	}
	var out []uint32
	for _, x := range lehmerPreimages(bswap32(e)) {
		out = append(out, bswap32(x))
	}
	return out
}

// lehmerTwins are the groups of stream seeds whose streams are equal from
// their first value on: the seeds of each first value that has more than
// one (y has two preimages only for y = f(0..3) and 0; slm seeding adds the
// values whose state has two seeds).
func lehmerTwins(slm bool) [][]uint32 {
	two := []uint32{LehmerStep(0), LehmerStep(1), LehmerStep(2), LehmerStep(3), 0}
	ys := two
	if slm {
		for _, y := range two {
			ys = append(ys, LehmerStep(bswap32(y)))
		}
	}
	var groups [][]uint32
	seen := map[uint32]bool{}
	for _, y := range ys {
		var g []uint32
		for _, e := range lehmerPreimages(y) {
			g = append(g, lehmerSeedsOf(e, slm)...)
		}
		if len(g) > 1 && !seen[y] {
			seen[y] = true
			groups = append(groups, g)
		}
	}
	return groups
}

func lehmerDegenerate(c Config) []Degeneracy {
	slm := c.Options["lehmer-seeding"] == "slm"
	stream := func(x uint32) (int, bool) { // the stream seeded x, if any
		t := x - c.Seed
		return int(t), uint64(t) < uint64(c.Streams)
	}
	var out []Degeneracy
	fixed := Degeneracy{Constant: true, Reason: fmt.Sprintf("constant: it starts at the fixed point %d of s -> (s+1)*%d mod 2^32-5", lehmerFixed, lehmerMultiplier)}
	for _, x := range lehmerSeedsOf(lehmerFixed, slm) {
		if t, ok := stream(x); ok {
			fixed.add(t)
		}
	}
	if fixed.Count > 0 {
		out = append(out, fixed)
	}
	for _, g := range lehmerTwins(slm) {
		d := Degeneracy{Reason: "equal streams: their seeds step to the same state (uint32 states 2^32-5.. step as 0..3 and 2^32-6 do)"}
		var ts []int
		for _, x := range g {
			if t, ok := stream(x); ok {
				ts = append(ts, t)
			}
		}
		slices.Sort(ts)
		for _, t := range ts {
			d.add(t)
		}
		if d.Count > 1 {
			out = append(out, d)
		}
	}
	return out
}
