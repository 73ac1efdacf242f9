// What every generator port shares: the state pool, the auxiliary data and the
// uniforms a kernel sets, plus exact integer-to-float helpers.
//
// Contract (each rng/<name>.glsl defines these):
//   void  rng_init(uint stream);   seed stream `stream` exactly as the spec says
//   void  rng_load(uint slot);     continue the stream kept in pool slot `slot`
//   void  rng_store(uint slot);    keep it there for the next dispatch
//   uint  rng_u32();               next native integer
//   float rng_f32();               next renderer float in [0,1)
//   float rng_dump_f32();          next float as `speckle rng dump --format f32` writes it
//
// Optional parts, for kernels that split long work across dispatches (what
// each costs in loop passes: rng.Loops):
//   RNG_DEFER_WARMUP (a kernel's define): rng_init leaves the warm-up out
//     and the generator defines RNG_WARMUP and void rng_warmup(uint n) that
//     does n steps of it (rng.Loops.Warmup in all); generators without a
//     warm-up ignore it.
//   RNG_DUMP_SEEK (the generator's define): the dump stream is stateless;
//     rng_dump_seek(stream, first) starts it at value `first` (Sobol).
//   RNG_DUMP_STRIDE (with RNG_DUMP_SEEK): rng_dump_stride(k) makes later
//     dump draws step 2^k values at a time, so 2^k invocations can share a
//     stream, neighbours storing neighbouring values (rng.StridedDump).
//     Such a generator also defines RNG_DUMP_X4, uvec4 rng_dump_u32x4() and
//     vec4 rng_dump_f32x4(): four consecutive dump values from a multiple of
//     4 on, then the stride (at least 4), for one 16-byte store.
//   RNG_F32X4 (the generator's define): vec4 rng_f32x4() returns the next
//     four rng_f32() in order, cheaper than four calls (block generators).
//   RNG_F32X4N (the generator's define, N = its value, 2..4, with
//     RNG_F32X4): void rng_f32x4n(out vec4 v[RNG_F32X4N]) returns the next
//     4N rng_f32() in order, v[0] first, at a block boundary N blocks
//     computed side by side (philox --philox-interleave N). Only for a
//     generator whose draws do not loop (rng.Loops.Draw == 0): lab.Draw
//     counts the wide loop as one pass more.
//   RNG_QUASI (the generator's define): rng_load starts a point at its first
//     dimension; rng_quasi_seek(draws) moves to dimension `draws` of it, for
//     a kernel that continues a point in another dispatch.

#include "lib/loops.glsl"

// Word w of slot s lives at rng_pool[w * rng_pool_stride + s], so neighbouring
// invocations touch neighbouring words. Binding points, like every number Go
// and GLSL share, are defines from shaders/constants.go.
layout(std430, binding = RNG_POOL_BINDING) buffer RngPool { uint rng_pool[]; };
layout(std430, binding = RNG_AUX_BINDING) readonly buffer RngAux { uint rng_aux[]; };

uniform uint rng_seed;        // --seed
uniform uint rng_streams;     // T, the number of streams (Sobol: dimensions or points per dispatch)
uniform uint rng_pool_stride; // slots in the pool
uniform uint rng_iteration;   // dispatch number, for quasi-random generators

uint rng_pool_index(uint word, uint slot) { return word * rng_pool_stride + slot; }

// The spec's default float: the top 24 bits scaled to [0,1); exact everywhere.
float rng_unit24(uint u) { return float(u >> 8) * (1.0 / 16777216.0); }

// float(u) rounded to nearest even. GLSL leaves the rounding of uint-to-float
// conversion to the implementation (C and Go round to nearest even), and a
// GPU converts at a quarter of its add rate (H200: Sobol's dump 784 G/s with
// two conversions a value, README Performance), so none is used: u's top 23
// bits and its low 9 become exact floats by placing them in a mantissa
// (2^32 + hi * 2^9, 2^23 + lo) and subtracting the power of two, which is
// exact; their sum is u rounded once, as addition is (an FMA rounds once too).
float rng_uint_to_float_rne(uint u) {
	precise float hi = uintBitsToFloat(0x4F800000u | (u >> 9)) - 4294967296.0;
	precise float lo = uintBitsToFloat(0x4B000000u | (u & 511u)) - 8388608.0;
	precise float f = hi + lo;
	return f;
}

uint rng_bswap32(uint x) {
	return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}

const float RNG_BELOW_ONE = 0.99999994; // largest float below 1
