package rng

import (
	"fmt"
	"math/bits"
	"strconv"
)

// CA is the cellular-automaton generator of Pang, Wong and Heng ("Generating
// massive amount of high-quality random numbers using GPU", IEEE CEC/WCCI 2008;
// "Implementing high-quality PRNG on GPU", ShaderX5, 2007) as the spec's `ca`
// section defines it: 64 one-bit cells on a ring, each step
// c'[i] = R >> (c[i-k0] | c[i-k1]<<1 | c[i-k2]<<2 | c[i-k3]<<3) & 1, emitting the
// odd cells after every --ca-steps steps.
//
// The ring is a uint64 here (bit i = cell i; the GLSL keeps it as two uint32
// words), so neighbour k of every cell at once is the ring rotated left by k,
// and the rule is evaluated on all 64 cells at once as a 15-select mux tree
// over the four rotated words.
var CA = &Generator{
	Name:   "ca",
	Doc:    "64-cell, 4-neighbour cellular automaton of Pang, Wong & Heng (2008), connectivity (56,2,21,49), rule 0x99A5, seeded by SplitMix64",
	Source: "ca.glsl",
	Options: []Option{
		{Name: "ca-preset", Kind: Choice, Choices: []string{"paper", "linear"}, Default: "paper", Shorthand: true,
			Help: "paper: K = 56,2,21,49, rule 0x99A5 (the slides' GA-optimised CA); linear: same K, rule 0x9696 (XOR of the first three neighbours, a poor linear CA)"},
		{Name: "ca-k", Kind: IntList, Len: 4, Min: 0, Max: 63,
			Help: "connectivity: cell i reads cells i-a, i-b, i-c, i-d (mod 64); empty: the preset's",
			Effective: func(o map[string]string) string {
				k := caPresetOf(o).k
				return fmt.Sprintf("%d,%d,%d,%d", k[0], k[1], k[2], k[3])
			}},
		{Name: "ca-rule", Kind: Word, Bits: 16,
			Help:      "the 16-entry truth table: new cell = bit (n0 + 2 n1 + 4 n2 + 8 n3) of the rule; empty: the preset's",
			Effective: func(o map[string]string) string { return fmt.Sprintf("0x%04X", caPresetOf(o).rule) }},
		{Name: "ca-steps", Kind: Integer, Min: 1, Max: 4096, Default: "1", Help: "CA steps per emitted 32-bit number"},
		{Name: "ca-warmup", Kind: Integer, Min: 0, Max: 1000000, Default: "64", Help: "steps after seeding whose output is dropped"},
	},
	Configure:  configureCA,
	Degenerate: caDegenerate,
	TestOptions: []map[string]string{
		{"ca-preset": "linear"},
		{"ca-k": "0,32,17,63", "ca-rule": "0x35ac"},
		{"ca-k": "31,33,1,47", "ca-rule": "0xe11e", "ca-steps": "3"},
		{"ca-steps": "3"},
		{"ca-warmup": "0"},
	},
}

// The presets: the slides' "Best 4 connected, 64 Cells CA PRNG", and the
// linear rule for comparison.
var caPresets = map[string]caConfig{
	"paper":  {k: [4]int{56, 2, 21, 49}, rule: 0x99A5},
	"linear": {k: [4]int{56, 2, 21, 49}, rule: 0x9696},
}

// caPresetOf is the preset options name, paper if none or unknown.
func caPresetOf(o map[string]string) caConfig {
	if c, ok := caPresets[o["ca-preset"]]; ok {
		return c
	}
	return caPresets["paper"]
}

type caConfig struct {
	k      [4]int // connectivity: neighbour j of cell i is cell i-k[j] (mod 64)
	rule   uint16 // new cell = rule bit n, n = n0 | n1<<1 | n2<<2 | n3<<3
	steps  int
	warmup int
}

func configureCA(c Config) (Instance, error) {
	return &caInstance{cfg: caConfigOf(c), seed: c.Seed}, nil
}

// caConfigOf is the configuration c's options say.
func caConfigOf(c Config) caConfig {
	cfg := caPresets[c.Options["ca-preset"]]
	if c.Has("ca-k") {
		cfg.k = [4]int(c.IntList("ca-k"))
	}
	if c.Has("ca-rule") {
		cfg.rule = uint16(c.Word("ca-rule"))
	}
	cfg.steps, cfg.warmup = c.Int("ca-steps"), c.Int("ca-warmup")
	return cfg
}

