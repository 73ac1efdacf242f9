// SPPM sorted gather (render.DepositSorted): a counting sort of the photon
// pass's hit records by sort_bin (lib/gather.glsl), run between the photon
// pass and sppm_gather.comp. SORT_CLEAR empties the bins; SORT_COUNT counts
// each region's records per bin; SORT_SCAN turns the counts into offsets
// (one work group) and writes the total; SORT_SCATTER writes each record's
// index at its bin's next offset. Within a bin the order varies from run to
// run; the sums gathered do not (integer atomics).
#ifdef SORT_SCAN
layout(local_size_x = 256) in;
#else
layout(local_size_x = 64) in;
#endif
#define DEPOSIT_DEFERRED 1
#include "lib/invocation.glsl"
#include "lib/gather.glsl"

uniform uint count; // the photon pass's work groups

#ifdef SORT_SCAN
// Each invocation sums a run of bins, the group scans the sums, each writes
// its run's offsets: two loops of DEPOSIT_SORT_BINS / 256 + 1 passes and 9 of
// the scan, far within LOOP_BUDGET (render checks the constants).
shared uint sums[256];
void main() {
	uint t = gl_LocalInvocationIndex;
	uint run = DEPOSIT_SORT_BINS / 256u;
	uint first = sort_bin_word(t * run);
	uint sum = 0u;
	for (uint k = 0u; k < run; k++) sum += hit_words[first + k];
	sums[t] = sum;
	barrier();
	for (uint d = 1u; d < 256u; d *= 2u) {
		uint v = t >= d ? sums[t - d] : 0u;
		barrier();
		sums[t] += v;
		barrier();
	}
	uint offset = sums[t] - sum;
	for (uint k = 0u; k < run; k++) {
		uint c = hit_words[first + k];
		hit_words[first + k] = offset;
		offset += c;
	}
	if (t == 255u) hit_words[sort_total_word()] = sums[255];
}
#elif defined(SORT_CLEAR)
void main() {
	uint i = linear_invocation();
	if (i < DEPOSIT_SORT_BINS) hit_words[sort_bin_word(i)] = 0u;
}
#else
// A work group per region, as sppm_gather.comp's (its loop makes at most
// hit_group_slots / 64 + 1 passes).
void main() {
	uint g = linear_group();
	if (g >= count) return;
	uint records = hit_words[g];
	for (uint k = gl_LocalInvocationIndex; k < records; k += gl_WorkGroupSize.x) {
		uint r = g * hit_group_slots + k;
		uint w = sort_bin_word(sort_bin(hit_vec3(0u, r)));
#ifdef SORT_COUNT
		atomicAdd(hit_words[w], 1u);
#else
		hit_words[hit_word(SORT_ORDER_FIELD, atomicAdd(hit_words[w], 1u))] = r;
#endif
	}
}
#endif
