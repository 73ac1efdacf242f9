// Hsieh's SuperFastHash of one word's bytes: rng/superfast.go.
#include "rng/common.glsl"

uint hash1(uint x) {
	uint h = 4u + (x & 0xffffu);
	uint tmp = ((x >> 16u) << 11u) ^ h;
	h = (h << 16u) ^ tmp;
	h += h >> 11u;
	h ^= h << 3u;
	h += h >> 5u;
	h ^= h << 4u;
	h += h >> 17u;
	h ^= h << 25u;
	h += h >> 6u;
	return h;
}

#include "rng/hash.glsl"
