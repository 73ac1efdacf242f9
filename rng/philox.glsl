// Philox4x32-R (Random123), R = PHILOX_ROUNDS: value m of stream t is lane m%4
// of the block for counter (m/4, t, 0, 0), key (seed, 0). The current block's
// four outputs sit in registers as a queue (x0 next); the pool keeps only the
// block index, the lanes left and the stream, and rng_load recomputes a partly
// drawn block.
#include "rng/common.glsl"

#ifndef PHILOX_ROUNDS
#define PHILOX_ROUNDS 10 // Random123's default; philoxInstance.Defines always sets it
#endif
#ifndef PHILOX_INTERLEAVE
#define PHILOX_INTERLEAVE 1 // blocks a wide draw computes side by side (--philox-interleave)
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

// Round r's key: (philox_round_keys[r], r * 0xBB67AE85), the seed bumped r
// times by the Weyl constants (Go computes the first words: rng/philox.go).
uniform uint philox_round_keys[PHILOX_ROUNDS];
#define PHILOX_ROUND(r) philox_round(c0, c1, c2, c3, philox_round_keys[r], uint(r) * 0xBB67AE85u);

// The outputs of the current block, all four lanes queued. The rounds are
// written out, so each key is a constant index into a uniform: the H200's
// driver then adds no bumps (a loop measured 913 G/s consumed, this 962).
void philox_block() {
	uint c0 = philox_b0, c1 = philox_t, c2 = philox_b2, c3 = 0u;
	PHILOX_ROUND(0)
#if PHILOX_ROUNDS > 1
	PHILOX_ROUND(1)
#endif
#if PHILOX_ROUNDS > 2
	PHILOX_ROUND(2)
#endif
#if PHILOX_ROUNDS > 3
	PHILOX_ROUND(3)
#endif
#if PHILOX_ROUNDS > 4
	PHILOX_ROUND(4)
#endif
#if PHILOX_ROUNDS > 5
	PHILOX_ROUND(5)
#endif
#if PHILOX_ROUNDS > 6
	PHILOX_ROUND(6)
#endif
#if PHILOX_ROUNDS > 7
	PHILOX_ROUND(7)
#endif
#if PHILOX_ROUNDS > 8
	PHILOX_ROUND(8)
#endif
#if PHILOX_ROUNDS > 9
	PHILOX_ROUND(9)
#endif
#if PHILOX_ROUNDS > 10
	PHILOX_ROUND(10)
#endif
#if PHILOX_ROUNDS > 11
	PHILOX_ROUND(11)
#endif
#if PHILOX_ROUNDS > 12
	PHILOX_ROUND(12)
#endif
#if PHILOX_ROUNDS > 13
	PHILOX_ROUND(13)
#endif
#if PHILOX_ROUNDS > 14
	PHILOX_ROUND(14)
#endif
#if PHILOX_ROUNDS > 15
	PHILOX_ROUND(15)
#endif
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

#if PHILOX_INTERLEAVE > 1
#include "rng/philox_wide.glsl"
#endif
