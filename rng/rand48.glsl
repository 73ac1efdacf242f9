// rand48 (rand48_cuda.txt): x' = A x + C mod 2^48 with the leapfrog step (A, C)
// for T streams, the 48-bit state in two 24-bit limbs (lo, hi) as the seed
// keeps it. rng_aux = A.lo, A.hi, C.lo, C.hi (24-bit limbs).
#include "rng/common.glsl"

uint rand48_lo, rand48_hi;                         // the state x
uint rand48_alo, rand48_ahi, rand48_clo, rand48_chi; // the step, kept in registers

// x = x*m + c mod 2^48, all in 24-bit limbs: the seed's rand48_iterate.
// umulExtended gives __umulhi; on 24-bit limbs __umul24 is a plain multiply.
void rand48_muladd(inout uint xlo, inout uint xhi, uint mlo, uint mhi, uint clo, uint chi) {
	uint hi00, lo00;
	umulExtended(xlo, mlo, hi00, lo00);
	uint r0 = (lo00 & 0xFFFFFFu) + clo;
	uint r1 = ((lo00 >> 24) | (hi00 << 8)) + chi + (r0 >> 24);
	r1 += xhi * mlo + xlo * mhi; // cross terms: only their low 24 bits survive
	xlo = r0 & 0xFFFFFFu;
	xhi = r1 & 0xFFFFFFu;
}

void rand48_step_from_aux() {
	rand48_alo = rng_aux[0];
	rand48_ahi = rng_aux[1];
	rand48_clo = rng_aux[2];
	rand48_chi = rng_aux[3];
}

// Stream t starts at x_{t+1} of the serial sequence from x_0 = (S << 16) | 0x330E:
// the (t+1)-step map (a^n, c(1+a+...+a^{n-1})) by squaring, O(log t).
void rng_init(uint stream) {
	rand48_step_from_aux();
	uint alo = 1u, ahi = 0u, clo = 0u, chi = 0u;           // accumulated map
	uint mlo = 0xECE66Du, mhi = 0x5DEu, mclo = 0xBu, mchi = 0u; // the 2^i-step map; a = 0x5DE_ECE66D
	for (uint n = stream + 1u; n != 0u; n >>= 1) {
		if ((n & 1u) != 0u) {
			rand48_muladd(alo, ahi, mlo, mhi, 0u, 0u);
			rand48_muladd(clo, chi, mlo, mhi, mclo, mchi);
		}
		uint plo = mlo + 1u; // mc = (ma + 1) * mc
		uint phi = (mhi + (plo >> 24)) & 0xFFFFFFu;
		rand48_muladd(mclo, mchi, plo & 0xFFFFFFu, phi, 0u, 0u);
		rand48_muladd(mlo, mhi, mlo, mhi, 0u, 0u);
	}
	rand48_lo = ((rng_seed & 0xFFu) << 16) | 0x330Eu;
	rand48_hi = rng_seed >> 8;
	rand48_muladd(rand48_lo, rand48_hi, alo, ahi, clo, chi);
}

void rng_load(uint slot) {
	rand48_step_from_aux();
	rand48_lo = rng_pool[rng_pool_index(0u, slot)];
	rand48_hi = rng_pool[rng_pool_index(1u, slot)];
}

void rng_store(uint slot) {
	rng_pool[rng_pool_index(0u, slot)] = rand48_lo;
	rng_pool[rng_pool_index(1u, slot)] = rand48_hi;
}

// rand48_nextInt: the upper 31 bits, then a step.
uint rng_u32() {
	uint v = (rand48_lo >> 17) | (rand48_hi << 7);
	rand48_muladd(rand48_lo, rand48_hi, rand48_alo, rand48_ahi, rand48_clo, rand48_chi);
	return v;
}

// rand48_nextFloat: the upper 24 bits / 2^24 (exact), then a step.
float rng_f32() {
	float f = float(rand48_hi) * (1.0 / 16777216.0);
	rand48_muladd(rand48_lo, rand48_hi, rand48_alo, rand48_ahi, rand48_clo, rand48_chi);
	return f;
}

float rng_dump_f32() { return rng_f32(); }
