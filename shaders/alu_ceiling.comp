// Arithmetic with no memory traffic: what this GPU does per second of the
// GLSL operations the compute-bound generators are made of, for `rng bench`
// to set RANLUX's and the CA's rates against (lab.ArithmeticCeilings).
// Eight independent chains per invocation, eight steps of each per loop
// pass, one result word per invocation so that nothing is optimised away.
//
// ALU_SWC:  RANLUX's subtract-with-carry step in binary32 (ranlux_os without
//           its output): d = a - b - c; borrow = d < 0; a' = borrow ? d + 1 : d;
//           c' = borrow ? 2^-24 : 0 — 6 operations.
// ALU_SEL:  the CA rule's bit select x ^ (m & (x ^ y)) — 3 operations.
// ALU_ROT:  a 64-bit ring's rotation word (lo << s) | ((hi >> 1) >> (31 - s))
//           with s fixed, lo and hi two chains — 4 operations.
// ALU_MUL:  half a Philox round: umulExtended(M, x) and hi ^ lo ^ y (the
//           round's c0 = hi1 ^ c1 ^ k0, c1 = lo1 folded into one chain) —
//           3 operations (the wide multiply counted as one).
layout(local_size_x = 256) in;
#include "lib/invocation.glsl"

layout(std430, binding = RNG_OUT_BINDING) writeonly buffer Out { uint alu_out[]; };

uniform uint invocations;
uniform uint passes;

#if defined(ALU_SWC)
#define ALU_T float
#define ALU_SEED(k) (float((i * 8u + k) & 0xFFFFFFu) * (1.0 / 16777216.0))
float alu_carry[8];
#define ALU_STEP(k, n) { precise float d = x##k - y - alu_carry[k]; bool b = d < 0.0; precise float u = b ? d + 1.0 : d; alu_carry[k] = b ? (1.0 / 16777216.0) : 0.0; x##k = u; }
#elif defined(ALU_SEL)
#define ALU_T uint
#define ALU_SEED(k) (i * 0x9E3779B9u + k)
#define ALU_STEP(k, n) { x##k = x##k ^ (y & (x##k ^ x##n)); }
#elif defined(ALU_ROT)
#define ALU_T uint
#define ALU_SEED(k) (i * 0x9E3779B9u + k)
#define ALU_STEP(k, n) { x##k = (x##k << 13) | ((x##n >> 1) >> 18); }
#elif defined(ALU_MUL)
#define ALU_T uint
#define ALU_SEED(k) (i * 0x9E3779B9u + k)
#define ALU_STEP(k, n) { uint hi, lo; umulExtended(0xD2511F53u, x##k, hi, lo); x##k = hi ^ lo ^ x##n; }
#endif

void main() {
	uint i = linear_invocation();
	if (i >= invocations) return;
	ALU_T x0 = ALU_SEED(0u), x1 = ALU_SEED(1u), x2 = ALU_SEED(2u), x3 = ALU_SEED(3u);
	ALU_T x4 = ALU_SEED(4u), x5 = ALU_SEED(5u), x6 = ALU_SEED(6u), x7 = ALU_SEED(7u);
	ALU_T y = ALU_SEED(8u);
#ifdef ALU_SWC
	for (int k = 0; k < 8; k++) alu_carry[k] = 0.0;
#endif
	for (uint p = 0u; p < passes; p++) {
		for (int s = 0; s < 8; s++) {
			ALU_STEP(0, 1) ALU_STEP(1, 2) ALU_STEP(2, 3) ALU_STEP(3, 4)
			ALU_STEP(4, 5) ALU_STEP(5, 6) ALU_STEP(6, 7) ALU_STEP(7, 0)
		}
	}
#ifdef ALU_SWC
	precise float sum = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
	alu_out[i] = floatBitsToUint(sum);
#else
	alu_out[i] = x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7;
#endif
}
