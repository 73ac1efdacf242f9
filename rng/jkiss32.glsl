// One JKISS32 step as a hash: rng/jkiss32.go.
#include "rng/common.glsl"

uint jkiss32(uvec2 p) {
	uint x = p.x, y = p.y, z = 345678912u, w = 456789123u, c = 0u;
	y ^= y << 5u;
	y ^= y >> 7u;
	y ^= y << 22u;
	int t = int(z + w + c);
	w = uint(t & 2147483647);
	x += 1411392427u;
	return x + y + w;
}

uint hash1(uint k) { return jkiss32(uvec2(k)); }
#define HASH_WIDE
uvec4 hash_wide(uvec4 v) { return uvec4(jkiss32(v.xy), 0u, 0u, 0u); }

#include "rng/hash.glsl"
