// SPPM progressive update (Hachisuka & Jensen 2009) and resolve, per pixel:
// fold this iteration's photons into N, R^2 and tau, clear the accumulator,
// and write the radiance estimate tau / (pi R^2 N_emitted) plus the mean
// direct emission into the image.
layout(local_size_x = 8, local_size_y = 8) in;
#include "lib/sampling.glsl"
#include "lib/sppm.glsl"
#include "lib/sppm_stats.glsl"

layout(binding = RADIANCE_IMAGE_UNIT, rgba32f) uniform writeonly image2D radiance;

uniform float alpha;         // fraction of new photons kept
uniform float flux_scale;    // fixed-point units per unit of flux
uniform uint emitted_lo;     // photons emitted so far, all iterations (64 bits)
uniform uint emitted_hi;
uniform uint iterations;     // iterations so far

const double PI_D = 3.14159265358979323846LF;

double unfix(uint base) {
	return (double(acc[base + 1u]) * 4294967296.0LF + double(acc[base])) / double(flux_scale);
}

void main() {
	uvec2 px = gl_GlobalInvocationID.xy;
	// Nothing is folded from a failed iteration on (written by earlier
	// dispatches only, so every invocation reads the same).
	if (px.x >= width || px.y >= height || loop_failed()) return;
	if (px == uvec2(0u)) {
		counters[SPPM_COUNTER_ITERATIONS] = iterations;
		counters[SPPM_COUNTER_EMITTED] = emitted_lo;
		counters[SPPM_COUNTER_EMITTED + 1u] = emitted_hi;
	}
	uint i = px.y * width + px.x;
	dvec4 tau_r2 = stats_tau_r2[i];
	dvec4 n_direct = stats_n_direct[i];
	uint a = ACCUMULATOR_WORDS * i;
	double m = double(acc[a]);
	if (m > 0.0LF) {
		dvec3 phi = dvec3(unfix(a + 1u), unfix(a + 3u), unfix(a + 5u));
		double n = n_direct.x;
		double kept = n + double(alpha) * m;
		double ratio = kept / (n + m);
		tau_r2.xyz = (tau_r2.xyz + phi) * ratio;
		tau_r2.w *= ratio;
		stats_tau_r2[i] = tau_r2;
		stats_n_direct[i].x = kept;
	}
	for (uint k = 0u; k < ACCUMULATOR_WORDS; k++) acc[a + k] = 0u;
	double emitted = double(emitted_hi) * 4294967296.0LF + double(emitted_lo);
	dvec3 l = n_direct.yzw / double(iterations);
	if (tau_r2.w > 0.0LF) l += tau_r2.xyz / (PI_D * tau_r2.w * emitted);
	imageStore(radiance, ivec2(px), vec4(vec3(l), 1.0));
}
