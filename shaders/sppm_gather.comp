// SPPM deferred gather (render.DepositDeferred): one invocation per slot of
// the hit records the photon pass just stored, depositing each filled one as
// the photon pass would have at the hit (lib/gather.glsl).
layout(local_size_x = 64) in;
#define DEPOSIT_DEFERRED 1
#include "lib/invocation.glsl"
#include "lib/gather.glsl"

uniform uint count; // slots of the photon pass's groups: theirs * hit_group_slots

shared bool group_skip; // a failed render gathers no more (loop_failed)

void main() {
	if (gl_LocalInvocationIndex == 0u) group_skip = loop_failed();
	barrier();
	uint r = linear_invocation();
	if (!group_skip && r < count && r % hit_group_slots < hit_words[r / hit_group_slots]) {
		deposit(hit_vec3(0u, r), hit_vec3(3u, r), hit_vec3(6u, r));
	}
	// The walk's passes as the photon pass counts them (loop_fixed: one
	// deposit's loops entered, loop_var: the points walked).
	loop_check(SPPM_COUNTER_PHOTON_LOOP);
}
