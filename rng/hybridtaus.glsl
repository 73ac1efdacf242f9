// Howes & Thomas' hybrid Tausworthe as a hash: rng/hybridtaus.go.
#include "rng/common.glsl"

uint taus(uint z, uint s1, uint s2, uint s3, uint m) {
	uint b = ((z << s1) ^ z) >> s2;
	return ((z & m) << s3) ^ b;
}

uint hybridtaus(uvec4 z) {
	return taus(z.x, 13u, 19u, 12u, 4294967294u) ^ taus(z.y, 2u, 25u, 4u, 4294967288u) ^
		taus(z.z, 3u, 11u, 17u, 4294967280u) ^ (z.w * 1664525u + 1013904223u);
}

uint hash1(uint x) { return hybridtaus(uvec4(x)); }
#define HASH_WIDE
uvec4 hash_wide(uvec4 v) { return uvec4(hybridtaus(v), 0u, 0u, 0u); }

#include "rng/hash.glsl"
