// Lehmer LCG of rng.cl: state = (state+1) * 279470273 mod (2^32-5), in 32-bit words.
#include "rng/common.glsl"

uint rng_state;

uint lehmer_step(uint x) {
	// V = hi*2^32 + lo with hi < 2^28; 2^32 = 5 (mod p), so V = lo + 5*hi (mod p).
	uint hi, lo, carry;
	umulExtended(x + 1u, 279470273u, hi, lo);
	uint r = uaddCarry(lo, hi * 5u, carry);
	r += carry * 5u; // after a carry r < 5*2^28: no second wrap
	if (r >= 0xFFFFFFFBu) r -= 0xFFFFFFFBu;
	return r;
}

void rng_init(uint stream) {
	rng_state = rng_seed + stream;
#ifdef LEHMER_SLM_SEEDING
	rng_state = rng_bswap32(lehmer_step(rng_bswap32(rng_state)));
#endif
}

void rng_load(uint slot) { rng_state = rng_pool[rng_pool_index(0u, slot)]; }
void rng_store(uint slot) { rng_pool[rng_pool_index(0u, slot)] = rng_state; }

uint rng_u32() {
	rng_state = lehmer_step(rng_state);
	return rng_state;
}

// (float)u / (float)0xfffffffb: the divisor is 2^32 as a float.
float lehmer_unit(uint u) {
	precise float f = rng_uint_to_float_rne(u) * (1.0 / 4294967296.0);
	return f;
}

float rng_f32() { return min(lehmer_unit(rng_u32()), RNG_BELOW_ONE); }
float rng_dump_f32() {
	precise float f = lehmer_unit(rng_u32()) - 0.5;
	return f;
}
