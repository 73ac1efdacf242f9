package rng

import "encoding/binary"

// XXHash32 is Collet's XXH32 of the key words as little-endian bytes: one
// word with seed 0 for the one-word keyings; native keying hashes the
// 8 bytes of (t, d) with seed S. (The paper's GLSL xxhash32 leaves out the
// length and the first word's multiplication; this is XXH32 itself, so
// libxxhash checks it.)
var XXHash32 = newHash(hashSpec{
	name:   "xxhash32",
	doc:    "XXH32 (Collet; Jarzynski & Olano 2020) of the key words as bytes; native keying hashes (stream, draw) with the seed as XXH32's seed",
	native: true,
	funcs: func(Config) hashFuncs {
		return hashFuncs{
			one:    func(x uint32) uint32 { return xxh32Words(0, x) },
			native: func(t, d, s uint32) uint32 { return xxh32Words(s, t, d) },
		}
	},
})

const (
	xxhPrime1 = 2654435761
	xxhPrime2 = 2246822519
	xxhPrime3 = 3266489917
	xxhPrime4 = 668265263
	xxhPrime5 = 374761393
)

// xxh32Words is XXH32 of the words' little-endian bytes (fewer than 4 words).
func xxh32Words(seed uint32, words ...uint32) uint32 {
	h := seed + xxhPrime5 + uint32(4*len(words))
	for _, w := range words {
		h = rotl32(h+w*xxhPrime3, 17) * xxhPrime4
	}
	return xxhAvalanche(h)
}

func xxhAvalanche(h uint32) uint32 {
	h = (h ^ h>>15) * xxhPrime2
	h = (h ^ h>>13) * xxhPrime3
	return h ^ h>>16
}

// xxh32 is XXH32 of any bytes, for the known answers (xxhash32_test.go).
func xxh32(b []byte, seed uint32) uint32 {
	n := uint32(len(b))
	var h uint32
	if len(b) >= 16 {
		v := [4]uint32{seed + xxhPrime1 + xxhPrime2, seed + xxhPrime2, seed, seed - xxhPrime1}
		for ; len(b) >= 16; b = b[16:] {
			for i := range v {
				v[i] = rotl32(v[i]+binary.LittleEndian.Uint32(b[4*i:])*xxhPrime2, 13) * xxhPrime1
			}
		}
		h = rotl32(v[0], 1) + rotl32(v[1], 7) + rotl32(v[2], 12) + rotl32(v[3], 18)
	} else {
		h = seed + xxhPrime5
	}
	h += n
	for ; len(b) >= 4; b = b[4:] {
		h = rotl32(h+binary.LittleEndian.Uint32(b)*xxhPrime3, 17) * xxhPrime4
	}
	for _, c := range b {
		h = rotl32(h+uint32(c)*xxhPrime5, 11) * xxhPrime1
	}
	return xxhAvalanche(h)
}
