// CityHash32's Hash32Len0to4 of one word's bytes: rng/city.go.
#include "rng/common.glsl"

uint city_rotr(uint x, uint r) { return (x >> r) | (x << (32u - r)); }

uint city_mur(uint a, uint h) {
	a = city_rotr(a * 0xcc9e2d51u, 17u) * 0x1b873593u;
	return city_rotr(h ^ a, 19u) * 5u + 0xe6546b64u;
}

uint city_fmix(uint h) {
	h = (h ^ (h >> 16u)) * 0x85ebca6bu;
	h = (h ^ (h >> 13u)) * 0xc2b2ae35u;
	return h ^ (h >> 16u);
}

// One byte, a signed char widened (city.cc's loop, unrolled).
#define CITY_BYTE(i) b = b * 0xcc9e2d51u + ((((x >> (8u * i)) & 0xffu) ^ 0x80u) - 0x80u); c ^= b;

uint hash1(uint x) {
	uint b = 0u, c = 9u;
	CITY_BYTE(0u)
	CITY_BYTE(1u)
	CITY_BYTE(2u)
	CITY_BYTE(3u)
	return city_fmix(city_mur(b, city_mur(4u, c)));
}

#include "rng/hash.glsl"
