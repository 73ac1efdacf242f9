// speckle rng dump: invocation i draws `count` values of stream first_stream+i
// and writes them stream-major, as the spec lays them out.
layout(local_size_x = 64) in;
#include "lib/invocation.glsl"
#include <rng>

layout(std430, binding = 0) writeonly buffer Dump { uint dump_out[]; };

uniform uint first_stream; // the chunk's first stream
uniform uint chunk_streams; // streams in this dispatch
uniform uint count;         // M, values per stream

void main() {
	uint i = linear_invocation();
	if (i >= chunk_streams) return;
	rng_init(first_stream + i);
	uint base = i * count;
	for (uint m = 0u; m < count; m++) {
#ifdef DUMP_F32
		dump_out[base + m] = floatBitsToUint(rng_dump_f32());
#else
		dump_out[base + m] = rng_u32();
#endif
	}
}
