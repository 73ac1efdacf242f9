// Philox's wide draw (--philox-interleave N, N = PHILOX_INTERLEAVE, 2..4):
// the next 4N renderer floats, at a block boundary N blocks of the stream
// computed side by side. A block's rounds are one chain of dependent
// multiplies; the N blocks' chains are independent, so the GPU can overlap
// them. The numbers and their order are rng_f32()'s: block b+k is the
// block for counter (b+k, t, 0, 0) whatever the interleave (tested against
// the Go reference across the 2^32 carry: lab/philox_interleave_test.go).
// Included by philox.glsl after rng_f32x4.

// One round of a block held as a uvec4 (philox_round's words).
uvec4 philox_round4(uvec4 c, uint k0, uint k1) {
	uint hi0, lo0, hi1, lo1;
	umulExtended(0xD2511F53u, c.x, hi0, lo0);
	umulExtended(0xCD9E8D57u, c.z, hi1, lo1);
	return uvec4(hi1 ^ c.y ^ k0, lo1, hi0 ^ c.w ^ k1, lo0);
}

// The counter of block b + k (b the current block, 64-bit: the carry goes
// to counter word 2).
uvec4 philox_counter(uint k) {
	uint carry;
	uint lo = uaddCarry(philox_b0, k, carry);
	return uvec4(lo, philox_t, philox_b2 + carry, 0u);
}

vec4 philox_unit4(uvec4 x) { return vec4(rng_unit24(x.x), rng_unit24(x.y), rng_unit24(x.z), rng_unit24(x.w)); }

// Round r of every block, written side by side.
#define PHILOX_R4(q, r) q = philox_round4(q, philox_round_keys[r], uint(r) * 0xBB67AE85u);
#if PHILOX_INTERLEAVE == 2
#define PHILOX_ROUND_N(r) PHILOX_R4(q0, r) PHILOX_R4(q1, r)
#elif PHILOX_INTERLEAVE == 3
#define PHILOX_ROUND_N(r) PHILOX_R4(q0, r) PHILOX_R4(q1, r) PHILOX_R4(q2, r)
#else
#define PHILOX_ROUND_N(r) PHILOX_R4(q0, r) PHILOX_R4(q1, r) PHILOX_R4(q2, r) PHILOX_R4(q3, r)
#endif

#define RNG_F32X4N PHILOX_INTERLEAVE
void rng_f32x4n(out vec4 v[RNG_F32X4N]) {
	if (philox_left != 0u) { // mid-block: the queue first, four at a time
		v[0] = rng_f32x4();
		v[1] = rng_f32x4();
#if PHILOX_INTERLEAVE > 2
		v[2] = rng_f32x4();
#endif
#if PHILOX_INTERLEAVE > 3
		v[3] = rng_f32x4();
#endif
		return;
	}
	uvec4 q0 = philox_counter(1u);
	uvec4 q1 = philox_counter(2u);
#if PHILOX_INTERLEAVE > 2
	uvec4 q2 = philox_counter(3u);
#endif
#if PHILOX_INTERLEAVE > 3
	uvec4 q3 = philox_counter(4u);
#endif
	PHILOX_ROUND_N(0)
#if PHILOX_ROUNDS > 1
	PHILOX_ROUND_N(1)
#endif
#if PHILOX_ROUNDS > 2
	PHILOX_ROUND_N(2)
#endif
#if PHILOX_ROUNDS > 3
	PHILOX_ROUND_N(3)
#endif
#if PHILOX_ROUNDS > 4
	PHILOX_ROUND_N(4)
#endif
#if PHILOX_ROUNDS > 5
	PHILOX_ROUND_N(5)
#endif
#if PHILOX_ROUNDS > 6
	PHILOX_ROUND_N(6)
#endif
#if PHILOX_ROUNDS > 7
	PHILOX_ROUND_N(7)
#endif
#if PHILOX_ROUNDS > 8
	PHILOX_ROUND_N(8)
#endif
#if PHILOX_ROUNDS > 9
	PHILOX_ROUND_N(9)
#endif
#if PHILOX_ROUNDS > 10
	PHILOX_ROUND_N(10)
#endif
#if PHILOX_ROUNDS > 11
	PHILOX_ROUND_N(11)
#endif
#if PHILOX_ROUNDS > 12
	PHILOX_ROUND_N(12)
#endif
#if PHILOX_ROUNDS > 13
	PHILOX_ROUND_N(13)
#endif
#if PHILOX_ROUNDS > 14
	PHILOX_ROUND_N(14)
#endif
#if PHILOX_ROUNDS > 15
	PHILOX_ROUND_N(15)
#endif
	v[0] = philox_unit4(q0);
	v[1] = philox_unit4(q1);
#if PHILOX_INTERLEAVE > 2
	v[2] = philox_unit4(q2);
#endif
#if PHILOX_INTERLEAVE > 3
	v[3] = philox_unit4(q3);
#endif
	// The last block computed is now the current one, wholly drawn.
	uvec4 last = philox_counter(uint(PHILOX_INTERLEAVE));
	philox_b0 = last.x;
	philox_b2 = last.z;
}
