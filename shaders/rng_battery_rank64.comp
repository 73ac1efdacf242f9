// speckle rng test: rank64, the GF(2) rank of 64 x 64 binary matrices (two
// successive values a row, the first on top: stats.Tally's RankGF2x64), over
// one block of generated numbers in one order (lib/battery.glsl: blocks,
// positions, segments). A work group takes 2 * RANK64_ROWS positions, among
// which at most one matrix ends (matrices start at their segment's first
// value), and reduces it together, a row an invocation: for each column, the
// rows not yet a pivot that have its bit set raise their bit in a shared
// mask, the lowest such row becomes the column's pivot and the others add it
// to themselves. The rank is the columns that found a pivot.
// Where the driver has subgroup ballot and shuffle (SUBGROUP_SIZE), the group
// is one subgroup and a ballot and two shuffles do a column. Elsewhere (no
// subgroup operations, which not every driver has; llvmpipe) only barriers,
// shared memory and its atomics, one barrier a column: the masks rotate
// through three words (a mask is cleared two columns before it is raised
// again), a pivot row never changes again, and a row that does change is read
// by others only after the next barrier.
// Per 2^32 values an order, on the H200: the subgroup version 0.18 s, the
// barrier version 0.36; one invocation a matrix, its basis in 128 words of
// local memory, took 0.55 on the H100 (docs/lab.md, "The battery's speed").
//
// Loop passes per invocation (LOOP_BUDGET): 64 + 1.
#ifdef SUBGROUP_SIZE
// A subgroup a matrix where the driver has ballot and shuffle (lab passes
// gpu.Info.SubgroupSize, 32 or 64): RANK64_ROWS / SUBGROUP_SIZE rows an
// invocation, the pivot found by a ballot and handed round by a shuffle,
// with no barrier and no shared memory.
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#if SUBGROUP_SIZE != 32 && SUBGROUP_SIZE != 64
#error "rank64 by subgroups takes subgroups of 32 or 64"
#endif
#define ROWS_EACH (64 / SUBGROUP_SIZE)
layout(local_size_x = SUBGROUP_SIZE) in;
#else
layout(local_size_x = RANK64_ROWS) in;
#endif
#include "lib/invocation.glsl"

#ifndef BINS // lab defines it: the test's t.Bins()
#define BINS (RANK64_ROWS + 1u)
#endif
#include "lib/battery.glsl"

#ifndef SUBGROUP_SIZE
shared uint row_hi[RANK64_ROWS], row_lo[RANK64_ROWS];
// The rows that can pivot a column, a bit a row (rows 0-31 in the first
// word), for three columns in rotation.
shared uint can_pivot[3 * 2];
#endif

void sync() {
	memoryBarrierShared();
	barrier();
}

void main() {
	const uint span = 2u * RANK64_ROWS;
#ifdef SUBGROUP_SIZE
	uint i = gl_SubgroupInvocationID; // the group is one subgroup
#else
	uint i = gl_LocalInvocationIndex;
#endif
	uint first = first_position + linear_group() * span;
	uint p;
	uint sample_no = sample_of(first, p);
	uint last = first + span - 1u - p % span; // where the matrix ends
	// The same for the whole group, so it returns whole before any barrier.
	if (!counts_at(first) || p + (last - first) >= seg_len || !counts_at(last)) return;

#ifdef SUBGROUP_SIZE
	// Row i + k * SUBGROUP_SIZE is (hi[k], lo[k]).
	// A driver may report one subgroup size and compile another (a size
	// that varies from shader to shader): then no matrix is counted, and
	// lab.checkItems refuses the counts, which do not add up, rather than
	// the rank of a matrix split between subgroups being wrong.
	if (gl_SubgroupSize != SUBGROUP_SIZE || gl_NumSubgroups != 1u) return;
	uint hi[ROWS_EACH], lo[ROWS_EACH];
	bool pivot[ROWS_EACH];
	for (uint k = 0u; k < ROWS_EACH; k++) {
		uint row = i + k * SUBGROUP_SIZE;
		hi[k] = value_back(last, span - 1u - 2u * row);
		lo[k] = value_back(last, span - 2u - 2u * row);
		pivot[k] = false;
	}
	uint rank = 0u;
	for (uint c = 0u; c < 64u; c++) {
		uint col = 63u - c;
		bool can[ROWS_EACH];
		for (uint k = 0u; k < ROWS_EACH; k++) {
			can[k] = !pivot[k] && (((col >= 32u ? hi[k] >> (col - 32u) : lo[k] >> col) & 1u) != 0u);
		}
		// The rows that can pivot, rows 0-31 in x.
#if SUBGROUP_SIZE == 32
		uvec2 rows = uvec2(subgroupBallot(can[0]).x, subgroupBallot(can[1]).x);
#else
		uvec2 rows = subgroupBallot(can[0]).xy;
#endif
		if ((rows.x | rows.y) == 0u) continue;
		uint q = rows.x != 0u ? uint(findLSB(rows.x)) : 32u + uint(findLSB(rows.y));
		uint qk = q / SUBGROUP_SIZE, ql = q % SUBGROUP_SIZE;
		uint q_hi = subgroupShuffle(qk == 0u ? hi[0] : hi[ROWS_EACH - 1], ql);
		uint q_lo = subgroupShuffle(qk == 0u ? lo[0] : lo[ROWS_EACH - 1], ql);
		rank++;
		for (uint k = 0u; k < ROWS_EACH; k++) {
			if (k == qk && i == ql) {
				pivot[k] = true;
			} else if (can[k]) {
				hi[k] ^= q_hi;
				lo[k] ^= q_lo;
			}
		}
	}
#else
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
#endif
	if (i == 0u) global_add(sample_no, rank, 1u);
}
