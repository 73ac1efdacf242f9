// speckle rng test: the birthdays or the collisions test (TEST_BIRTHDAYS,
// TEST_COLLISIONS), or birthday spacings in DIMS dimensions (the Extra
// birthdays2 .. birthdays8lo: a birthday of DIMS successive values, a group
// GROUP_SPAN positions), over one block of generated numbers in one order
// (lib/battery.glsl: blocks, positions, segments). A work group takes
// BIRTHDAY_GROUP positions, among which at most one group of birthdays ends
// (groups start at their segment's first value), and works on that group
// together, KEYS values an invocation, in shared memory: birthdays sorts
// the values' top BIRTHDAY_DAY_BITS bits, takes the spacings round the year,
// sorts them and counts those equal to their predecessor (Knuth's R,
// stats.EqualSpacings); collisions sets a bit per urn (the top
// COLLISION_CELL_BITS bits) and counts the values whose urn's bit was set
// already: m - (distinct urns), stats.Collided, with no sort. stats.Tally
// is the reference these counts equal. Only barriers, shared memory and its
// atomics: no subgroup operations, which not every driver has.
//
// The sort: each invocation sorts its KEYS keys in registers (a sorting
// network), then runs of KEYS, 2 KEYS, ... are merged pairwise, each
// invocation writing KEYS consecutive places of the merged run: a binary
// search finds where they start in the two runs (merge path), a sequential
// merge does the rest: 7 barriers a sort and about 3 shared-memory
// accesses a key a merge. (On llvmpipe a bitonic network, 45 steps that
// each load and store every key, ran 2.5 to 3 times slower than the former
// one-invocation heap sort.) The keys of an invocation's places stay in
// registers for the spacings and the counts.
//
// Loop passes per invocation (LOOP_BUDGET): a sort is KEYS + 1 to store,
// 7 for its 6 merges, each at most log2(run) + 2 for the search and KEYS + 1
// for the merge: 9 + 7 + (5 + 6 + ... + 10) + 6*9 = 115; birthdays sorts
// twice and loads (KEYS * (DIMS + 1) + 1), takes spacings and counts in
// KEYS + 1 each: 257 + KEYS * DIMS (321 for 8 dimensions);
// collisions clears the urns in 2^16/32/BATTERY_GROUP_SIZE + 1 and loads and
// throws in KEYS + 1 each: 51. So, whatever the block's size, a block is
// one dispatch.
layout(local_size_x = BATTERY_GROUP_SIZE) in;
#include "lib/invocation.glsl"

#ifndef BINS // render defines it: the test's t.Bins()
#define BINS (BIRTHDAY_MAX + 1u)
#endif
#include "lib/battery.glsl"

#define KEYS 8 // keys per invocation: the sorting network's width
#if BIRTHDAY_GROUP != KEYS * BATTERY_GROUP_SIZE
#error "a work group holds one group of birthdays, KEYS per invocation"
#endif

#ifndef DIMS
#define DIMS 1u // a birthday of DIMS successive values (the Extra birthdaysN tests)
#endif
const uint group_len = BIRTHDAY_GROUP;         // birthdays (keys) of one group
#ifndef GROUP_SPAN
#define GROUP_SPAN (BIRTHDAY_GROUP * DIMS) // stats.Test.Span
#endif
// Positions of one group: its points are the first BIRTHDAY_GROUP * DIMS
// (3 dimensions: a group of 2,048, the last 512 unused).
const uint group_span = GROUP_SPAN;

// The bits of coordinate c of a birthday (stats.CoordBits): the day's bits
// split as evenly as can be, the first coordinates one more.
uint coord_bits(uint c) { return BIRTHDAY_DAY_BITS / DIMS + (c < BIRTHDAY_DAY_BITS % DIMS ? 1u : 0u); }

// The birthday of point i of the group that ends at position last
// (stats.Day): its DIMS values' top bits, or lowest output bits (LOW_BITS),
// concatenated, the first value's on top.
uint day_of(uint last, uint i) {
	uint day = 0u;
	for (uint c = 0u; c < DIMS; c++) {
		uint u = value_back(last, group_span - 1u - (DIMS * i + c)), b = coord_bits(c);
#ifdef LOW_BITS
		uint x = (u >> out_shift) & ((1u << b) - 1u);
#else
		uint x = u >> (32u - b);
#endif
		day = (day << b) | x;
	}
	return day;
}

shared uint found; // the group's statistic: at most BIRTHDAY_GROUP - 1

// Every invocation's writes to shared memory seen by all before any goes on.
void sync() {
	memoryBarrierShared();
	barrier();
}

#if defined(TEST_COLLISIONS)
// One bit per urn.
shared uint urns[(1 << COLLISION_CELL_BITS) / 32];
#else
// Two buffers of keys (a merge reads one and writes the other), skewed by
// one word every KEYS so that invocations storing their KEYS keys at once
// hit distinct banks of a GPU's shared memory.
shared uint keys[2 * (BIRTHDAY_GROUP + BIRTHDAY_GROUP / KEYS)];

