package rng

import (
	"math/big"
	"math/bits"
	"testing"
)

// pcg-c-basic's pcg32-demo, round 1: pcg32_srandom_r(42, 54), six values; the
// first four are the spec's known answer. Through the instance: seed 42, stream 54.
func TestPCG32KnownAnswers(t *testing.T) {
	inst, err := PCG32.New(Config{Seed: 42, Streams: 64})
	if err != nil {
		t.Fatal(err)
	}
	s := inst.Stream(54)
	for i, want := range []uint32{0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e} {
		if got := s.U32(); got != want {
			t.Errorf("value %d = %08x, want %08x", i, got, want)
		}
	}
}

// An independent evaluation of PCG-XSH-RR from its definition, with
// arbitrary-precision state and a rotation spelled out bit by bit; also
// streams whose increment has high bits (initseq >= 2^31) and seeds with the
// top bit set.
func TestPCG32Independent(t *testing.T) {
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	mult := new(big.Int).SetUint64(6364136223846793005)
	for _, seed := range []uint64{0, 42, 0x9E3779B9, 0xFFFFFFFF} {
		for _, seq := range []uint64{0, 1, 54, 1<<31 - 1, 1 << 31, 0xFFFFFFFF} {
			inc := new(big.Int).SetUint64(seq)
			inc.Lsh(inc, 1).Or(inc, big.NewInt(1)).Mod(inc, mod)
			state := new(big.Int)
			step := func() { state.Mul(state, mult).Add(state, inc).Mod(state, mod) }
			step()
			state.Add(state, new(big.Int).SetUint64(seed)).Mod(state, mod)
			step()
			s := newPCG32(seed, seq)
			for i := 0; i < 300; i++ {
				old := state.Uint64()
				step()
				// xorshift: bits 27..58 of old ^ (old >> 18); rotate right by the top 5 bits.
				x := uint32((old ^ old>>18) >> 27)
				rot := int(old >> 59)
				want := bits.RotateLeft32(x, -rot)
				if got := s.U32(); got != want {
					t.Fatalf("initstate %x, initseq %x, value %d: %08x, want %08x", seed, seq, i, got, want)
				}
			}
		}
	}
}

// Renderer and dump floats are the spec's default: top 24 bits of the u32.
func TestPCG32Floats(t *testing.T) {
	inst, _ := PCG32.New(Config{Seed: 3, Streams: 2})
	a, b := inst.Stream(1), inst.Stream(1)
	for i := 0; i < 1000; i++ {
		u := a.U32()
		if f := b.DumpF32(); f != float32(u>>8)/(1<<24) {
			t.Fatalf("value %d: float %v for u32 %08x", i, f, u)
		}
	}
}
