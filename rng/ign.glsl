// Interleaved gradient noise of the key as a pixel: rng/ign.go. precise: no
// fused multiply-add, each operation rounded as Go rounds it.
#include "rng/common.glsl"

uint hash1(uint k) {
	vec2 p = vec2(float(k & 0xffffu), float(k >> 16u));
	precise float a = 0.06711056 * p.x;
	precise float b = 0.00583715 * p.y;
	precise float f = fract(a + b);
	precise float g = fract(52.9829189 * f);
	precise float u = g * 4294967296.0;
	return uint(u);
}

#include "rng/hash.glsl"
