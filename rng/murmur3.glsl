// MurmurHash3_x86_32 (Appleby) of one word, seed 0: rng/murmur3.go.
#include "rng/common.glsl"

uint murmur3_fmix(uint h) {
	h = (h ^ (h >> 16u)) * 0x85ebca6bu;
	h = (h ^ (h >> 13u)) * 0xc2b2ae35u;
	return h ^ (h >> 16u);
}

uint hash1(uint k) {
	k *= 0xcc9e2d51u;
	k = (k << 15u) | (k >> 17u);
	k *= 0x1b873593u;
	uint h = k; // seed 0 ^ k
	h = (h << 13u) | (h >> 19u);
	h = h * 5u + 0xe6546b64u;
	return murmur3_fmix(h ^ 4u);
}

#include "rng/hash.glsl"
