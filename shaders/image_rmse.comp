// Squared errors (lib/error.glsl; ERROR_REL: relative, the relative RMSE's
// term) of an RGBA32F image against a reference over R, G and B, summed per work
// group in shared memory into partial[group]; the caller adds the partials in
// float64. A tree, not atomics: llvmpipe has no float atomics.
layout(local_size_x = RMSE_GROUP_SIZE) in;
#include "lib/error.glsl"

// Each group sums PER_GROUP pixels: RMSE_PER_INVOCATION (4) per invocation,
// so 1280x720 leaves 900 partials to read back.
#define GROUP_SIZE uint(RMSE_GROUP_SIZE)
#define PER_GROUP (RMSE_PER_INVOCATION * GROUP_SIZE)

layout(binding = RADIANCE_IMAGE_UNIT, rgba32f) uniform readonly image2D image_a;
layout(binding = REFERENCE_IMAGE_UNIT, rgba32f) uniform readonly image2D reference;
layout(std430, binding = RMSE_PARTIALS_BINDING) writeonly buffer Partials { float partial[]; };

uniform uint width;
uniform uint pixels;
uniform uint groups; // partials to write (a folded dispatch has spare groups)

shared float sums[RMSE_GROUP_SIZE];

void main() {
	uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
	uint local = gl_LocalInvocationIndex;
	float s = 0.0;
	for (uint k = 0u; k < RMSE_PER_INVOCATION; k++) {
		uint i = group * PER_GROUP + k * GROUP_SIZE + local; // neighbours read neighbours
		if (i >= pixels) break;
		ivec2 p = ivec2(i % width, i / width);
		vec3 q = sq_error(imageLoad(image_a, p).rgb, imageLoad(reference, p).rgb);
		s += q.r + q.g + q.b;
	}
	sums[local] = s;
	barrier();
	for (uint stride = GROUP_SIZE / 2u; stride > 0u; stride >>= 1) {
		if (local < stride) sums[local] += sums[local + stride];
		barrier();
	}
	if (local == 0u && group < groups) partial[group] = sums[0];
}
