// Store patterns with no generator: what this GPU and driver can write, for
// `rng bench` to compare against (lab.WriteCeilings).
//
// Column (default): rng_draw.comp's BENCH_STORE pattern; invocation i owns
// column i and writes values first .. first+values-1 (a multiple of 4) at
// out4[(m/4)*invocations + i], split into pieces under the loop budget.
// GRID_STRIDE: persistent invocations, each writing uvec4 k, k + invocations,
// ... up to `words4` in all (the caller keeps the passes under the budget).
// WORD_STORES (columns): a store a value, value m of invocation i at word
// m*invocations + i, as a dump kernel storing one value a lane does.
// WG_SIZE: the work-group size (default 128, rng_draw.comp's).
#ifndef WG_SIZE
#define WG_SIZE 128
#endif
layout(local_size_x = WG_SIZE) in;
#include "lib/invocation.glsl"

#ifdef WORD_STORES
layout(std430, binding = RNG_OUT_BINDING) writeonly buffer Draws { uint draw_out[]; };
#else
layout(std430, binding = RNG_OUT_BINDING) writeonly buffer Draws { uvec4 draw_out4[]; };
#endif

uniform uint invocations;
uniform uint first;
uniform uint values;
uniform uint words4;

void main() {
	uint i = linear_invocation();
	if (i >= invocations) return;
#ifdef GRID_STRIDE
	for (uint k = i; k < words4; k += invocations) {
		draw_out4[k] = uvec4(k, k + 1u, k + 2u, k + 3u);
	}
#elif defined(WORD_STORES)
	for (uint m = first; m < first + values; m++) draw_out[m * invocations + i] = i + m;
#else
	uvec4 v = uvec4(i, i + 1u, i + 2u, i + 3u) + first;
	uint end = first + values;
	for (uint m = first; m < end; m += 4u) {
		draw_out4[(m >> 2) * invocations + i] = v;
		v += 4u;
	}
#endif
}
