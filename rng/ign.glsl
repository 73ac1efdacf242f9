// Interleaved gradient noise of the key as a pixel: rng/ign.go. precise: no
// fused multiply-add, each operation rounded as Go rounds it.
#include "rng/common.glsl"

uint ign2(uvec2 q) {
	vec2 p = vec2(q);
	precise float a = 0.06711056 * p.x;
	precise float b = 0.00583715 * p.y;
	precise float f = fract(a + b);
	precise float g = fract(52.9829189 * f);
	precise float u = g * 4294967296.0;
	return uint(u);
}

uint hash1(uint k) { return ign2(uvec2(k & 0xffffu, k >> 16u)); }
#define HASH_WIDE
uvec4 hash_wide(uvec4 v) { return uvec4(ign2(v.xy), 0u, 0u, 0u); }

#include "rng/hash.glsl"
