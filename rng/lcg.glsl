// One LCG step as a hash: rng/lcg.go.
#include "rng/common.glsl"

uint hash1(uint v) { return v * 1664525u + 1013904223u; }

#include "rng/hash.glsl"
