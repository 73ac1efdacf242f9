// Howes & Thomas' hybrid Tausworthe as a hash: rng/hybridtaus.go.
#include "rng/common.glsl"

uint taus(uint z, uint s1, uint s2, uint s3, uint m) {
	uint b = ((z << s1) ^ z) >> s2;
	return ((z & m) << s3) ^ b;
}

uint hash1(uint x) {
	return taus(x, 13u, 19u, 12u, 4294967294u) ^ taus(x, 2u, 25u, 4u, 4294967288u) ^
		taus(x, 3u, 11u, 17u, 4294967280u) ^ (x * 1664525u + 1013904223u);
}

#include "rng/hash.glsl"
