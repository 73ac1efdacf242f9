// The renderer's use of a generator, as a kernel: each invocation continues its
// pool slot, draws `count` renderer values and stores the state back. The
// tests compare its output with the Go reference; `rng bench` times it.
//
// BENCH_STORE: every value is written, four at a time as a uvec4 (count is a
//              multiple of 4): out4[(m/4)*N + i], coalesced 16-byte stores;
// BENCH_SUM:   values are only consumed: draw m is added to running sum
//              m % 4 of a vec4 per invocation (count and pieces in fours):
//              one chain of dependent adds bounded the rate (H200: rand48
//              1,273 G/s with one sum, 1,633 with four);
// In both, a generator with a wide draw (RNG_F32X4N, rng/common.glsl: philox
// with --philox-interleave N) draws 4N values at a time, then the piece's
// rest in fours: the same values in the same order, one loop more (lab.Draw
// counts it).
// RENDERER_ORDER: the lab's renderer order (lab.RendererDraws): every
//              draw is the renderer's float as a word, uint(f * 2^24): its
//              fraction bits at 24-bit steps, in the low bits as the battery
//              takes a generator's output bits, at
//              out[i*out_stride + out_first + m] (a battery block);
// otherwise:   draw m is rng_u32() for even m, rng_f32()'s bits for odd m,
//              at out[i*count + m] (tests: odd counts leave streams mid-block).
//
// One dispatch draws values first_draw .. first_draw+draws-1 of the `count`
// of an iteration: lab.Draw splits a count into such pieces so that
// no invocation runs more loop passes than LOOP_BUDGET. The pool carries
// streams from piece to piece; a quasi-random point (RNG_QUASI) continues at
// dimension first_draw; BENCH_SUM carries its running sums in out.
layout(local_size_x = 128) in;
#include "lib/invocation.glsl"
#include <rng>

#ifdef BENCH_STORE
layout(std430, binding = RNG_OUT_BINDING) writeonly buffer Draws { uvec4 draw_out4[]; };
#elif defined(BENCH_SUM)
layout(std430, binding = RNG_OUT_BINDING) buffer Draws { vec4 draw_sum4[]; };
#else
layout(std430, binding = RNG_OUT_BINDING) writeonly buffer Draws { uint draw_out[]; };
#endif

uniform uint invocations; // N
uniform uint count;       // values per invocation and iteration
uniform uint first_draw;  // of this piece
uniform uint draws;       // in this piece
#ifdef RENDERER_ORDER
uniform uint out_stride;  // words per invocation in out
uniform uint out_first;   // where this iteration's draws start in them
#endif

#ifndef RNG_F32X4
vec4 rng_f32x4() {
	float a = rng_f32(); // one draw per statement: the order of draws is fixed
	float b = rng_f32();
	float c = rng_f32();
	float d = rng_f32();
	return vec4(a, b, c, d);
}
#endif

void main() {
	uint i = linear_invocation();
	if (i >= invocations) return;
	rng_load(i);
#ifdef RNG_QUASI
	if (first_draw != 0u) rng_quasi_seek(first_draw);
#endif
	uint end = first_draw + draws;
#if defined(BENCH_STORE)
	uint m = first_draw;
#ifdef RNG_F32X4N
	for (; m + 4u * uint(RNG_F32X4N) <= end; m += 4u * uint(RNG_F32X4N)) {
		vec4 v[RNG_F32X4N];
		rng_f32x4n(v);
		uint q = (m >> 2) * invocations + i;
		draw_out4[q] = floatBitsToUint(v[0]);
		draw_out4[q + invocations] = floatBitsToUint(v[1]);
#if RNG_F32X4N > 2
		draw_out4[q + 2u * invocations] = floatBitsToUint(v[2]);
#endif
#if RNG_F32X4N > 3
		draw_out4[q + 3u * invocations] = floatBitsToUint(v[3]);
#endif
	}
#endif
	for (; m < end; m += 4u) draw_out4[(m >> 2) * invocations + i] = floatBitsToUint(rng_f32x4());
#elif defined(BENCH_SUM)
	vec4 sum = first_draw == 0u ? vec4(0.0) : draw_sum4[i];
	uint m = first_draw;
#ifdef RNG_F32X4N
	for (; m + 4u * uint(RNG_F32X4N) <= end; m += 4u * uint(RNG_F32X4N)) {
		vec4 v[RNG_F32X4N];
		rng_f32x4n(v);
		sum += v[0];
		sum += v[1];
#if RNG_F32X4N > 2
		sum += v[2];
#endif
#if RNG_F32X4N > 3
		sum += v[3];
#endif
	}
#endif
	for (; m < end; m += 4u) sum += rng_f32x4();
	draw_sum4[i] = sum;
#elif defined(RENDERER_ORDER)
	for (uint m = first_draw; m < end; m++) draw_out[i * out_stride + out_first + m] = uint(rng_f32() * 16777216.0);
#else
	for (uint m = first_draw; m < end; m++) {
		uint v;
		if ((m & 1u) == 0u) v = rng_u32();
		else v = floatBitsToUint(rng_f32());
		draw_out[i * count + m] = v;
	}
#endif
	rng_store(i);
}
