// Squared errors (lib/error.glsl; ERROR_REL: relative, RelRMSE's term) of an
// RGBA32F image against a reference over R, G and B, summed per work
// group in shared memory into partial[group]; the caller adds the partials in
// float64. A tree, not atomics: llvmpipe has no float atomics.
layout(local_size_x = 256) in;
#include "lib/error.glsl"

// Each group sums PER_GROUP pixels: 4 per invocation, so 1280x720 leaves
// 900 partials to read back.
#define PER_INVOCATION 4u
#define PER_GROUP (PER_INVOCATION * 256u)

layout(binding = 0, rgba32f) uniform readonly image2D image_a;
layout(binding = 2, rgba32f) uniform readonly image2D reference;
layout(std430, binding = 0) writeonly buffer Partials { float partial[]; };

uniform uint width;
uniform uint pixels;
uniform uint groups; // partials to write (a folded dispatch has spare groups)

shared float sums[256];

void main() {
	uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
	uint local = gl_LocalInvocationIndex;
	float s = 0.0;
	for (uint k = 0u; k < PER_INVOCATION; k++) {
		uint i = group * PER_GROUP + k * 256u + local; // neighbours read neighbours
		if (i >= pixels) break;
		ivec2 p = ivec2(i % width, i / width);
		vec3 q = sq_error(imageLoad(image_a, p).rgb, imageLoad(reference, p).rgb);
		s += q.r + q.g + q.b;
	}
	sums[local] = s;
	barrier();
	for (uint stride = 128u; stride > 0u; stride >>= 1) {
		if (local < stride) sums[local] += sums[local + stride];
		barrier();
	}
	if (local == 0u && group < groups) partial[group] = sums[0];
}
