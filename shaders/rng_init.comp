// Seeds a state pool: slot i holds stream first_stream+i, fresh.
layout(local_size_x = 64) in;
#include "lib/invocation.glsl"
#include <rng>


uniform uint first_stream;
uniform uint chunk_streams;

void main() {
	uint i = linear_invocation();
	if (i >= chunk_streams) return;
	rng_init(first_stream + i);
	rng_store(i);
}
