package rng

import (
	"fmt"
	"math/bits"
	"slices"
)

// The CA's degenerate states. The step commutes with turning the ring, so
// a state whose cells repeat every d cells (d | 64) keeps doing so: it
// lives among 2^d states and its stream repeats after at most 2^d steps
// (d = 1: all cells equal, a fixed point or a 2-cycle by rule bits 0 and
// 15). An affine rule (new cell = b XOR some neighbours) is a circulant
// matrix L over GF(2)[x]/(x^64 - 1) = GF(2)[x]/((x+1)^64), and squaring is
// linear there, so L^64 = p(x^64) = p(1): with an odd number of distinct
// taps L^64 = I (every state repeats after at most 64 steps; the linear
// preset), with an even number L^64 = 0 (every state reaches one fixed
// point within 64 steps). Other rules are probed: the first streams run
// caProbeDraws values looking for a cycle.
const (
	caProbeStreams = 4
	caProbeDraws   = 1 << 12
	caMaxCycle     = 1 << 17 // draws searched for the cycle of a periodic state
)

func caDegenerate(c Config) []Degeneracy {
	cfg := caConfigOf(c)
	d, ok := cfg.collapses() // before affine: the identity is affine too
	if !ok {
		d, ok = cfg.affine()
	}
	if ok {
		for t := 0; t < c.Streams; t++ {
			d.add(t)
		}
		return []Degeneracy{d}
	}
	var out []Degeneracy
	periodic := map[int]*Degeneracy{}
	for t := 0; t < c.Streams; t++ {
		d := caSpatialPeriod(cfg.seeded(c.Seed, t))
		if d == 64 {
			continue
		}
		if periodic[d] == nil {
			periodic[d] = &Degeneracy{Reason: fmt.Sprintf("its cells repeat every %d, so it repeats after at most 2^%d steps", d, d)}
		}
		p := periodic[d]
		if p.Count < maxListed { // name the cycle of the first few
			if n := cfg.stream(c.Seed, t).cycle(caMaxCycle); n > 0 {
				p.Reason = fmt.Sprintf("its cells repeat every %d, so its values repeat after %d", d, n)
				p.Constant = p.Constant || n == 1
			}
		}
		p.add(t)
	}
	for d := 1; d <= 32; d *= 2 {
		if periodic[d] != nil {
			out = append(out, *periodic[d])
		}
	}
	probe := Degeneracy{}
	for t := 0; t < min(c.Streams, caProbeStreams); t++ {
		if n := cfg.stream(c.Seed, t).cycle(caProbeDraws); n > 0 && caSpatialPeriod(cfg.seeded(c.Seed, t)) == 64 {
			probe.Reason = fmt.Sprintf("the rule drives it into a cycle of %d values (probed; other streams likely too)", n)
			probe.Constant = n == 1
			probe.add(t)
		}
	}
	if probe.Count > 0 {
		out = append(out, probe)
	}
	return out
}

// seeded is stream t's state before the warm-up.
func (cfg caConfig) seeded(seed uint32, t int) uint64 {
	s := splitMix64(uint64(seed)<<32 | uint64(uint32(t)))
	if s == 0 {
		s = 1
	}
	return s
}

// caSpatialPeriod is the least d (a power of 2) with the cells repeating every d.
func caSpatialPeriod(s uint64) int {
	d := 1
	for d < 64 && bits.RotateLeft64(s, d) != s {
		d *= 2
	}
	return d
}

// cycle is the length of the cycle (in draws) that the stream is in within
// limit draws (Brent's method), 0 if none shows.
func (s *caStream) cycle(limit int) int {
	next := func(c uint64) uint64 {
		for i := 0; i < s.cfg.steps; i++ {
			c = s.cfg.step(c)
		}
		return c
	}
	power, lam := 1, 1
	tort, hare := s.cells, next(s.cells)
	for n := 1; tort != hare; n++ {
		if n > limit {
			return 0
		}
		if power == lam {
			tort, power, lam = hare, power*2, 0
		}
		hare = next(hare)
		lam++
	}
	return lam
}

