package rng

import (
	"math/bits"
	"strconv"
)

// Philox4x32 constants (Salmon et al., SC'11; Random123).
const (
	philoxM0 = 0xD2511F53
	philoxM1 = 0xCD9E8D57
	philoxW0 = 0x9E3779B9 // key schedule: golden ratio
	philoxW1 = 0xBB67AE85 // sqrt(3) - 1
)

// Philox is Random123's counter-based Philox4x32-R, R = 10 by default: value
// m of stream t is lane m%4 of the block for counter (m/4, t, 0, 0) under key
// (seed, 0).
var Philox = &Generator{
	Name:   "philox",
	Doc:    "Philox4x32-R, R = 10 unless --philox-rounds (Salmon, Moraes, Dror & Shaw, Random123, SC'11): counter (m/4, stream, 0, 0), key (seed, 0)",
	Source: "philox.glsl",
	// Random123 takes up to 16 rounds (philox4x32_R asserts R <= 16). 7 is
	// the fewest Salmon et al. found Crush-resistant (Random123's philox.h
	// adds doubts about 7 and knows no flaw from 8). Down to 1 round, so
	// that a weak Philox can be shown: dieharder's birthdays test fails
	// philox dumps at 4 rounds and fewer.
	Options: []Option{{
		Name: "philox-rounds", Kind: Integer, Min: 1, Max: 16, Default: "10",
		Help: "rounds of the bijection: 10 is Random123's default, 7 the fewest found Crush-resistant (SC'11); fewer are weak on purpose",
	}, {
		// The wide draw (philox_wide.glsl): N blocks' rounds side by side,
		// so the GPU overlaps their chains of dependent multiplies. Only
		// the bench kernels draw wide; the numbers are the same.
		Name: "philox-interleave", Kind: Integer, Min: 1, Max: 4, Default: "1", SpeedOnly: true,
		Help: "blocks the bench kernels' wide draw computes side by side (rng bench); the same numbers in the same order whatever N",
	}},
	// Degenerate: none: a keyed bijection of distinct counters, no state.
	Degenerate: none,
	// Block index m/4 in counter words 0 and 2: 2^64 blocks of 4 a stream.
	Period: Period{Stream: 1 << 66},
	Configure: func(c Config) (Instance, error) {
		return philoxInstance{seed: c.Seed, rounds: c.Int("philox-rounds"), interleave: c.Int("philox-interleave")}, nil
	},
	// The interleave changes no number, and only kernels with a wide draw
	// (the bench's) use it: lab's TestPhiloxInterleave tests it, not every
	// GPU test again.
	TestOptions: []map[string]string{{"philox-rounds": "7"}, {"philox-rounds": "2"}},
}

// philox4x32 is Random123's Philox4x32-R bijection (philox4x32_R): R rounds,
// the key bumped by the Weyl constants between rounds.
func philox4x32(rounds int, ctr [4]uint32, key [2]uint32) [4]uint32 {
	for r := 0; r < rounds; r++ {
		if r > 0 {
			key[0] += philoxW0
			key[1] += philoxW1
		}
		hi0, lo0 := bits.Mul32(philoxM0, ctr[0])
		hi1, lo1 := bits.Mul32(philoxM1, ctr[2])
		ctr = [4]uint32{hi1 ^ ctr[1] ^ key[0], lo1, hi0 ^ ctr[3] ^ key[1], lo0}
	}
	return ctr
}

type philoxInstance struct {
	seed       uint32
	rounds     int
	interleave int // blocks of a wide draw (PHILOX_INTERLEAVE); no number depends on it
}

// StateWords: the current block (lo, hi), the lanes left in it and the stream.
func (p philoxInstance) StateWords() int { return 4 }
func (p philoxInstance) Aux() []uint32   { return nil }
func (p philoxInstance) Defines() map[string]string {
	return map[string]string{"PHILOX_ROUNDS": strconv.Itoa(p.rounds), "PHILOX_INTERLEAVE": strconv.Itoa(p.interleave)}
}

// UniformArrays: the first key word of each round, seed + r W0 (the
// second, r W1, is a constant in the GLSL). With the rounds written out,
// the driver takes keys as operands instead of adding the bumps: H200,
// 913 -> 962 G numbers/s consumed (docs/performance.md).
func (p philoxInstance) UniformArrays() map[string][]uint32 {
	keys := make([]uint32, p.rounds)
	for r := range keys {
		keys[r] = p.seed + uint32(r)*philoxW0
	}
	return map[string][]uint32{"philox_round_keys": keys}
}

func (p philoxInstance) Stream(t int) Stream {
	return &philoxStream{key: p.seed, t: uint32(t), rounds: p.rounds, block: ^uint64(0)}
}

// StreamAt is stream t from its value m on: the block of m, less its lanes
// before m.
func (p philoxInstance) StreamAt(t int, m uint64) Stream {
	s := &philoxStream{key: p.seed, t: uint32(t), rounds: p.rounds, block: m/4 - 1}
	for range m % 4 {
		s.U32()
	}
	return s
}

// philoxStream keeps the current block's outputs. The block index is 64-bit:
// its high word goes to counter word 2, so beyond the spec's 2^34 values a
// stream continues without running into the next stream's counters.
type philoxStream struct {
	key, t uint32
	rounds int
	block  uint64 // the block in buf (all ones before the first)
	buf    [4]uint32
	left   int // lanes of buf not yet drawn
}

func (p *philoxStream) U32() uint32 {
	if p.left == 0 {
		p.block++
		p.buf = philox4x32(p.rounds, [4]uint32{uint32(p.block), p.t, uint32(p.block >> 32), 0}, [2]uint32{p.key, 0})
		p.left = 4
	}
	v := p.buf[4-p.left]
	p.left--
	return v
}

func (p *philoxStream) F32() float32     { return toF32(p.U32()) }
func (p *philoxStream) DumpF32() float32 { return p.F32() }

// Loops: none; the rounds are written out (philox.glsl), so neither a draw
// nor rng_load (which may recompute a block) nor rng_init loops.
func (p philoxInstance) Loops() Loops { return Loops{} }
