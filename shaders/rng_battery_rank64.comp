// speckle rng test: rank64, the GF(2) rank of 64 x 64 binary matrices (two
// successive values a row, the first on top: stats.Tally's RankGF2x64), over
// one block of generated numbers in one order (lib/battery.glsl: blocks,
// positions, segments). A work group takes 2 * RANK64_ROWS positions, among
// which at most one matrix ends (matrices start at their segment's first
// value), and reduces it together, a row an invocation: for each column, the
// rows not yet a pivot that have its bit set raise their bit in a shared
// mask, the lowest such row becomes the column's pivot and the others add it
// to themselves. The rank is the columns that found a pivot. One barrier a
// column: the masks rotate through three words (a mask is cleared two columns
// before it is raised again), a pivot row never changes again, and a row that
// does change is read by others only after the next barrier.
// Only barriers, shared memory and its atomics: no subgroup operations, which
// not every driver has. (One invocation a matrix, the basis in 128 words of
// local memory, took 0.55 s per 2^32 values an order on the H100; in shared
// memory 0.43: docs/lab.md, "The battery's speed".)
//
// Loop passes per invocation (LOOP_BUDGET): 64 + 1.
layout(local_size_x = RANK64_ROWS) in;
#include "lib/invocation.glsl"

#ifndef BINS // lab defines it: the test's t.Bins()
#define BINS (RANK64_ROWS + 1u)
#endif
#include "lib/battery.glsl"

shared uint row_hi[RANK64_ROWS], row_lo[RANK64_ROWS];
// The rows that can pivot a column, a bit a row (rows 0-31 in the first
// word), for three columns in rotation.
shared uint can_pivot[3 * 2];

void sync() {
	memoryBarrierShared();
	barrier();
}

void main() {
	const uint span = 2u * RANK64_ROWS;
	uint i = gl_LocalInvocationIndex;
	uint first = first_position + linear_group() * span;
	uint p;
	uint sample_no = sample_of(first, p);
	uint last = first + span - 1u - p % span; // where the matrix ends
	// The same for the whole group, so it returns whole before any barrier.
	if (!counts_at(first) || p + (last - first) >= seg_len || !counts_at(last)) return;

	uint hi = value_back(last, span - 1u - 2u * i), lo = value_back(last, span - 2u - 2u * i);
	row_hi[i] = hi;
	row_lo[i] = lo;
	if (i < 6u) can_pivot[i] = 0u;
	bool pivot = false;
	uint rank = 0u;
	sync();
	for (uint c = 0u; c < 64u; c++) {
		uint col = 63u - c; // the top bit of the first value first
		bool bit = ((col >= 32u ? hi >> (col - 32u) : lo >> col) & 1u) != 0u;
		uint m = 2u * (c % 3u);
		if (!pivot && bit) atomicOr(can_pivot[m + i / 32u], 1u << (i % 32u));
		sync();
		uint low = can_pivot[m], high = can_pivot[m + 1u];
		if (i < 2u) can_pivot[2u * ((c + 2u) % 3u) + i] = 0u; // read by all before this column's barrier
		if ((low | high) == 0u) continue;
		uint q = low != 0u ? uint(findLSB(low)) : 32u + uint(findLSB(high));
		rank++;
		if (i == q) {
			pivot = true;
		} else if (!pivot && bit) {
			hi ^= row_hi[q];
			lo ^= row_lo[q];
			row_hi[i] = hi;
			row_lo[i] = lo;
		}
	}
	if (i == 0u) global_add(sample_no, rank, 1u);
}
