// One xorshift32 step as a hash: rng/xorshift32.go.
#include "rng/common.glsl"

uint hash1(uint v) {
	v ^= v << 13u;
	v ^= v >> 17u;
	return v ^ (v << 5u);
}

#include "rng/hash.glsl"
