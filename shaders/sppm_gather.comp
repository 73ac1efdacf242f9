// SPPM deferred gather (render.DepositDeferred): work group g deposits the
// records that the photon pass's group g stored (lib/gather.glsl), one
// invocation per record, as the photon pass would have at the hit. A group
// per region, not an invocation per slot: regions are sized for the worst
// groups, so most slots are empty, and no invocation is spent on them.
layout(local_size_x = 64) in;
#define DEPOSIT_DEFERRED 1
#include "lib/invocation.glsl"
#include "lib/gather.glsl"

uniform uint count; // the photon pass's work groups

shared bool group_skip; // a failed render gathers no more (loop_failed)

void main() {
	if (gl_LocalInvocationIndex == 0u) group_skip = loop_failed();
	barrier();
	uint g = linear_group();
	if (!group_skip && g < count) {
		uint records = hit_words[g];
		for (uint k = gl_LocalInvocationIndex; k < records; k += gl_WorkGroupSize.x) {
			loop_steps++;
			uint r = g * hit_group_slots + k;
			deposit(hit_vec3(0u, r), hit_vec3(3u, r), hit_vec3(6u, r));
		}
	}
	// The walk's passes as the photon pass counts them (loop_step: a
	// record's pass and one deposit's loops entered; loop_var: the points
	// walked).
	loop_check(SPPM_COUNTER_PHOTON_LOOP);
}
