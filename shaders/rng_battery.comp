// speckle rng test: one test of the battery (TEST_MONOBIT, TEST_BYTES, ...,
// internal/stats's Test.Define) over one block of generated numbers, in one
// order (lib/battery.glsl: blocks, positions, segments), except birthdays
// and collisions, which rng_battery_groups.comp counts a work group per
// group of birthdays. The gap and runs tests start afresh at a segment's
// start.
// Each invocation takes POSITIONS consecutive positions; rank takes as many
// positions as a matrix spans, so at most one matrix ends among them (a
// block holds, of each stream, a multiple of the widest invocation of the
// tests run, lab.blockUnit: 512 values with birthdays or collisions; no
// invocation's positions straddle two streams).
// The Extra tests hamming (pairs of Hamming-weight classes), serial and
// seriallo (overlapping pairs and triples, top or LOW_BITS lowest bits) run
// here too (rank64: rng_battery_rank64.comp).
// Counts go to a group histogram in shared memory for the group's first
// sample (at most 4 x 64 x HIST_GROUP_SIZE bytes, 2 x 64 x HIST_GROUP_SIZE
// serial tuples or 32 x 64 x 64 ones: 32 bits hold them), then to counts[(sample*BINS + bin)*2] as 64-bit (lo, hi) words.
//
// Loop passes per invocation (LOOP_BUDGET): the histogram's clear and flush
// 2*(BINS/HIST_GROUP_SIZE + 1); POSITIONS + 1 for the positions; each
// position at most 2*(RUNS_MAX + 1) (runs) or GAP_MAX + 1 (gap); one
// matrix 32 + 1 + 32*(2*(32 + 1) + 1).
//
// HIST_GROUP_SIZE (lab.histGroupSize) is the work group: BATTERY_GROUP_SIZE,
// or larger for the tests of many bins (bytes, pairs, triples, serial,
// seriallo), so that a group's histogram, cleared and flushed to the global
// counts once per group, is flushed once per HIST_GROUP_SIZE * POSITIONS
// values: with serial's 4,352 bins and 64 x 64 values a group, the flush
// was about 0.7 global adds a value.
#ifndef HIST_GROUP_SIZE
#define HIST_GROUP_SIZE BATTERY_GROUP_SIZE
#endif
layout(local_size_x = HIST_GROUP_SIZE) in;
#include "lib/invocation.glsl"
#include "lib/loops.glsl"

#ifndef BINS
#define BINS 1u
#define POSITIONS 1u
#endif
#define BLOCK_QUADS
#include "lib/battery.glsl"

shared uint group_counts[BINS];
shared uint group_sample;

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

#if defined(TEST_RANK)
// The GF(2) rank of the RANK_ROWS values that end at position r: each row
// is reduced by a basis kept by leading bit, and joins it if anything is
// left (at most RANK_ROWS + 1 passes per row). The basis lives in shared
// memory, 33 words an invocation (so that invocations at the same bit hit
// different banks): a dynamically indexed private array is put in local
// memory, and on the H100 this cut rank from about 0.17 to 0.11 s per 2^32
// values an order (docs/lab.md, "The battery's speed").
shared uint basis_words[HIST_GROUP_SIZE * 33u];
#define BASIS(i) basis_words[gl_LocalInvocationIndex * 33u + (i)]
uint rank_at(uint r) {
	for (uint b = 0u; b < 32u; b++) BASIS(b) = 0u;
	uint rank = 0u;
	for (uint i = 0u; i < RANK_ROWS; i++) {
		uint x = value_back(r, RANK_ROWS - 1u - i);
		while (x != 0u) {
			uint b = uint(findMSB(x));
			uint y = BASIS(b);
			if (y == 0u) {
				BASIS(b) = x;
				rank++;
				break;
			}
			x ^= y;
		}
	}
	return rank;
}
#endif

#if defined(TEST_HAMMING)
// The class of a value's Hamming weight (stats.HammingClass): w - n/2 + 4
// among n output bits, clamped to 0 .. HAMMING_CLASSES-1.
uint hamming_class(uint u) {
	int w = int(bitCount(u)) - int((32u - out_shift) / 2u) + HAMMING_CLASSES / 2;
	return uint(clamp(w, 0, HAMMING_CLASSES - 1));
}
#endif

