// RANDU: x' = 65539 x mod 2^31 (the low 31 bits of the 32-bit product).
#include "rng/common.glsl"

uint rng_state;

void rng_init(uint stream) { rng_state = (2u * (rng_seed + stream) + 1u) & 0x7FFFFFFFu; }

void rng_load(uint slot) { rng_state = rng_pool[rng_pool_index(0u, slot)]; }
void rng_store(uint slot) { rng_pool[rng_pool_index(0u, slot)] = rng_state; }

uint rng_u32() {
	rng_state = (rng_state * 65539u) & 0x7FFFFFFFu;
	return rng_state;
}

float rng_f32() { return float(rng_u32() >> 7) * (1.0 / 16777216.0); }
float rng_dump_f32() { return rng_f32(); }
