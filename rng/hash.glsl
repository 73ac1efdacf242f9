// The keying of the GPU hashes (definition: rng/hash.go). The including port
// defines uint hash1(uint x), the hash of one word (first output word), and,
// where the hash takes several words, uint hash_native(uint t, uint d, uint s).
// One of HASH_KEY_COUNTER, _LINEAR, _NESTED, _NATIVE is defined (Defines).
//
// State, three pool words: 1-word keyings the key a and its step b (a draw
// is hash1(a), then a += b); native a = stream, b = draw, c = seed.
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

uint rng_u32() {
#ifdef HASH_KEY_NATIVE
	uint v = hash_native(hash_a, hash_b, hash_c);
	hash_b += 1u;
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
