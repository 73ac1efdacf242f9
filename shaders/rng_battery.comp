// speckle rng test: one test of the battery (TEST_MONOBIT, TEST_BYTES, ...,
// internal/stats's Test.Define) over one block of generated numbers, in one
// order. A block holds values block_first .. block_first+block_len-1 of every
// stream, stream-major ([t*block_len + j], as rng_dump.comp writes them); the
// previous block is bound too, so items that start there are read whole.
//
// A position is a value's place in the block in the chosen order:
//   stream order (STREAM_ORDER defined): r = t*block_len + j, the streams one after
//     another; a segment is seg_len values of one stream, a sample
//     segs_per_sample segments;
//   consumed order: r = j*streams + t, value j of every stream, then j+1, as
//     a dispatch reads them; a segment is a sample of seg_len values, the
//     block starting at place block_offset of sample block_sample.
// Items (a value, a tuple, a run, a group) end at one position and look back
// within their segment only: tuples start at the segment's first value, and
// the gap and runs tests start afresh there (stats.Tally is the reference
// these counts equal). Each invocation takes POSITIONS consecutive
// positions; tests whose items are long (rank, birthdays, collisions) take
// as many positions as an item spans, so at most one item ends among them
// (a block holds a multiple of 512 values of each stream: no invocation's
// positions straddle two streams).
// Counts go to a group histogram in shared memory for the group's first
// sample, then to counts[(sample*BINS + bin)*2] as 64-bit (lo, hi) words.
//
// Loop passes per invocation (LOOP_BUDGET): the histogram's clear and flush
// 2*(BINS/BATTERY_GROUP_SIZE + 1); POSITIONS + 1 for the positions; each
// position at most 2*(RUNS_MAX + 1) (runs) or GAP_MAX + 1 (gap); one
// matrix 32 + 1 + 32*(2*(32 + 1) + 1); one group of birthdays about 20,000
// (two heap sorts of 512 and three passes over them).
layout(local_size_x = BATTERY_GROUP_SIZE) in;
#include "lib/invocation.glsl"
#include "lib/loops.glsl"

layout(std430, binding = BATTERY_BLOCK_BINDING) readonly buffer Block { uint block_values[]; };
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

#ifndef BINS
#define BINS 1u
#define POSITIONS 1u
#endif

shared uint group_counts[BINS];
shared uint group_sample;

