// fract(sin(dot(p, (12.9898, 78.233))) * 43758.5453): rng/trig.go. GLSL's
// sin is the GPU's own: not bit-exact with Go (Generator.Inexact).
#include "rng/common.glsl"

uint trig2(uvec2 q) {
	vec2 p = vec2(q);
	precise float a = 12.9898 * p.x;
	precise float b = 78.233 * p.y;
	precise float d = a + b;
	precise float s = sin(d);
	precise float g = fract(s * 43758.5453);
	precise float u = g * 4294967296.0;
	return uint(u);
}

uint hash1(uint k) { return trig2(uvec2(k & 0xffffu, k >> 16u)); }
#define HASH_WIDE
uvec4 hash_wide(uvec4 v) { return uvec4(trig2(v.xy), 0u, 0u, 0u); }

#include "rng/hash.glsl"
