// Quilez's Integer Hash I: rng/iqint1.go.
#include "rng/common.glsl"

uint hash1(uint n) {
	n = (n << 13u) ^ n;
	return n * (n * n * 15731u + 789221u) + 1376312589u;
}

#include "rng/hash.glsl"
