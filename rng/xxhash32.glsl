// XXH32 (Collet) of the key words as little-endian bytes: rng/xxhash32.go.
#include "rng/common.glsl"

#define XXH_P2 2246822519u
#define XXH_P3 3266489917u
#define XXH_P4 668265263u
#define XXH_P5 374761393u

uint xxh_round(uint h, uint w) {
	h += w * XXH_P3;
	return ((h << 17) | (h >> 15)) * XXH_P4;
}

uint xxh_avalanche(uint h) {
	h = (h ^ (h >> 15)) * XXH_P2;
	h = (h ^ (h >> 13)) * XXH_P3;
	return h ^ (h >> 16);
}

uint hash1(uint x) { return xxh_avalanche(xxh_round(XXH_P5 + 4u, x)); }
uint hash_native(uint t, uint d, uint s) {
	return xxh_avalanche(xxh_round(xxh_round(s + XXH_P5 + 8u, t), d));
}

#include "rng/hash.glsl"
