// The keying of the GPU hashes (definition: rng/hash.go). The including port
// defines uint hash1(uint x), the hash of one word (first output word), and,
// where the hash takes several words, uint hash_native(uint t, uint d, uint s),
// and where its own input or output has several words, HASH_WIDE and
// uvec4 hash_wide(uvec4 v) (HASH_IN words in, HASH_LANES out, the rest 0).
// One of HASH_KEY_COUNTER, _LINEAR, _NESTED, _NATIVE, _PAPER is defined
// (Defines; with _PAPER, HASH_IN and HASH_LANES).
//
// State, three pool words: 1-word keyings the key a and its step b (a draw
// is hash1(a), then a += b); native a = stream, b = draw, c = seed; paper
// a = counter, b = output word (a draw is word b of hash_wide(morton(a)),
// then b += 1, and past the last b = 0, a += 1).
#include "rng/common.glsl"

#define HASH_GOLDEN 0x9E3779B9u

uint hash_a, hash_b, hash_c;

void rng_init(uint stream) {
	hash_a = stream;
	hash_b = 1u;
	hash_c = rng_seed;
#if defined(HASH_KEY_NATIVE)
	hash_b = 0u;
#elif defined(HASH_KEY_LINEAR)
	hash_a = stream + HASH_GOLDEN * rng_seed;
	hash_b = rng_streams;
#elif defined(HASH_KEY_NESTED)
	hash_a = hash1(stream + hash1(rng_seed));
#elif defined(HASH_KEY_PAPER)
	hash_a = HASH_GOLDEN * (stream + rng_streams * rng_seed);
	hash_b = 0u;
#else // counter
	hash_a = HASH_GOLDEN * (stream + rng_streams * rng_seed);
#endif
}

void rng_load(uint slot) {
	hash_a = rng_pool[rng_pool_index(0u, slot)];
	hash_b = rng_pool[rng_pool_index(1u, slot)];
	hash_c = rng_pool[rng_pool_index(2u, slot)];
}

void rng_store(uint slot) {
	rng_pool[rng_pool_index(0u, slot)] = hash_a;
	rng_pool[rng_pool_index(1u, slot)] = hash_b;
	rng_pool[rng_pool_index(2u, slot)] = hash_c;
}

#ifdef HASH_KEY_PAPER
// Bits 0, n, 2n, ... of x (rng/hash.go's compact; n = HASH_IN).
uint hash_compact(uint x) {
#if HASH_IN == 2
	x &= 0x55555555u;
	x = (x ^ (x >> 1u)) & 0x33333333u;
	x = (x ^ (x >> 2u)) & 0x0f0f0f0fu;
	x = (x ^ (x >> 4u)) & 0x00ff00ffu;
	return (x ^ (x >> 8u)) & 0x0000ffffu;
#elif HASH_IN == 3
	uint y = ((x >> 30u) & 1u) << 10u;
	x &= 0x09249249u;
	x = (x ^ (x >> 2u)) & 0x030c30c3u;
	x = (x ^ (x >> 4u)) & 0x0300f00fu;
	x = (x ^ (x >> 8u)) & 0xff0000ffu;
	return ((x ^ (x >> 16u)) & 0x000003ffu) | y;
#elif HASH_IN == 4
	x &= 0x11111111u;
	x = (x ^ (x >> 3u)) & 0x03030303u;
	x = (x ^ (x >> 6u)) & 0x000f000fu;
	return (x ^ (x >> 12u)) & 0x000000ffu;
#else
	return x;
#endif
}

// Output word `lane` of the hash of counter c, Morton-decoded.
uint hash_paper(uint c, uint lane) {
	uvec4 v = uvec4(hash_compact(c), 0u, 0u, 0u);
#if HASH_IN >= 2
	v.y = hash_compact(c >> 1u);
#endif
#if HASH_IN >= 3
	v.z = hash_compact(c >> 2u);
#endif
#if HASH_IN >= 4
	v.w = hash_compact(c >> 3u);
#endif
#ifdef HASH_WIDE
	return hash_wide(v)[lane];
#else
	return hash1(v.x);
#endif
}
#endif

uint rng_u32() {
#if defined(HASH_KEY_NATIVE)
	uint v = hash_native(hash_a, hash_b, hash_c);
	hash_b += 1u;
#elif defined(HASH_KEY_PAPER)
	uint v = hash_paper(hash_a, hash_b);
	hash_b += 1u;
	if (hash_b == uint(HASH_LANES)) {
		hash_b = 0u;
		hash_a += 1u;
	}
#else
	uint v = hash1(hash_a);
	hash_a += hash_b;
#endif
	return v;
}

#ifndef HASH_F32
float rng_f32() { return rng_unit24(rng_u32()); }
#endif
float rng_dump_f32() { return rng_f32(); }
