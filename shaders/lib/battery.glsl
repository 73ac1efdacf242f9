// The test battery's blocks, positions and samples, shared by its kernels
// (rng_battery.comp, rng_battery_groups.comp; lab.Battery sets the
// uniforms). A block holds values block_first .. block_first+block_len-1 of
// every stream, stream-major ([t*block_len + j], as rng_dump.comp writes
// them) in the stream order and transposed ([j*streams + t], by
// rng_battery_transpose.comp) in the consumed order, so that in both a
// position is the word it reads and neighbouring invocations read
// neighbouring words; the previous block is bound too, so items that start
// there are read whole.
//
// A position is a value's place in the block in the chosen order:
//   stream order (STREAM_ORDER defined): r = t*block_len + j, the streams one after
//     another; a segment is seg_len values of one stream, a sample
//     segs_per_sample segments;
//   consumed order: r = j*streams + t, value j of every stream, then j+1, as
//     a dispatch reads them; a segment is a sample of seg_len values, the
//     block starting at place block_offset of sample block_sample.
// Items (a value, a tuple, a run, a group) end at one position and look back
// within their segment only: tuples and groups start at the segment's first
// value (stats.Tally is the reference these counts equal).
//
// 32 bits hold every index for any size lab.BatterySize.Check takes: a
// block is one buffer (64 MiB in render, and under 2^32 bytes on any GPU),
// so positions r < 2^30 and r + block_positions < 2^31; a stream has under
// 2^32 values and a sample under 2^31, so block_first + j (for a value that
// counts) and block_offset + r fit; sample and segment numbers are below
// the samples (at most 2^16) or the streams. Counts are 64-bit (lo, hi)
// words; what a work group sums in shared memory first stays far below 2^32
// (the kernels say why).
// BINS (the test's count array per sample) is defined by the kernel.

#ifdef BLOCK_QUADS
// rng_battery.comp reads its positions eight at a time, as two uvec4.
layout(std430, binding = BATTERY_BLOCK_BINDING) readonly buffer Block { uvec4 block_quads[]; };
uint block_word(uint i) { return block_quads[i / 4u][i % 4u]; }
#else
layout(std430, binding = BATTERY_BLOCK_BINDING) readonly buffer Block { uint block_values[]; };
uint block_word(uint i) { return block_values[i]; }
#endif
layout(std430, binding = BATTERY_PREVIOUS_BINDING) readonly buffer Previous { uint previous_values[]; };
layout(std430, binding = BATTERY_COUNTS_BINDING) buffer Counts { uint counts[]; };

uniform uint streams;         // T
uniform uint block_len;       // values per stream in a block (the previous one too)
uniform uint block_first;     // the block's first value of each stream
uniform uint block_positions; // block_len * streams
uniform uint block_valid;     // values per stream of this block that count (the last block is cut short)
uniform uint first_position;  // this dispatch's first position
uniform uint out_shift;       // 32 - the generator's output bits
uniform uint seg_len;         // values per segment
uniform uint seg_per_stream;  // stream order: segments per stream
uniform uint segs_per_sample; // stream order: segments per sample
uniform uint block_sample;    // consumed order: the sample of the block's first value
uniform uint block_offset;    // consumed order: that value's place in its sample

// The value at position r - back (back <= the item's place in its segment),
// left-justified: the output bits on top.
uint value_back(uint r, uint back) {
#ifdef STREAM_ORDER
	uint t = r / block_len, j = r % block_len;
	if (back > j) return previous_values[t * block_len + block_len + j - back] << out_shift;
	return block_word(t * block_len + j - back) << out_shift;
#else
	// The consumed order's blocks come transposed ([j*streams + t],
	// rng_battery_transpose.comp): position r is word r.
	if (back > r) return previous_values[r + block_positions - back] << out_shift; // always whole
	return block_word(r - back) << out_shift;
#endif
}

// Whether position r holds a value that counts (the last block is cut short).
bool counts_at(uint r) {
#ifdef STREAM_ORDER
	return r < block_positions && r % block_len < block_valid;
#else
	return r < block_valid * streams;
#endif
}

// The sample of position r, and r's place in its segment.
uint sample_of(uint r, out uint place) {
#ifdef STREAM_ORDER
	uint m = block_first + r % block_len;
	place = m % seg_len;
	return ((r / block_len) * seg_per_stream + m / seg_len) / segs_per_sample;
#else
	uint off = block_offset + r;
	place = off % seg_len;
	return block_sample + off / seg_len;
#endif
}

// Adds v to bin `bin` of sample sample_no: a 64-bit (lo, hi) count, the
// carry taken by the add that wraps lo.
void global_add(uint sample_no, uint bin, uint v) {
	uint i = (sample_no * BINS + bin) * 2u;
	uint old = atomicAdd(counts[i], v);
	if (old + v < old) atomicAdd(counts[i + 1u], 1u);
}
