// The frame of a user's generator (--gen glsl:FILE; rng/user.go): the
// file defines void rng_init(uint stream) and uint rng_u32() over
// uint rng_state[RNG_STATE_WORDS] (a define the program gets from the
// file's own #define line); this supplies the rest of the port contract.
#include "rng/common.glsl"

uint rng_state[RNG_STATE_WORDS];

#include <user>

void rng_load(uint slot) {
	for (uint w = 0u; w < uint(RNG_STATE_WORDS); w++) rng_state[w] = rng_pool[rng_pool_index(w, slot)];
}

void rng_store(uint slot) {
	for (uint w = 0u; w < uint(RNG_STATE_WORDS); w++) rng_pool[rng_pool_index(w, slot)] = rng_state[w];
}

float rng_f32() { return rng_unit24(rng_u32()); }
float rng_dump_f32() { return rng_f32(); }