#if defined(TEST_SERIAL) || defined(TEST_SERIALLO)
// A value's cell of the overlapping serial test: its top SERIAL_BITS bits,
// or its lowest output bits (LOW_BITS).
uint serial_cell(uint u) {
#ifdef LOW_BITS
	return (u >> out_shift) & ((1u << SERIAL_BITS) - 1u);
#else
	return u >> (32u - SERIAL_BITS);
#endif
}
#endif

void main() {
	uint lid = gl_LocalInvocationIndex;
	uint first = first_position + linear_invocation() * POSITIONS;
	for (uint b = lid; b < BINS; b += HIST_GROUP_SIZE) group_counts[b] = 0u;
	if (lid == 0u) {
		uint place;
		group_sample = sample_of(min(first, block_positions - 1u), place);
	}
	barrier();
	memoryBarrierShared();
	uint p;
	uint sample_no = sample_of(first, p);
#if defined(TEST_RANK)
	// The one matrix that can end among these positions ends in the first
	// one's segment (a segment starting later has none ending this soon).
	const uint span = RANK_ROWS;
	uint end = span - 1u - p % span;
	if (counts_at(first) && end < POSITIONS && p + end < seg_len && counts_at(first + end)) {
		count(sample_no, rank_at(first + end), 1u);
	}
#else
	// Positions one after another: the state an item needs (the values
	// before, the misses since the last hit, the run so far) is carried
	// along, looked back for once at the first position.
	bool live = counts_at(first);
	// A position is its word in the block (lib/battery.glsl), read eight at
	// a time, two uvec4 loads issued together: read one by one, in
	// a loop whose every pass waits for its load, the kernels ran at about a
	// sixth of the H100's memory bandwidth (docs/lab.md, "The battery's
	// speed"). POSITIONS and `first` are multiples of 8, and a block's
	// positions are whole invocations', so a live invocation's reads lie in
	// the block.
	uvec4 quads[2];
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
		if (k % 8u == 0u) {
			quads[0] = block_quads[(first + k) / 4u];
			quads[1] = block_quads[(first + k) / 4u + 1u];
		}
		uint u = quads[(k / 4u) % 2u][k % 4u] << out_shift;
#if defined(TEST_MONOBIT)
		ones += bitCount(u);
#elif defined(TEST_BYTES)
		for (uint b = 0u; b < (32u - out_shift) / 8u; b++) count(sample_no, (u >> (24u - 8u * b)) & 255u, 1u);
#elif defined(TEST_PAIRS)
		if (p % 2u == 1u) count(sample_no, ((prev1 >> (32u - PAIR_BITS)) << PAIR_BITS) | (u >> (32u - PAIR_BITS)), 1u);
#elif defined(TEST_TRIPLES)
		const uint s = 32u - TRIPLE_BITS;
		if (p % 3u == 2u) count(sample_no, ((prev2 >> s) << (2u * TRIPLE_BITS)) | ((prev1 >> s) << TRIPLE_BITS) | (u >> s), 1u);
#elif defined(TEST_HAMMING)
		if (p % 2u == 1u) count(sample_no, hamming_class(prev1) * uint(HAMMING_CLASSES) + hamming_class(u), 1u);
#elif defined(TEST_SERIAL) || defined(TEST_SERIALLO)
		// Overlapping: the pair and the triple that end at every place.
		if (p >= 1u) count(sample_no, SERIAL_TUPLES + ((serial_cell(prev1) << SERIAL_BITS) | serial_cell(u)), 1u);
		if (p >= 2u) count(sample_no, (serial_cell(prev2) << (2u * SERIAL_BITS)) | (serial_cell(prev1) << SERIAL_BITS) | serial_cell(u), 1u);
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
	for (uint b = lid; b < BINS; b += HIST_GROUP_SIZE) {
		uint v = group_counts[b];
		if (v != 0u) global_add(group_sample, b, v);
	}
}
