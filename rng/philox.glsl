// Philox4x32-R (Random123), R = PHILOX_ROUNDS: value m of stream t is lane m%4
// of the block for counter (m/4, t, 0, 0), key (seed, 0). The current block's
// four outputs sit in registers as a queue (x0 next); the pool keeps only the
// block index, the lanes left and the stream, and rng_load recomputes a partly
// drawn block.
#include "rng/common.glsl"

#ifndef PHILOX_ROUNDS
#define PHILOX_ROUNDS 10 // Random123's default; philoxInstance.Defines always sets it
#endif

uint philox_b0, philox_b2; // current block index, lo and hi (counter words 0 and 2)
uint philox_t;             // stream: counter word 1
uint philox_left;          // outputs of the block not yet drawn
uint philox_x0, philox_x1, philox_x2, philox_x3;

void philox_round(inout uint c0, inout uint c1, inout uint c2, inout uint c3, uint k0, uint k1) {
	uint hi0, lo0, hi1, lo1;
	umulExtended(0xD2511F53u, c0, hi0, lo0);
	umulExtended(0xCD9E8D57u, c2, hi1, lo1);
	c0 = hi1 ^ c1 ^ k0;
	c1 = lo1;
	c2 = hi0 ^ c3 ^ k1;
	c3 = lo0;
}

// The outputs of the current block, all four lanes queued.
void philox_block() {
	uint c0 = philox_b0, c1 = philox_t, c2 = philox_b2, c3 = 0u;
	uint k0 = rng_seed, k1 = 0u;
	philox_round(c0, c1, c2, c3, k0, k1);
	for (int r = 1; r < PHILOX_ROUNDS; r++) {
		k0 += 0x9E3779B9u;
		k1 += 0xBB67AE85u;
		philox_round(c0, c1, c2, c3, k0, k1);
	}
	philox_x0 = c0;
	philox_x1 = c1;
	philox_x2 = c2;
	philox_x3 = c3;
	philox_left = 4u;
}

void philox_shift() {
	philox_x0 = philox_x1;
	philox_x1 = philox_x2;
	philox_x2 = philox_x3;
}

// Move to the next block (64-bit index) and queue its outputs.
void philox_next_block() {
	uint carry;
	philox_b0 = uaddCarry(philox_b0, 1u, carry);
	philox_b2 += carry;
	philox_block();
}

uint rng_u32() {
	if (philox_left == 0u) philox_next_block();
	uint v = philox_x0;
	philox_shift();
	philox_left--;
	return v;
}

void rng_init(uint stream) {
	philox_b0 = 0xFFFFFFFFu; // block -1: the first draw moves to block 0
	philox_b2 = 0xFFFFFFFFu;
	philox_t = stream;
	philox_left = 0u;
}

void rng_load(uint slot) {
	philox_b0 = rng_pool[rng_pool_index(0u, slot)];
	philox_b2 = rng_pool[rng_pool_index(1u, slot)];
	uint left = rng_pool[rng_pool_index(2u, slot)];
	philox_t = rng_pool[rng_pool_index(3u, slot)];
	philox_left = 0u;
	if (left != 0u) { // recompute the block and drop the lanes already drawn
		philox_block();
		if (left < 4u) philox_shift();
		if (left < 3u) philox_shift();
		if (left < 2u) philox_shift();
		philox_left = left;
	}
}

void rng_store(uint slot) {
	rng_pool[rng_pool_index(0u, slot)] = philox_b0;
	rng_pool[rng_pool_index(1u, slot)] = philox_b2;
	rng_pool[rng_pool_index(2u, slot)] = philox_left;
	rng_pool[rng_pool_index(3u, slot)] = philox_t;
}

float rng_f32() { return rng_unit24(rng_u32()); }
float rng_dump_f32() { return rng_f32(); }

// Four renderer floats in order; at a block boundary the whole next block,
// with no queue to shift and one test for four draws.
#define RNG_F32X4 1
vec4 rng_f32x4() {
	if (philox_left == 0u) {
		philox_next_block();
		philox_left = 0u;
		return vec4(rng_unit24(philox_x0), rng_unit24(philox_x1), rng_unit24(philox_x2), rng_unit24(philox_x3));
	}
	float a = rng_f32(); // one draw per statement: the order of draws is fixed
	float b = rng_f32();
	float c = rng_f32();
	float d = rng_f32();
	return vec4(a, b, c, d);
}
