package rng

import (
	"bytes"
	"encoding/binary"
	"math/rand"
	"testing"
)

// Packer keeps exactly the low bits of every value, in order, with no gap,
// whatever the sizes of the writes that bring the values.
func TestPackerPacksExactly(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, bits := range []int{1, 7, 24, 31, 32} {
		values := make([]uint32, 1001)
		in := make([]byte, 4*len(values))
		for i := range values {
			values[i] = r.Uint32()
			binary.LittleEndian.PutUint32(in[4*i:], values[i])
		}
		var out bytes.Buffer
		p := NewPacker(&out, bits)
		for rest := in; len(rest) > 0; {
			n := min(len(rest), 1+r.Intn(9))
			if k, err := p.Write(rest[:n]); err != nil || k != n {
				t.Fatalf("bits %d: Write(%d bytes) = %d, %v", bits, n, k, err)
			}
			rest = rest[n:]
		}
		if want := len(values) * bits / 32 * 4; out.Len() != want {
			t.Fatalf("bits %d: %d bytes out, want %d", bits, out.Len(), want)
		}
		got := out.Bytes()
		bit := func(k int) uint32 { return uint32(got[k/8]>>(k%8)) & 1 } // little-endian words: bit k of the stream
		for k := 0; k < 8*len(got); k++ {
			if want := values[k/bits] >> (k % bits) & 1; bit(k) != want {
				t.Fatalf("bits %d: stream bit %d is %d, value %d's bit %d is %d", bits, k, bit(k), k/bits, k%bits, want)
			}
		}
	}
}

// The generators with fewer than 32 output bits say so: their native
// integers never set the bits above.
func TestOutputBitsHoldTheIntegers(t *testing.T) {
	for _, g := range All {
		inst, err := g.New(Config{Seed: 3, Streams: 4})
		if err != nil {
			t.Fatal(err)
		}
		var or uint32
		for s := 0; s < 4; s++ {
			st := inst.Stream(s)
			for range 1000 {
				or |= st.U32()
			}
		}
		if high := or >> g.Bits(); g.Bits() < 32 && high != 0 {
			t.Errorf("%s: %d output bits, but an integer had %#x above them", g.Name, g.Bits(), or)
		}
		if top := or >> (g.Bits() - 1); top == 0 {
			t.Errorf("%s: %d output bits, but the top one was never set", g.Name, g.Bits())
		}
	}
}