type caInstance struct {
	cfg  caConfig
	seed uint32
}

func (c *caInstance) StateWords() int { return 2 }
func (c *caInstance) Aux() []uint32   { return nil }
func (c *caInstance) Defines() map[string]string {
	return map[string]string{
		"CA_K0":     fmt.Sprintf("%du", c.cfg.k[0]),
		"CA_K1":     fmt.Sprintf("%du", c.cfg.k[1]),
		"CA_K2":     fmt.Sprintf("%du", c.cfg.k[2]),
		"CA_K3":     fmt.Sprintf("%du", c.cfg.k[3]),
		"CA_RULE":   fmt.Sprintf("0x%04Xu", c.cfg.rule),
		"CA_STEPS":  strconv.Itoa(c.cfg.steps),
		"CA_WARMUP": strconv.Itoa(c.cfg.warmup),
	}
}

// Stream t: cells = one SplitMix64 output of (S << 32 | t), 1 if that is 0,
// then the warm-up steps.
func (c *caInstance) Stream(t int) Stream { return c.cfg.stream(c.seed, t) }

func (cfg caConfig) stream(seed uint32, t int) *caStream {
	s := splitMix64(uint64(seed)<<32 | uint64(uint32(t)))
	if s == 0 {
		s = 1
	}
	st := &caStream{cfg: &cfg, cells: s}
	for i := 0; i < cfg.warmup; i++ {
		st.cells = cfg.step(st.cells)
	}
	return st
}

// splitMix64 is one output of Steele, Lea and Flood's SplitMix64 for state x.
func splitMix64(x uint64) uint64 {
	z := x + 0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// step advances all 64 cells: bit i of RotateLeft64(c, k) is cell i-k.
func (cfg *caConfig) step(c uint64) uint64 {
	a := bits.RotateLeft64(c, cfg.k[0])
	b := bits.RotateLeft64(c, cfg.k[1])
	x := bits.RotateLeft64(c, cfg.k[2])
	d := bits.RotateLeft64(c, cfg.k[3])
	return caRule(cfg.rule, a, b, x, d)
}

// caRule evaluates the truth table bitwise: a 16-leaf mux tree selecting on
// a, then b, c, d (a leaf pair is a function of a alone: 0, 1, a or ^a).
func caRule(r uint16, a, b, c, d uint64) uint64 {
	leaf := func(n uint) uint64 {
		r0, r1 := -uint64(r>>n&1), -uint64(r>>(n+1)&1)
		return r0 ^ a&(r0^r1)
	}
	sel := func(s, one, zero uint64) uint64 { return zero ^ s&(zero^one) }
	b0 := sel(b, leaf(2), leaf(0))
	b1 := sel(b, leaf(6), leaf(4))
	b2 := sel(b, leaf(10), leaf(8))
	b3 := sel(b, leaf(14), leaf(12))
	return sel(d, sel(c, b3, b2), sel(c, b1, b0))
}

// caOdd gathers the odd cells: bit j of the result is cell 2j+1. The odd
// cells of both halves are interleaved into one word, then unzipped
// (Hacker's Delight's outer perfect unshuffle).
func caOdd(c uint64) uint32 {
	x := uint32(c)>>1&0x55555555 | uint32(c>>32)&0xAAAAAAAA
	t := (x ^ x>>1) & 0x22222222
	x ^= t ^ t<<1
	t = (x ^ x>>2) & 0x0C0C0C0C
	x ^= t ^ t<<2
	t = (x ^ x>>4) & 0x00F000F0
	x ^= t ^ t<<4
	t = (x ^ x>>8) & 0x0000FF00
	x ^= t ^ t<<8
	return x
}

type caStream struct {
	cfg   *caConfig
	cells uint64
}

func (s *caStream) U32() uint32 {
	for i := 0; i < s.cfg.steps; i++ {
		s.cells = s.cfg.step(s.cells)
	}
	return caOdd(s.cells)
}

func (s *caStream) F32() float32     { return toF32(s.U32()) }
func (s *caStream) DumpF32() float32 { return toF32(s.U32()) }

// Loops: a draw runs CA_STEPS steps in a loop (CA_STEPS + 1), rng_init
// CA_WARMUP (CA_WARMUP + 1), which RNG_DEFER_WARMUP leaves to rng_warmup.
func (c *caInstance) Loops() Loops {
	return Loops{Init: c.cfg.warmup + 1, Draw: c.cfg.steps + 1, Warmup: c.cfg.warmup}
}
