// Streamline maps to colour, on the GPU (render.Streamlines.Display).
// DISPLAY_MAX: the largest value of the map into scale[0] (float bits; the
// values are never negative, so their bits order as the floats do).
// Otherwise: value -> [0, 1] (linear, or log(1 + v) / log(1 + max)) -> the
// colour map, interpolated -> rgba8 image. imageio.MapColor is the
// same mapping on the CPU.
#ifdef DISPLAY_MAX
layout(local_size_x = 256) in;
#else
layout(local_size_x = 16, local_size_y = 16) in;
#endif
#include "lib/invocation.glsl"

layout(std430, binding = STREAMLINE_VISITS_BINDING) readonly buffer Visits { uint visits[]; };
layout(std430, binding = STREAMLINE_LENGTHS_BINDING) readonly buffer Lengths { uint length_steps[]; };
layout(std430, binding = STREAMLINE_SCALE_BINDING) buffer Scale { uint scale[]; };
layout(std430, binding = COLORMAP_BINDING) readonly buffer Lut { uint lut[]; }; // COLORMAP_ENTRIES x RGBA8

uniform uint width, height;
uniform uint map_kind;       // 0: visits per pixel, 1: mean length of the seed pixel's streamlines
uniform float length_scale;  // step / d^2: steps summed -> mean length in pixels

float map_value(uint i) {
	if (map_kind == 0u) return float(visits[2u * i + 1u]) * 4294967296.0 + float(visits[2u * i]);
	return float(length_steps[i]) * length_scale;
}

#ifdef DISPLAY_MAX
shared uint group_max;

void main() {
	uint i = linear_invocation();
	if (gl_LocalInvocationIndex == 0u) group_max = 0u;
	barrier();
	if (i < width * height) atomicMax(group_max, floatBitsToUint(map_value(i)));
	barrier();
	if (gl_LocalInvocationIndex == 0u) atomicMax(scale[0], group_max);
}
#else
layout(rgba8, binding = DISPLAY_IMAGE_UNIT) writeonly uniform image2D display;
uniform float fixed_max; // > 0: the value shown at the top of the colour map; else scale[0]
uniform uint log_scale;

void main() {
	uvec2 xy = gl_GlobalInvocationID.xy;
	if (xy.x >= width || xy.y >= height) return;
	float top = fixed_max > 0.0 ? fixed_max : uintBitsToFloat(scale[0]);
	float v = map_value(xy.y * width + xy.x);
	float t = 0.0;
	if (top > 0.0) t = log_scale != 0u ? log(1.0 + v) / log(1.0 + top) : v / top;
	float x = clamp(t, 0.0, 1.0) * float(COLORMAP_ENTRIES - 1u);
	uint k = min(uint(x), COLORMAP_ENTRIES - 2u);
	vec4 c = mix(unpackUnorm4x8(lut[k]), unpackUnorm4x8(lut[k + 1u]), x - float(k));
	imageStore(display, ivec2(xy), vec4(c.rgb, 1.0));
}
#endif
