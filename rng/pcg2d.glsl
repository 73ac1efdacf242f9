// pcg2d (Jarzynski & Olano 2020): definition in rng/pcg2d.go.
#include "rng/common.glsl"

uvec2 pcg2d(uvec2 v) {
	v = v * 1664525u + 1013904223u;
	v.x += v.y * 1664525u;
	v.y += v.x * 1664525u;
	v = v ^ (v >> 16u);
	v.x += v.y * 1664525u;
	v.y += v.x * 1664525u;
	v = v ^ (v >> 16u);
	return v;
}

uint hash1(uint x) { return pcg2d(uvec2(x)).x; }
#define HASH_WIDE
uvec4 hash_wide(uvec4 v) { return uvec4(pcg2d(v.xy), 0u, 0u); }

#include "rng/hash.glsl"
