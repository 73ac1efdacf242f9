// Thomas Wang's integer hash: rng/wang.go.
#include "rng/common.glsl"

uint hash1(uint v) {
	v = (v ^ 61u) ^ (v >> 16u);
	v *= 9u;
	v ^= v >> 4u;
	v *= 0x27d4eb2du;
	return v ^ (v >> 15u);
}

#include "rng/hash.glsl"
