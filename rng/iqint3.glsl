// Quilez's Integer Hash III: rng/iqint3.go.
#include "rng/common.glsl"

uint iqint3(uvec2 x) {
	uvec2 q = 1103515245u * ((x >> 1u) ^ x.yx);
	return 1103515245u * (q.x ^ (q.y >> 3u));
}

uint hash1(uint x) { return iqint3(uvec2(x)); }
#define HASH_WIDE
uvec4 hash_wide(uvec4 v) { return uvec4(iqint3(v.xy), 0u, 0u, 0u); }

#include "rng/hash.glsl"
