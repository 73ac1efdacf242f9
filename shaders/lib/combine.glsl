// Per-work-group combining (render.DepositCombined, sppm_gather.comp only):
// a gather work group adds into a shared table keyed by visible point, then
// flushes each point it holds with one global atomic a word, so focused
// photons that add to the same few points (caustics) contend in shared
// memory instead of on the accumulators. Integer sums in any order and
// grouping: the same bytes as adding each photon to the accumulators.
// Included by lib/gather.glsl after fixed_power and flush64, before add.

#define COMBINE_ENTRIES (1u << COMBINE_BITS)
// An add probes at most this many entries from its point's hash, then adds
// to the accumulators directly: bounded passes (loop_var), and a full table
// costs little.
const uint COMBINE_PROBES = min(COMBINE_ENTRIES, 8u);

// Entry e's key (its visible point, NONE when free) and its sums: word w of
// entry e at w * COMBINE_ENTRIES + e, w as the accumulators' words ([0] M,
// [1..2] red lo/hi, [3..4] green, [5..6] blue), so a flush's lanes read
// consecutive words.
shared uint combine_key[COMBINE_ENTRIES];
shared uint combine_words[7u * COMBINE_ENTRIES];

// combine_clear empties the table; every invocation of the group calls it
// before the barrier that precedes the first add.
void combine_clear() {
	for (uint e = gl_LocalInvocationIndex; e < COMBINE_ENTRIES; e += gl_WorkGroupSize.x) {
		combine_key[e] = NONE;
		// (Written out: no inner loop's passes to count.)
		combine_words[e] = combine_words[COMBINE_ENTRIES + e] = combine_words[2u * COMBINE_ENTRIES + e] = 0u;
		combine_words[3u * COMBINE_ENTRIES + e] = combine_words[4u * COMBINE_ENTRIES + e] = 0u;
		combine_words[5u * COMBINE_ENTRIES + e] = combine_words[6u * COMBINE_ENTRIES + e] = 0u;
	}
}

// combine_add64 adds q to the 64-bit sum at words w (lo) and
// w + COMBINE_ENTRIES (hi) of the table, as add64 does to the accumulators.
void combine_add64(uint w, uint q) {
	if (q == 0u) return;
	uint old = atomicAdd(combine_words[w], q);
	if (old + q < old) atomicAdd(combine_words[w + COMBINE_ENTRIES], 1u);
}

// combine_add adds one photon's flux q (fixed_power) to visible point v's entry, taking a
// free entry for v if it has none; false when v has no entry and none of
// its probes was free (the caller adds to the accumulators). Each probe is
// a loop pass (loop_var; the loop's entry is counted with the walk's point,
// POINT_LOOPS, as lanes that do not add enter it too).
bool combine_add(uint v, uvec3 q) {
	uint h = (v * 2654435769u) >> (32u - COMBINE_BITS); // Fibonacci hashing
	for (uint k = 0u; k < COMBINE_PROBES; k++) {
		loop_var++;
		uint e = (h + k) & (COMBINE_ENTRIES - 1u);
		uint key = atomicCompSwap(combine_key[e], NONE, v);
		if (key != NONE && key != v) continue;
		atomicAdd(combine_words[e], 1u);
		combine_add64(COMBINE_ENTRIES + e, q.r);
		combine_add64(3u * COMBINE_ENTRIES + e, q.g);
		combine_add64(5u * COMBINE_ENTRIES + e, q.b);
		return true;
	}
	return false;
}

// combine_flush adds every used entry to its visible point's accumulator;
// every invocation of the group calls it after the barrier that follows the
// last add.
void combine_flush() {
	for (uint e = gl_LocalInvocationIndex; e < COMBINE_ENTRIES; e += gl_WorkGroupSize.x) {
		uint v = combine_key[e];
		if (v == NONE) continue;
		uint a = ACCUMULATOR_WORDS * v;
		atomicAdd(acc[a], combine_words[e]);
		flush64(a + 1u, combine_words[COMBINE_ENTRIES + e], combine_words[2u * COMBINE_ENTRIES + e]);
		flush64(a + 3u, combine_words[3u * COMBINE_ENTRIES + e], combine_words[4u * COMBINE_ENTRIES + e]);
		flush64(a + 5u, combine_words[5u * COMBINE_ENTRIES + e], combine_words[6u * COMBINE_ENTRIES + e]);
	}
}