// The value at position r - back (back <= the item's place in its segment),
// left-justified: the output bits on top.
uint value_back(uint r, uint back) {
#ifdef STREAM_ORDER
	uint t = r / block_len, j = r % block_len;
	if (back > j) return previous_values[t * block_len + block_len + j - back] << out_shift;
	return block_values[t * block_len + j - back] << out_shift;
#else
	if (back > r) {
		uint q = r + block_positions - back; // in the previous block, always whole
		return previous_values[(q % streams) * block_len + q / streams] << out_shift;
	}
	uint q = r - back;
	return block_values[(q % streams) * block_len + q / streams] << out_shift;
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

void global_add(uint sample_no, uint bin, uint v) {
	uint i = (sample_no * BINS + bin) * 2u;
	uint old = atomicAdd(counts[i], v);
	if (old + v < old) atomicAdd(counts[i + 1u], 1u);
}

void count(uint sample_no, uint bin, uint v) {
	if (sample_no == group_sample) atomicAdd(group_counts[bin], v);
	else global_add(sample_no, bin, v);
}

#if defined(TEST_GAP)
bool gap_hit(uint u) { return (u >> (32u - GAP_HIT_BITS)) == 0u; }
#endif

#if defined(TEST_RUNS)
// The length of the ascending run that ends `back` positions before r
// (place p), capped at RUNS_MAX.
uint run_up_to(uint r, uint p, uint back) {
	uint n = 1u;
	while (n < RUNS_MAX && back + n <= p && value_back(r, back + n) < value_back(r, back + n - 1u)) n++;
	return n;
}
#endif

#if defined(TEST_BIRTHDAYS) || defined(TEST_COLLISIONS)
uint group_values[BIRTHDAY_GROUP];

void sift_down(uint root, uint end) {
	while (2u * root + 1u < end) {
		uint child = 2u * root + 1u;
		if (child + 1u < end && group_values[child] < group_values[child + 1u]) child++;
		if (group_values[root] >= group_values[child]) break;
		uint tmp = group_values[root];
		group_values[root] = group_values[child];
		group_values[child] = tmp;
		root = child;
	}
}

void heap_sort() {
	for (uint i = BIRTHDAY_GROUP / 2u; i > 0u; i--) sift_down(i - 1u, BIRTHDAY_GROUP);
	for (uint end = BIRTHDAY_GROUP - 1u; end > 0u; end--) {
		uint tmp = group_values[0];
		group_values[0] = group_values[end];
		group_values[end] = tmp;
		sift_down(0u, end);
	}
}

// The group of birthdays that ends at position r: collisions of the top
// COLLISION_CELL_BITS bits, or Marsaglia's repeated spacings.
uint group_statistic(uint r) {
	for (uint i = 0u; i < BIRTHDAY_GROUP; i++) {
		group_values[i] = value_back(r, BIRTHDAY_GROUP - 1u - i) >> (32u - BIRTHDAY_DAY_BITS);
	}
	heap_sort();
	uint found = 0u;
#if defined(TEST_COLLISIONS)
	const uint shift = BIRTHDAY_DAY_BITS - COLLISION_CELL_BITS;
	for (uint i = 1u; i < BIRTHDAY_GROUP; i++) {
		if ((group_values[i] >> shift) == (group_values[i - 1u] >> shift)) found++;
	}
	return min(found, COLLISION_MAX);
#else
	uint prev = group_values[0];
	for (uint i = 1u; i < BIRTHDAY_GROUP; i++) { // spacings, in place from the top
		uint here = group_values[i];
		group_values[i] = here - prev;
		prev = here;
	}
	heap_sort();
	for (uint i = 1u; i < BIRTHDAY_GROUP; i++) {
		if (group_values[i] == group_values[i - 1u] && (i == 1u || group_values[i - 1u] != group_values[i - 2u])) found++;
	}
	return min(found, BIRTHDAY_MAX);
#endif
}
#endif

#if defined(TEST_RANK)
// The GF(2) rank of the RANK_ROWS values that end at position r: each row
// is reduced by a basis kept by leading bit, and joins it if anything is
// left (at most RANK_ROWS + 1 passes per row).
uint rank_at(uint r) {
	uint basis[32];
	for (uint b = 0u; b < 32u; b++) basis[b] = 0u;
	uint rank = 0u;
	for (uint i = 0u; i < RANK_ROWS; i++) {
		uint x = value_back(r, RANK_ROWS - 1u - i);
		while (x != 0u) {
			uint b = uint(findMSB(x));
			if (basis[b] == 0u) {
				basis[b] = x;
				rank++;
				break;
			}
			x ^= basis[b];
		}
	}
	return rank;
}
#endif

void main() {
	uint lid = gl_LocalInvocationIndex;
	uint first = first_position + linear_invocation() * POSITIONS;
	for (uint b = lid; b < BINS; b += BATTERY_GROUP_SIZE) group_counts[b] = 0u;
	if (lid == 0u) {
		uint place;
		group_sample = sample_of(min(first, block_positions - 1u), place);
	}
	barrier();
	memoryBarrierShared();
	uint p;
	uint sample_no = sample_of(first, p);
#if defined(TEST_RANK) || defined(TEST_BIRTHDAYS) || defined(TEST_COLLISIONS)
	// The one item that can end among these positions ends in the first
	// one's segment (a segment starting later has none ending this soon).
#if defined(TEST_RANK)
	const uint span = RANK_ROWS;
#else
	const uint span = BIRTHDAY_GROUP;
#endif
	uint end = span - 1u - p % span;
	if (counts_at(first) && end < POSITIONS && p + end < seg_len && counts_at(first + end)) {
#if defined(TEST_RANK)
		count(sample_no, rank_at(first + end), 1u);
#else
		count(sample_no, group_statistic(first + end), 1u);
#endif
	}
#else
	// Positions one after another: the state an item needs (the values
	// before, the misses since the last hit, the run so far) is carried
	// along, looked back for once at the first position.
	bool live = counts_at(first);
#ifdef STREAM_ORDER
	uint at = first; // the value's index in the block: a stream's positions are its values
#else
	uint t = first % streams, j = first / streams;
#endif
	uint prev1 = live && p >= 1u ? value_back(first, 1u) : 0u;
	uint prev2 = live && p >= 2u ? value_back(first, 2u) : 0u;
#if defined(TEST_MONOBIT)
	uint ones = 0u;
#elif defined(TEST_GAP)
	uint misses = 0u;
	while (live && misses < GAP_MAX && misses < p && !gap_hit(value_back(first, misses + 1u))) misses++;
#elif defined(TEST_RUNS)
	uint run = live && p > 0u ? run_up_to(first, p, 1u) : 0u;
#endif
	for (uint k = 0u; k < POSITIONS; k++) {
		if (!live || !counts_at(first + k)) break;
		if (k > 0u && ++p == seg_len) { // a new segment: start afresh
#if defined(TEST_MONOBIT)
			count(sample_no, 0u, ones);
			ones = 0u;
#elif defined(TEST_GAP)
			misses = 0u;
#elif defined(TEST_RUNS)
			run = 0u;
#endif
			sample_no = sample_of(first + k, p);
		}
#ifdef STREAM_ORDER
		uint u = block_values[at++] << out_shift;
#else
		uint u = block_values[t * block_len + j] << out_shift;
		if (++t == streams) {
			t = 0u;
			j++;
		}
#endif
#if defined(TEST_MONOBIT)
		ones += bitCount(u);
#elif defined(TEST_BYTES)
		for (uint b = 0u; b < (32u - out_shift) / 8u; b++) count(sample_no, (u >> (24u - 8u * b)) & 255u, 1u);
#elif defined(TEST_PAIRS)
		if (p % 2u == 1u) count(sample_no, ((prev1 >> (32u - PAIR_BITS)) << PAIR_BITS) | (u >> (32u - PAIR_BITS)), 1u);
#elif defined(TEST_TRIPLES)
		const uint s = 32u - TRIPLE_BITS;
		if (p % 3u == 2u) count(sample_no, ((prev2 >> s) << (2u * TRIPLE_BITS)) | ((prev1 >> s) << TRIPLE_BITS) | (u >> s), 1u);
#elif defined(TEST_GAP)
		if (gap_hit(u)) {
			count(sample_no, misses, 1u);
			misses = 0u;
		} else {
			misses = min(misses + 1u, GAP_MAX);
		}
#elif defined(TEST_RUNS)
		if (p == 0u) {
			run = 1u;
		} else if (u > prev1) {
			run = min(run + 1u, RUNS_MAX);
		} else { // the run that ended before this value
			count(sample_no, run - 1u, 1u);
			run = 1u;
		}
		if (p == seg_len - 1u) count(sample_no, run - 1u, 1u);
#endif
		prev2 = prev1;
		prev1 = u;
	}
#if defined(TEST_MONOBIT)
	if (live) count(sample_no, 0u, ones);
#endif
#endif
	barrier();
	memoryBarrierShared();
	for (uint b = lid; b < BINS; b += BATTERY_GROUP_SIZE) {
		uint v = group_counts[b];
		if (v != 0u) global_add(group_sample, b, v);
	}
}
