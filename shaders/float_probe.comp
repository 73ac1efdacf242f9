// Tests only: rng/common.glsl's exactly rounded float of each word of
// probe[], in place (render's TestFloatConversionRoundsToNearestEven).
layout(local_size_x = 64) in;
#include "lib/invocation.glsl"
#include "rng/common.glsl"

layout(std430, binding = RNG_OUT_BINDING) buffer Probe { uint probe[]; };

uniform uint invocations;

void main() {
	uint i = linear_invocation();
	if (i >= invocations) return;
	probe[i] = floatBitsToUint(rng_uint_to_float_rne(probe[i]));
}
