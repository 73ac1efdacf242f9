// speckle rng dump: invocation i continues stream first_stream+i from pool
// slot i and writes its values first_value .. first_value+values-1,
// stream-major as the spec lays them out (or, for an interleaved dump, a
// block of them from block_first on, which Go interleaves); with DUMP_INIT the piece at
// first_value 0 seeds the stream instead (else rng_init.comp and
// rng_warmup.comp have seeded the pool). A dump is
// split into such pieces so that no invocation runs more loop passes than
// LOOP_BUDGET (render.RNG.Dump sizes them). Stateless dump streams
// (RNG_DUMP_SEEK: Sobol) start at first_value directly, with no pool.
layout(local_size_x = 64) in;
#include "lib/invocation.glsl"
#include <rng>

layout(std430, binding = RNG_OUT_BINDING) writeonly buffer Dump { uint dump_out[]; };

uniform uint first_stream;  // the chunk's first stream
uniform uint chunk_streams; // streams in this dispatch
uniform uint count;         // values per stream in the output buffer
uniform uint first_value;   // of this piece
uniform uint values;        // in this piece
uniform uint block_first;   // the value the output buffer starts at (an interleaved dump's block)

void main() {
	uint i = linear_invocation();
	if (i >= chunk_streams) return;
#if defined(RNG_DUMP_SEEK)
	rng_dump_seek(first_stream + i, first_value);
#elif defined(DUMP_INIT)
	if (first_value == 0u) rng_init(first_stream + i);
	else rng_load(i);
#else
	rng_load(i);
#endif
	uint base = i * count + first_value - block_first;
	for (uint m = 0u; m < values; m++) {
#ifdef DUMP_F32
		dump_out[base + m] = floatBitsToUint(rng_dump_f32());
#else
		dump_out[base + m] = rng_u32();
#endif
	}
#ifndef RNG_DUMP_SEEK
	rng_store(i);
#endif
}
