// SPPM deferred gather (render.DepositDeferred): work group g deposits the
// records that the photon pass's group g stored (lib/gather.glsl), one
// invocation per record, as the photon pass would have at the hit. A group
// per region, not an invocation per slot: regions are sized for the worst
// groups, so most slots are empty, and no invocation is spent on them.
// DEPOSIT_SORTED: as many invocations, taking the records in
// sppm_sort.comp's order. DEPOSIT_COMBINED: sorted, each group adding into
// its table (lib/combine.glsl) and flushing it at the end.
layout(local_size_x = 64) in;
#define DEPOSIT_DEFERRED 1
#include "lib/invocation.glsl"
#include "lib/gather.glsl"

uniform uint count; // the photon pass's work groups

shared bool group_skip; // a failed render gathers no more (loop_failed)

// deposit_record deposits record r: one pass of the records loop.
void deposit_record(uint r) {
	loop_steps++;
	deposit(hit_vec3(0u, r), hit_vec3(3u, r), hit_vec3(6u, r));
}

void main() {
	if (gl_LocalInvocationIndex == 0u) group_skip = loop_failed();
#ifdef DEPOSIT_COMBINED
	combine_clear();
#endif
	barrier();
#ifdef DEPOSIT_SORTED
	uint total = !group_skip && linear_group() < count ? hit_words[sort_total_word()] : 0u;
#ifdef DEPOSIT_COMBINED
	// Group g deposits a run of records in sort order, whole passes of the
	// group from g * run: the records of one place share a group, and so
	// its table, as far as runs allow; a warp's lanes take neighbours.
	uint run = ((total + count - 1u) / count + gl_WorkGroupSize.x - 1u) / gl_WorkGroupSize.x * gl_WorkGroupSize.x;
	uint first = linear_group() * run;
	uint end = min(first + run, total);
	for (uint i = first + gl_LocalInvocationIndex; i < end; i += gl_WorkGroupSize.x) deposit_record(hit_words[hit_word(SORT_ORDER_FIELD, i)]);
	// Every record of the group is in its table (or the accumulators).
	memoryBarrierShared();
	barrier();
	combine_flush();
#else
	// Invocation i deposits records i, i + stride, ... in sort_bin order
	// (sppm_sort.comp): a warp's lanes take neighbours in that order.
	uint stride = count * gl_WorkGroupSize.x;
	for (uint i = linear_invocation(); i < total; i += stride) deposit_record(hit_words[hit_word(SORT_ORDER_FIELD, i)]);
#endif
#else
	uint g = linear_group();
	if (!group_skip && g < count) {
		uint records = hit_words[g];
		for (uint k = gl_LocalInvocationIndex; k < records; k += gl_WorkGroupSize.x) deposit_record(g * hit_group_slots + k);
	}
#endif
	// The walk's passes as the photon pass counts them (loop_step: a
	// record's pass and one deposit's loops entered; loop_var: the points
	// walked), and DEPOSIT_COMBINED's clear and flush (loop_fixed).
	loop_check(SPPM_COUNTER_PHOTON_LOOP);
}
