// The store pattern of rng_draw.comp's BENCH_STORE with no generator: what
// this GPU and driver can write, for `rng bench` to compare against. Like
// rng_draw.comp, a count is split into pieces (first .. first+values-1, a
// multiple of 4) under the loop budget.
layout(local_size_x = 128) in;
#include "lib/invocation.glsl"

layout(std430, binding = RNG_OUT_BINDING) writeonly buffer Draws { uvec4 draw_out4[]; };

uniform uint invocations;
uniform uint first;
uniform uint values;

void main() {
	uint i = linear_invocation();
	if (i >= invocations) return;
	uvec4 v = uvec4(i, i + 1u, i + 2u, i + 3u) + first;
	uint end = first + values;
	for (uint m = first; m < end; m += 4u) {
		draw_out4[(m >> 2) * invocations + i] = v;
		v += 4u;
	}
}
