// Kernels declare their local size before including this.
// A linear invocation index over a 2-D dispatch: some drivers (llvmpipe) take
// at most 65,535 work groups per dimension, so long 1-D work is folded into y.
uint linear_invocation() {
	return gl_GlobalInvocationID.y * (gl_NumWorkGroups.x * gl_WorkGroupSize.x) + gl_GlobalInvocationID.x;
}
