// Display: the SPPM radiance image (RGBA32F) into an RGBA8 texture the UI
// draws. Default: exposure, clamp and the sRGB curve, as imageio.ToneMap.
// HEATMAP: each pixel's error against a reference image through the viridis
// colour map, as imageio.Heatmap: the RMS over R, G, B of lib/error.glsl's
// sq_error (ERROR_REL: relative, the relative RMSE's term, finite where the
// reference is black), divided by error_scale.
// A pixel with a NaN or infinite channel is magenta in both modes.
layout(local_size_x = 8, local_size_y = 8) in;

layout(binding = RADIANCE_IMAGE_UNIT, rgba32f) uniform readonly image2D radiance;
layout(binding = DISPLAY_IMAGE_UNIT, rgba8) uniform writeonly image2D display;

bool bad(vec3 v) { return any(isnan(v)) || any(isinf(v)); }

const uvec3 MAGENTA = uvec3(255u, 0u, 255u);

#ifdef HEATMAP
#include "lib/error.glsl"
layout(binding = REFERENCE_IMAGE_UNIT, rgba32f) uniform readonly image2D reference;
uniform float error_scale; // the error at the top of the colour scale

// imageio.HeatColormap (viridis, RGBA8), interpolated as
// imageio.Colormap.At.
layout(std430, binding = COLORMAP_BINDING) readonly buffer Lut { uint lut[]; };

uvec3 colormap(float t) {
	t = t > 0.0 ? min(t, 1.0) : 0.0;
	float x = t * float(COLORMAP_ENTRIES - 1u);
	uint k = min(uint(x), COLORMAP_ENTRIES - 2u);
	vec3 c = mix(unpackUnorm4x8(lut[k]).rgb, unpackUnorm4x8(lut[k + 1u]).rgb, x - float(k));
	return uvec3(c * 255.0 + 0.5);
}

uvec3 shade(vec3 l, ivec2 p) {
	vec3 r = imageLoad(reference, p).rgb;
	if (bad(l) || bad(r)) return MAGENTA;
	vec3 q = sq_error(l, r);
	return colormap(sqrt((q.r + q.g + q.b) / 3.0) / error_scale);
}
#else
uniform float exposure;

// imageio.LinearToSRGB8: clamp, the piecewise sRGB curve, round to nearest.
uint srgb8(float x) {
	if (!(x > 0.0)) return 0u;
	if (x >= 1.0) return 255u;
	x = x <= 0.0031308 ? x * 12.92 : 1.055 * pow(x, 1.0 / 2.4) - 0.055;
	return uint(x * 255.0 + 0.5);
}

uvec3 shade(vec3 l, ivec2 p) {
	vec3 e = l * exposure;
	if (bad(l) || bad(e)) return MAGENTA;
	return uvec3(srgb8(e.r), srgb8(e.g), srgb8(e.b));
}
#endif

void main() {
	ivec2 p = ivec2(gl_GlobalInvocationID.xy);
	if (any(greaterThanEqual(p, imageSize(radiance)))) return;
	// Bytes computed here, stored as k/255: the unorm conversion gives k back.
	imageStore(display, p, vec4(uvec4(shade(imageLoad(radiance, p).rgb, p), 255u)) / 255.0);
}
