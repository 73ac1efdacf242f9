// pcg_hash (Reed, after O'Neill's PCG RXS-M-XS): definition in rng/pcg.go.
#include "rng/common.glsl"

uint hash1(uint v) {
	uint state = v * 747796405u + 2891336453u;
	uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
	return (word >> 22u) ^ word;
}

#include "rng/hash.glsl"
