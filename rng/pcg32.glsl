// pcg32 (O'Neill, PCG-XSH-RR 64/32): 64-bit LCG state, 32-bit permuted output.
// 64-bit words as (lo, hi) uint32 pairs; no 64-bit integers in GLSL.
#include "rng/common.glsl"

uint pcg_lo, pcg_hi;     // state
uint pcg_inc_lo, pcg_inc_hi; // increment, odd

// state = state * 6364136223846793005 + inc (mod 2^64)
void pcg32_step() {
	uint hi, lo, carry;
	umulExtended(pcg_lo, 0x4C957F2Du, hi, lo);
	hi += pcg_lo * 0x5851F42Du + pcg_hi * 0x4C957F2Du;
	pcg_lo = uaddCarry(lo, pcg_inc_lo, carry);
	pcg_hi = hi + pcg_inc_hi + carry;
}

// pcg32_random_r: step, output from the old state.
uint rng_u32() {
	uint lo = pcg_lo, hi = pcg_hi;
	pcg32_step();
	// xorshifted = uint32(((old >> 18) ^ old) >> 27), rot = old >> 59
	uint xlo = lo ^ ((lo >> 18) | (hi << 14));
	uint xhi = hi ^ (hi >> 18);
	uint x = (xlo >> 27) | (xhi << 5);
	uint rot = hi >> 27;
	return (x >> rot) | (x << ((32u - rot) & 31u));
}

// pcg32_srandom_r(initstate = seed, initseq = stream): inc = 2*stream + 1.
void rng_init(uint stream) {
	pcg_inc_lo = (stream << 1) | 1u;
	pcg_inc_hi = stream >> 31;
	pcg_lo = 0u;
	pcg_hi = 0u;
	pcg32_step();
	uint carry;
	pcg_lo = uaddCarry(pcg_lo, rng_seed, carry);
	pcg_hi += carry;
	pcg32_step();
}

void rng_load(uint slot) {
	pcg_lo = rng_pool[rng_pool_index(0u, slot)];
	pcg_hi = rng_pool[rng_pool_index(1u, slot)];
	pcg_inc_lo = rng_pool[rng_pool_index(2u, slot)];
	pcg_inc_hi = rng_pool[rng_pool_index(3u, slot)];
}

void rng_store(uint slot) {
	rng_pool[rng_pool_index(0u, slot)] = pcg_lo;
	rng_pool[rng_pool_index(1u, slot)] = pcg_hi;
	rng_pool[rng_pool_index(2u, slot)] = pcg_inc_lo;
	rng_pool[rng_pool_index(3u, slot)] = pcg_inc_hi;
}

float rng_f32() { return rng_unit24(rng_u32()); }
float rng_dump_f32() { return rng_f32(); }
