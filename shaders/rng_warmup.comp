// Advances a seeded pool through `steps` more warm-up steps per slot: the
// part of rng_init that RNG_DEFER_WARMUP left out (the CA's --ca-warmup, up
// to a million steps), a piece under the loop budget per dispatch.
layout(local_size_x = 64) in;
#include "lib/invocation.glsl"
#include <rng>

uniform uint chunk_streams; // slots to advance
uniform uint steps;         // warm-up steps in this dispatch

void main() {
	uint i = linear_invocation();
	if (i >= chunk_streams) return;
#ifdef RNG_WARMUP // else no warm-up to do (never dispatched)
	rng_load(i);
	rng_warmup(steps);
	rng_store(i);
#endif
}
