// speckle rng test: the birthdays or the collisions test (TEST_BIRTHDAYS,
// TEST_COLLISIONS) over one block of generated numbers in one order
// (lib/battery.glsl: blocks, positions, segments). A work group takes
// BIRTHDAY_GROUP positions, among which at most one group of birthdays ends
// (groups start at their segment's first value), and works on that group
// together: the values' top BIRTHDAY_DAY_BITS bits go to shared memory and
// are sorted there by a bitonic network; then collisions counts neighbours
// equal in their top COLLISION_CELL_BITS bits (stats.Collided), birthdays
// takes the spacings, sorts them again and counts the spacing values that
// occur more than once (stats.RepeatedSpacings). stats.Tally is the
// reference these counts equal. Only barriers and shared memory: no
// subgroup operations, which not every driver has.
//
// Loop passes per invocation (LOOP_BUDGET): one sort is 9 stages of 1..9
// steps, each step P + 1 passes for P = BIRTHDAY_GROUP / 2 / BATTERY_GROUP_SIZE
// pairs: 10 + 54 + 45*(P + 1) = 289 with P = 4; birthdays sorts twice and
// the loads and counts are 3*(2P + 1): about 600 whatever the block's size,
// so a block is one dispatch.
layout(local_size_x = BATTERY_GROUP_SIZE) in;
#include "lib/invocation.glsl"

#ifndef BINS // render defines it: the test's t.Bins()
#define BINS (BIRTHDAY_MAX + 1u)
#endif
#include "lib/battery.glsl"

const uint group_len = BIRTHDAY_GROUP;
const uint pairs = BIRTHDAY_GROUP / 2;

shared uint keys[BIRTHDAY_GROUP];
shared uint found;

// Every invocation's writes to shared memory seen by all before any goes on.
void sync() {
	memoryBarrierShared();
	barrier();
}

// Sorts keys ascending: a bitonic network, whose every step compares
// BIRTHDAY_GROUP/2 disjoint pairs (i, i + stride).
void bitonic_sort(uint lid) {
	for (uint size = 2u; size <= group_len; size <<= 1u) {
		for (uint stride = size >> 1u; stride > 0u; stride >>= 1u) {
			for (uint q = lid; q < pairs; q += BATTERY_GROUP_SIZE) {
				uint i = 2u * q - (q & (stride - 1u));
				uint a = keys[i], b = keys[i + stride];
				if ((a > b) == ((i & size) == 0u)) { // ascending where bit `size` of i is clear
					keys[i] = b;
					keys[i + stride] = a;
				}
			}
			sync();
		}
	}
}

void main() {
	uint lid = gl_LocalInvocationIndex;
	uint first = first_position + linear_invocation() / BATTERY_GROUP_SIZE * group_len;
	uint p;
	uint sample_no = sample_of(first, p);
	uint last = first + group_len - 1u - p % group_len; // where the group ends
	bool live = counts_at(first) && p + (last - first) < seg_len && counts_at(last);
	for (uint k = lid; k < group_len; k += BATTERY_GROUP_SIZE) {
		uint day = 0u;
		if (live) day = value_back(last, group_len - 1u - k) >> (32u - BIRTHDAY_DAY_BITS);
		keys[k] = day;
	}
	if (lid == 0u) found = 0u;
	sync();
	bitonic_sort(lid);
	uint n = 0u;
#if defined(TEST_COLLISIONS)
	const uint shift = BIRTHDAY_DAY_BITS - COLLISION_CELL_BITS;
	for (uint k = lid + 1u; k < group_len; k += BATTERY_GROUP_SIZE) {
		if ((keys[k] >> shift) == (keys[k - 1u] >> shift)) n++;
	}
	const uint most = COLLISION_MAX;
#else
	// The spacings y[0], y[1] - y[0], ...: all read before any is written.
	uint spacing[BIRTHDAY_GROUP / BATTERY_GROUP_SIZE];
	for (uint k = lid, s = 0u; k < group_len; k += BATTERY_GROUP_SIZE, s++) {
		spacing[s] = keys[k] - (k > 0u ? keys[k - 1u] : 0u);
	}
	sync();
	for (uint k = lid, s = 0u; k < group_len; k += BATTERY_GROUP_SIZE, s++) keys[k] = spacing[s];
	sync();
	bitonic_sort(lid);
	for (uint k = lid + 1u; k < group_len; k += BATTERY_GROUP_SIZE) {
		if (keys[k] == keys[k - 1u] && (k == 1u || keys[k - 1u] != keys[k - 2u])) n++;
	}
	const uint most = BIRTHDAY_MAX;
#endif
	if (n != 0u) atomicAdd(found, n);
	sync();
	if (lid == 0u && live) global_add(sample_no, min(found, most), 1u);
}
