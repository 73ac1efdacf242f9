// The renderer's use of a generator, as a kernel: each invocation continues its
// pool slot, draws `count` renderer values and stores the state back. The
// tests compare its output with the Go reference; `rng bench` times it.
//
// BENCH_STORE: every value is written, out[m*N + i] (coalesced);
// BENCH_SUM:   values are only consumed (summed), one word per invocation;
// otherwise:   the raw u32 and f32 bits, out[(i*count + m)*2 + {0,1}] (tests).
layout(local_size_x = 128) in;
#include "lib/invocation.glsl"
#include <rng>

layout(std430, binding = 0) writeonly buffer Draws { uint draw_out[]; };

uniform uint invocations; // N
uniform uint count;       // values per invocation

void main() {
	uint i = linear_invocation();
	if (i >= invocations) return;
	rng_load(i);
#if defined(BENCH_STORE)
	for (uint m = 0u; m < count; m++) draw_out[m * invocations + i] = floatBitsToUint(rng_f32());
#elif defined(BENCH_SUM)
	float sum = 0.0;
	for (uint m = 0u; m < count; m++) sum += rng_f32();
	draw_out[i] = floatBitsToUint(sum);
#else
	for (uint m = 0u; m < count; m++) {
		draw_out[(i * count + m) * 2u] = rng_u32();
		draw_out[(i * count + m) * 2u + 1u] = floatBitsToUint(rng_f32());
	}
#endif
	rng_store(i);
}
