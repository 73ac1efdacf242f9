// Kernels declare their local size before including this.
// A linear invocation index over a 2-D dispatch: some drivers (llvmpipe) take
// at most 65,535 work groups per dimension, so long 1-D work is folded into y.
uint linear_invocation() {
	return gl_GlobalInvocationID.y * (gl_NumWorkGroups.x * gl_WorkGroupSize.x) + gl_GlobalInvocationID.x;
}

// The work group's index in the same order: its invocations are
// linear_invocation() linear_group() * local size .. + local size - 1.
uint linear_group() { return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; }
