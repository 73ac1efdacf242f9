// pcg4d (Jarzynski & Olano 2020): definition in rng/pcg4d.go.
#include "rng/common.glsl"

uvec4 pcg4d(uvec4 v) {
	v = v * 1664525u + 1013904223u;
	v.x += v.y * v.w;
	v.y += v.z * v.x;
	v.z += v.x * v.y;
	v.w += v.y * v.z;
	v ^= v >> 16u;
	v.x += v.y * v.w;
	v.y += v.z * v.x;
	v.z += v.x * v.y;
	v.w += v.y * v.z;
	return v;
}

uint hash1(uint x) { return pcg4d(uvec4(x)).x; }
uint hash_native(uint t, uint d, uint s) { return pcg4d(uvec4(t, d, s, 0u)).x; }
#define HASH_WIDE
uvec4 hash_wide(uvec4 v) { return pcg4d(v); }

#include "rng/hash.glsl"