// affine says whether the rule is b XOR some neighbours, and if so what
// that does to every stream.
func (cfg caConfig) affine() (Degeneracy, bool) {
	b := cfg.rule & 1
	var taps uint64 // the circulant's terms x^k, duplicates cancelled
	for i := 0; i < 4; i++ {
		if cfg.rule>>(1<<i)&1 != b {
			taps ^= 1 << cfg.k[i]
		}
	}
	for n := 0; n < 16; n++ {
		want := b
		for i := 0; i < 4; i++ {
			if n>>i&1 == 1 && cfg.rule>>(1<<i)&1 != b {
				want ^= 1
			}
		}
		if cfg.rule>>n&1 != want {
			return Degeneracy{}, false
		}
	}
	rule := fmt.Sprintf("the rule 0x%04X is affine (XOR of %d distinct neighbours)", cfg.rule, bits.OnesCount64(taps))
	if bits.OnesCount64(taps)%2 == 0 {
		return Degeneracy{Constant: true, Reason: rule + ": on 64 cells its step L has L^64 = 0, every stream is constant within 64 steps"}, true
	}
	period := 64 / gcdInt(64, cfg.steps)
	return Degeneracy{Constant: period == 1, Reason: fmt.Sprintf("%s: on 64 cells its step L has L^64 = I, every stream repeats after at most %d values", rule, period)}, true
}

func gcdInt(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// collapses says whether the rule, read through its distinct neighbours,
// makes every state constant within 64 steps though it is not affine: it
// reads them as a constant (every cell b after one step), as the cell
// itself (--ca-k 0,0,0,0 with a rule that keeps it: every state fixed), or
// as their AND or OR where the taps' differences generate Z_64 (the ones,
// or the zeros, shrink at every step until none or all are left: each
// step's ones are the intersection of the ones turned by each tap, equal
// in size only for a set the differences leave alone).
func (cfg caConfig) collapses() (Degeneracy, bool) {
	var taps []int
	for _, k := range cfg.k {
		if !slices.Contains(taps, k) {
			taps = append(taps, k)
		}
	}
	f := make([]uint16, 1<<len(taps)) // f[a]: the new cell when tap i reads bit i of a
	for a := range f {
		n := 0
		for j, k := range cfg.k {
			n |= (a >> slices.Index(taps, k) & 1) << j
		}
		f[a] = cfg.rule >> n & 1
	}
	all := len(f) - 1
	ones := 0
	for _, v := range f {
		ones += int(v)
	}
	g := 64
	for _, k := range taps {
		g = gcdInt(g, (k-taps[0]+64)%64)
	}
	reads := fmt.Sprintf("the rule 0x%04X with --ca-k %d,%d,%d,%d", cfg.rule, cfg.k[0], cfg.k[1], cfg.k[2], cfg.k[3])
	switch {
	case ones == 0 || ones == len(f):
		return Degeneracy{Constant: true, Reason: fmt.Sprintf("%s sets every cell to %d whatever its neighbours: every stream is constant after one step", reads, f[0])}, true
	case len(taps) == 1 && taps[0] == 0 && f[1] == 1:
		return Degeneracy{Constant: true, Reason: reads + " gives each cell its own value: every state is fixed"}, true
	case len(taps) > 1 && g == 1 && ones == 1 && f[all] == 1:
		return Degeneracy{Constant: true, Reason: reads + " is the AND of its neighbours, whose differences generate Z_64: every stream is all zeros or all ones within 64 steps"}, true
	case len(taps) > 1 && g == 1 && ones == all && f[0] == 0:
		return Degeneracy{Constant: true, Reason: reads + " is the OR of its neighbours, whose differences generate Z_64: every stream is all zeros or all ones within 64 steps"}, true
	}
	return Degeneracy{}, false
}
