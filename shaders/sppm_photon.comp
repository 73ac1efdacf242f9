// SPPM photon pass: photon i of this iteration leaves a light (chosen by
// power, position 2 numbers, cosine direction 2), and at each diffuse hit adds
// its power times each nearby visible point's weight to that point's
// accumulator; Russian roulette on the albedo ends it. Random decisions per
// bounce: roulette (or glass's Fresnel choice) 1, scattering 2 (always drawn,
// so quasi-random dimensions line up with the bounce).
layout(local_size_x = 64) in;
#include "lib/invocation.glsl"
#include "lib/scene.glsl"
#include "lib/sampling.glsl"
#include "lib/sppm.glsl"
#include <rng>

uniform uint photons;      // this iteration
// A dispatch traces photons photon_offset .. photon_offset+photon_count-1 of
// the iteration (Trace cuts iterations into chunks); photon i keeps stream
// slot i, so chunking does not change the result.
uniform uint photon_offset;
uniform uint photon_count;
uniform vec3 total_power;  // the lights' summed power (for the light choice weights)
uniform int max_bounces;

#include "lib/gather.glsl"

// Surfaces hit by photons (bounces) and photons traced, counted per work
// group, then added to the 64-bit Counters.
// FLUX_TALLY (tests): the power photons bring to diffuse surfaces, per
// channel, in fixed point (tally_scale units per unit of power).
shared uint group_bounces, group_photons;
shared bool group_skip; // a failed render traces no more (loop_failed)
#ifdef FLUX_TALLY
uniform float tally_scale;
shared uint group_flux[3];
#endif

#ifdef DEPOSIT_DEFERRED
// deposit_later stores the hit in the group's region for sppm_gather.comp,
// or deposits it now once the region is full: no hit is lost, and where it
// is deposited changes no sum.
shared uint group_records;
void deposit_later(vec3 x, vec3 n, vec3 power) {
	uint r = atomicAdd(group_records, 1u);
	if (r < hit_group_slots) hit_store(linear_group() * hit_group_slots + r, x, n, power);
	else deposit(x, n, power);
}
#endif

// trace follows photon i and returns the number of surfaces it hit.
uint trace(uint i) {
	rng_load(i);
	// Light by power: u0 picks the light from the CDF and is then rescaled to
	// stay uniform within its interval, so no extra dimension is spent.
	float u0 = rng_f32();
	float u1 = rng_f32();
	int l = 0;
	float lo = 0.0;
	while (l < n_lights - 1 && u0 >= scene_lights[l].y) {
		lo = scene_lights[l].y;
		l++;
	}
	float p_light = scene_lights[l].y - lo;
	u0 = clamp((u0 - lo) / p_light, 0.0, RNG_BELOW_ONE);
	int q = int(scene_lights[l].x);
	vec4 qc = scene_quads[4 * q];
	vec3 n = scene_quads[4 * q + 3].xyz;
	vec3 x = qc.xyz + u0 * scene_quads[4 * q + 1].xyz + u1 * scene_quads[4 * q + 2].xyz;
	float area = scene_quads[4 * q + 3].w;
	vec3 power = material_color(int(qc.w)) * (PI * area / p_light);
	float u2 = rng_f32();
	float u3 = rng_f32();
	vec3 d = cosine_dir(n, u2, u3);
	uint hits = 0u;
	for (int bounce = 0; bounce < max_bounces; bounce++) {
		loop_steps++;
		Hit h = intersect(x, d);
		if (h.material < 0) break;
		hits++;
		x += h.t * d;
		int kind = material_kind(h.material);
		if (kind == KIND_LIGHT) break;
		vec3 color = material_color(h.material);
		vec3 nn = dot(h.n, d) < 0.0 ? h.n : -h.n; // facing where the photon came from
		if (kind == KIND_DIFFUSE) {
#ifdef DEPOSIT_DEFERRED
			deposit_later(x, nn, power);
#elif !defined(PHOTON_TRACE_ONLY)
			deposit(x, nn, power);
#endif
#ifdef FLUX_TALLY
			uvec3 q = uvec3(power * tally_scale + 0.5);
			atomicAdd(group_flux[0], q.r);
			atomicAdd(group_flux[1], q.g);
			atomicAdd(group_flux[2], q.b);
#endif
		}
		float u = rng_f32();
		float s1 = rng_f32();
		float s2 = rng_f32();
		if (kind == KIND_GLASS) {
			power *= color;
			d = glass_dir(d, h.n, material_ior(h.material), u);
			continue;
		}
		float p = max(color.r, max(color.g, color.b));
		if (u >= p) break;
		power *= color / p;
		d = kind == KIND_MIRROR ? reflect(d, nn) : cosine_dir(nn, s1, s2);
	}
	rng_store(i);
#ifdef PHOTON_NO_ATOMICS
	hits += walked;
#endif
	return hits;
}

void main() {
	if (gl_LocalInvocationIndex == 0u) {
		group_bounces = group_photons = 0u;
		group_skip = loop_failed();
#ifdef DEPOSIT_DEFERRED
		group_records = 0u;
#endif
#ifdef FLUX_TALLY
		group_flux[0] = group_flux[1] = group_flux[2] = 0u;
#endif
	}
	barrier();
	uint j = linear_invocation();
	uint i = photon_offset + j;
	if (!group_skip && j < photon_count && i < photons) {
		atomicAdd(group_bounces, trace(i));
		atomicAdd(group_photons, 1u);
	}
	// Past the budget llvmpipe may have ended a loop early and photons added
	// wrong amounts: say so (on every GL, so every GL refuses alike).
	loop_check(SPPM_COUNTER_PHOTON_LOOP);
	barrier();
	if (gl_LocalInvocationIndex == 0u) {
		add_counter(SPPM_COUNTER_BOUNCES, group_bounces);
		add_counter(SPPM_COUNTER_PHOTONS, group_photons);
#ifdef DEPOSIT_DEFERRED
		// (Groups past the buffer's only pad a folded dispatch: they trace
		// nothing.)
		if (linear_group() < hit_groups) hit_words[linear_group()] = min(group_records, hit_group_slots);
#endif
#ifdef FLUX_TALLY
		for (uint c = 0u; c < 3u; c++) add_counter(SPPM_COUNTER_FLUX + 2u * c, group_flux[c]);
#endif
	}
}
