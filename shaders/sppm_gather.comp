// SPPM deferred gather (render.DepositDeferred): work group g deposits the
// records that the photon pass's group g stored (lib/gather.glsl), one
// invocation per record, as the photon pass would have at the hit. A group
// per region, not an invocation per slot: regions are sized for the worst
// groups, so most slots are empty, and no invocation is spent on them.
// DEPOSIT_SORTED: as many invocations, taking the records in
// sppm_sort.comp's order.
layout(local_size_x = 64) in;
#define DEPOSIT_DEFERRED 1
#include "lib/invocation.glsl"
#include "lib/gather.glsl"

uniform uint count; // the photon pass's work groups

shared bool group_skip; // a failed render gathers no more (loop_failed)

void main() {
	if (gl_LocalInvocationIndex == 0u) group_skip = loop_failed();
	barrier();
#ifdef DEPOSIT_SORTED
	// Invocation i deposits records i, i + stride, ... in sort_bin order
	// (sppm_sort.comp): a warp's lanes take neighbours in that order.
	uint stride = count * gl_WorkGroupSize.x;
	uint total = !group_skip && linear_group() < count ? hit_words[sort_total_word()] : 0u;
	for (uint i = linear_invocation(); i < total; i += stride) {
		loop_steps++;
		uint r = hit_words[hit_word(9u, i)];
		deposit(hit_vec3(0u, r), hit_vec3(3u, r), hit_vec3(6u, r));
	}
#else
	uint g = linear_group();
	if (!group_skip && g < count) {
		uint records = hit_words[g];
		for (uint k = gl_LocalInvocationIndex; k < records; k += gl_WorkGroupSize.x) {
			loop_steps++;
			uint r = g * hit_group_slots + k;
			deposit(hit_vec3(0u, r), hit_vec3(3u, r), hit_vec3(6u, r));
		}
	}
#endif
	// The walk's passes as the photon pass counts them (loop_step: a
	// record's pass and one deposit's loops entered; loop_var: the points
	// walked).
	loop_check(SPPM_COUNTER_PHOTON_LOOP);
}
