package rng

import "encoding/binary"

// Murmur3 is Appleby's MurmurHash3_x86_32 of the key word's four
// little-endian bytes, seed 0.
var Murmur3 = newHash(hashSpec{
	name:  "murmur3",
	doc:   "MurmurHash3_x86_32 (Appleby, SMHasher; Jarzynski & Olano 2020) of the key word's 4 bytes, seed 0, keyed by --hash-key",
	funcs: func(Config) hashFuncs { return hashFuncs{one: func(x uint32) uint32 { return murmur3Word(x, 0) }} },
})

const (
	murmurC1 = 0xcc9e2d51
	murmurC2 = 0x1b873593
)

func murmur3Mix(k uint32) uint32 { return rotl32(k*murmurC1, 15) * murmurC2 }

func murmur3Body(h, k uint32) uint32 { return rotl32(h^murmur3Mix(k), 13)*5 + 0xe6546b64 }

// murmur3Fmix is MurmurHash3's fmix32 (CityHash32 has it too).
func murmur3Fmix(h uint32) uint32 {
	h = (h ^ h>>16) * 0x85ebca6b
	h = (h ^ h>>13) * 0xc2b2ae35
	return h ^ h>>16
}

func murmur3Word(x, seed uint32) uint32 { return murmur3Fmix(murmur3Body(seed, x) ^ 4) }

// murmur3 is MurmurHash3_x86_32 of any bytes, for SMHasher's verification
// value (murmur3_test.go).
func murmur3(b []byte, seed uint32) uint32 {
	h, n := seed, uint32(len(b))
	for ; len(b) >= 4; b = b[4:] {
		h = murmur3Body(h, binary.LittleEndian.Uint32(b))
	}
	var k uint32
	for i := len(b) - 1; i >= 0; i-- {
		k = k<<8 | uint32(b[i])
	}
	if len(b) > 0 {
		h ^= murmur3Mix(k)
	}
	return murmur3Fmix(h ^ n)
}
