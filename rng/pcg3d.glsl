// pcg3d (Jarzynski & Olano 2020): definition in rng/pcg3d.go.
#include "rng/common.glsl"

uvec3 pcg3d(uvec3 v) {
	v = v * 1664525u + 1013904223u;
	v.x += v.y * v.z;
	v.y += v.z * v.x;
	v.z += v.x * v.y;
	v ^= v >> 16u;
	v.x += v.y * v.z;
	v.y += v.z * v.x;
	v.z += v.x * v.y;
	return v;
}

uint hash1(uint x) { return pcg3d(uvec3(x)).x; }
uint hash_native(uint t, uint d, uint s) { return pcg3d(uvec3(t, d, s)).x; }
#define HASH_WIDE
uvec4 hash_wide(uvec4 v) { return uvec4(pcg3d(v.xyz), 0u); }

#include "rng/hash.glsl"
