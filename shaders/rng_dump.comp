// speckle rng dump: invocation i continues stream first_stream+i from pool
// slot i and writes its values first_value .. first_value+values-1,
// stream-major as the spec lays them out (or, for an interleaved dump, a
// block of them from block_first on, which Go interleaves); with DUMP_INIT the piece at
// first_value 0 seeds the stream instead (else rng_init.comp and
// rng_warmup.comp have seeded the pool). A dump is
// split into such pieces so that no invocation runs more loop passes than
// LOOP_BUDGET (lab.Dump sizes them). Stateless dump streams
// (RNG_DUMP_SEEK: Sobol) start at first_value directly, with no pool; with
// RNG_DUMP_STRIDE, 2^lanes_log2 invocations share a stream, lane j taking
// values j, j + 2^lanes_log2, ..., so that a warp's stores are contiguous.
layout(local_size_x = 64) in;
#include "lib/invocation.glsl"
#include <rng>

#ifdef DUMP_X4
layout(std430, binding = RNG_OUT_BINDING) writeonly buffer Dump { uvec4 dump_out4[]; };
#else
layout(std430, binding = RNG_OUT_BINDING) writeonly buffer Dump { uint dump_out[]; };
#endif

uniform uint first_stream;  // the chunk's first stream
uniform uint chunk_streams; // streams in this dispatch
uniform uint count;         // values per stream in the output buffer
uniform uint first_value;   // of this piece
uniform uint values;        // in this piece
uniform uint block_first;   // the value the output buffer starts at (an interleaved dump's block)

// The next dumped value as a word: the native integer or the float's bits.
uint rng_dump_word() {
#ifdef DUMP_F32
	return floatBitsToUint(rng_dump_f32());
#else
	return rng_u32();
#endif
}

#if defined(RNG_DUMP_STRIDE)
uniform uint lanes_log2; // invocations per stream: 2^lanes_log2
#endif

#if defined(RNG_DUMP_STRIDE) && defined(DUMP_X4)
// Lane j takes values 4j .. 4j+3, then 4(j + 2^lanes_log2) ..., one uvec4
// store each (RNG_DUMP_X4; the Go side asks for it only where a stream's
// values, this piece's first value and its count are multiples of 4).
void main() {
	uint k = linear_invocation();
	uint i = k >> lanes_log2, lane = k & ((1u << lanes_log2) - 1u);
	if (i >= chunk_streams || lane >= values >> 2) return;
	rng_dump_seek(first_stream + i, first_value + 4u * lane);
	rng_dump_stride(lanes_log2 + 2u);
	uint base = (i * count + first_value - block_first) >> 2;
	for (uint q = lane; q < values >> 2; q += 1u << lanes_log2) {
#ifdef DUMP_F32
		dump_out4[base + q] = floatBitsToUint(rng_dump_f32x4());
#else
		dump_out4[base + q] = rng_dump_u32x4();
#endif
	}
}
#elif defined(RNG_DUMP_STRIDE)

void main() {
	uint k = linear_invocation();
	uint i = k >> lanes_log2, lane = k & ((1u << lanes_log2) - 1u);
	if (i >= chunk_streams || lane >= values) return;
	rng_dump_seek(first_stream + i, first_value + lane);
	rng_dump_stride(lanes_log2);
	uint base = i * count + first_value - block_first;
	uint step = 1u << lanes_log2, m = lane;
	// Four values a pass where four remain: their direction-number loads do
	// not wait on one another's stores.
	for (; m + 3u * step < values; m += 4u * step) {
		uint a = rng_dump_word(); // one draw a statement: their order is fixed
		uint b = rng_dump_word();
		uint c = rng_dump_word();
		uint d = rng_dump_word();
		dump_out[base + m] = a;
		dump_out[base + m + step] = b;
		dump_out[base + m + 2u * step] = c;
		dump_out[base + m + 3u * step] = d;
	}
	for (; m < values; m += step) dump_out[base + m] = rng_dump_word();
}
#else
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
#endif