uint key(uint i) { return keys[i + i / KEYS]; }
void set_key(uint i, uint v) { keys[i + i / KEYS] = v; }

void order(inout uint a, inout uint b) {
	uint lo = min(a, b);
	b = max(a, b);
	a = lo;
}

// Batcher's odd-even merge sort of 8 keys: 19 comparators.
void sort_network(inout uint x[KEYS]) {
	order(x[0], x[1]), order(x[2], x[3]), order(x[4], x[5]), order(x[6], x[7]);
	order(x[0], x[2]), order(x[1], x[3]), order(x[4], x[6]), order(x[5], x[7]);
	order(x[1], x[2]), order(x[5], x[6]);
	order(x[0], x[4]), order(x[1], x[5]), order(x[2], x[6]), order(x[3], x[7]);
	order(x[2], x[4]), order(x[3], x[5]);
	order(x[1], x[2]), order(x[3], x[4]), order(x[5], x[6]);
}

// Merges the runs of w sorted keys of buffer `from` pairwise into buffer
// `to`: this invocation writes places own .. own+KEYS-1, and keeps their
// keys in x. (Equal keys are equal values: which run's goes first does
// not matter.)
void merge(uint from, uint to, uint w, uint own, out uint x[KEYS]) {
	uint run = own & ~(2u * w - 1u), d = own - run; // the merged run, the place in it
	uint a0 = from + run, b0 = a0 + w;
	// i keys of the left run and d - i of the right one come before place d.
	uint lo = d > w ? d - w : 0u, hi = min(d, w);
	while (lo < hi) {
		uint i = (lo + hi) / 2u;
		if (key(a0 + i) <= key(b0 + d - 1u - i)) lo = i + 1u;
		else hi = i;
	}
	uint i = lo, j = d - lo;
	uint a = key(a0 + min(i, w - 1u)), b = key(b0 + min(j, w - 1u));
	for (uint t = 0u; t < KEYS; t++) {
		bool left = j >= w || (i < w && a <= b);
		x[t] = left ? a : b;
		set_key(to + own + t, x[t]);
		if (left) i++;
		else j++;
		uint next = key(left ? a0 + min(i, w - 1u) : b0 + min(j, w - 1u));
		if (left) a = next;
		else b = next;
	}
}

// Sorts the group's keys, x holding this invocation's: those of places
// own = KEYS*lid .. own+KEYS-1 before, and of the same places in sorted
// order after. Returns the buffer (0 or BIRTHDAY_GROUP) that holds them all.
uint sort(inout uint x[KEYS]) {
	uint own = KEYS * gl_LocalInvocationIndex, from = 0u;
	sort_network(x);
	for (uint e = 0u; e < KEYS; e++) set_key(own + e, x[e]);
	sync();
	for (uint w = KEYS; w < group_len; w *= 2u) {
		merge(from, group_len - from, w, own, x);
		sync();
		from = group_len - from;
	}
	return from;
}
#endif

void main() {
	uint lid = gl_LocalInvocationIndex, own = KEYS * lid;
	uint first = first_position + linear_invocation() / BATTERY_GROUP_SIZE * group_span;
	uint p;
	uint sample_no = sample_of(first, p);
	uint last = first + group_span - 1u - p % group_span; // where the group ends
	bool live = counts_at(first) && p + (last - first) < seg_len && counts_at(last);
	uint x[KEYS];
	for (uint e = 0u; e < KEYS; e++) {
		x[e] = live ? day_of(last, own + e) : 0u;
	}
	if (lid == 0u) found = 0u;
	uint n = 0u;
#if defined(TEST_COLLISIONS)
	for (uint i = lid; i < urns.length(); i += BATTERY_GROUP_SIZE) urns[i] = 0u;
	sync();
	for (uint e = 0u; e < KEYS; e++) {
		uint urn = x[e] >> (BIRTHDAY_DAY_BITS - COLLISION_CELL_BITS), bit = 1u << (urn & 31u);
		if ((atomicOr(urns[urn >> 5u], bit) & bit) != 0u) n++;
	}
	const uint most = COLLISION_MAX;
#else
	uint y = sort(x); // the days
	// The day before x[0]: the last one, a year earlier, before the first.
	uint before = own > 0u ? key(y + own - 1u) : key(y + group_len - 1u) - (1u << BIRTHDAY_DAY_BITS);
	for (uint e = 0u; e < KEYS; e++) { // the spacings round the year, y[0] + 2^days - y[m-1] first
		uint day = x[e];
		x[e] -= before;
		before = day;
	}
	sync(); // all read before the sort writes
	uint s = sort(x);
	uint b1 = own > 0u ? key(s + own - 1u) : 0u;
	for (uint e = 0u; e < KEYS; e++) { // a spacing equal to the one before
		if (own + e > 0u && x[e] == b1) n++;
		b1 = x[e];
	}
	const uint most = BIRTHDAY_MAX;
#endif
	if (n != 0u) atomicAdd(found, n);
	sync();
	if (lid == 0u && live) global_add(sample_no, min(found, most), 1u);
}
