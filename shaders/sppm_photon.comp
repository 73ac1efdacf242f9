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
uniform float flux_scale;  // fixed-point units per unit of flux
uniform int max_bounces;

// bench render --breakdown builds two cut-down passes: PHOTON_TRACE_ONLY
// leaves out the gather (deposit), PHOTON_NO_ATOMICS walks the grid and
// tests the visible points but counts the ones it would add to instead of
// adding (the count joins the bounce counter, so the walk is not optimised
// away). Neither makes a picture.
#ifdef PHOTON_NO_ATOMICS
uint walked = 0u;
#endif

// 64-bit fixed-point add in two words: the carry goes to the high word.
void add64(uint base, float v) {
	uint q = uint(v * flux_scale + 0.5);
	if (q == 0u) return;
	uint old = atomicAdd(acc[base], q);
	if (old + q < old) atomicAdd(acc[base + 1u], 1u);
}

// gathers: visible point v is within its own radius of x and its normal
// faces n.
bool gathers(uint v, vec3 x, vec3 n) {
	vec4 p = vps[v].pos_r2;
	vec3 d = p.xyz - x;
	return dot(d, d) <= p.w && dot(unpack_normal(vps[v].weight_normal.w), n) >= 0.9;
}

// add adds the photon's power times visible point v's weight to v.
void add(uint v, vec3 power) {
#ifdef PHOTON_NO_ATOMICS
	walked++;
#else
	vec3 f = power * vps[v].weight_normal.xyz;
	uint a = ACCUMULATOR_WORDS * v;
	atomicAdd(acc[a], 1u);
	add64(a + 1u, f.r);
	add64(a + 3u, f.g);
	add64(a + 5u, f.b);
#endif
}

// deposit adds the photon's power to every visible point that gathers it.
#ifdef GRID_PBRT
// The points are linked into every cell within their reach: a photon walks
// its own cell's bucket, where each point is once.
void deposit(vec3 x, vec3 n, vec3 power) {
	for (uint e = grid_head[grid_hash(grid_cell_of(x))]; e != NONE; e = grid_link_next(e)) {
		loop_var++;
		uint v = grid_link_value(e);
		if (gathers(v, x, n)) add(v, power);
	}
}
#elif defined(GRID_NEAREST8)
// Cells of at least twice the reach (grid_span 2): the 2x2x2 cells from the
// box's low corner hold every point within reach, each bucket is walked once
// (two cells may share one), and a point is in one bucket only, so no key
// test: the walk before other cell sizes came, which the H200 ran faster
// than the general one below (README, Performance).
void deposit(vec3 x, vec3 n, vec3 power) {
	ivec3 lo = ivec3(floor(grid_coords(x) - grid_reach));
	uint seen[8];
	for (int k = 0; k < 8; k++) {
		uint b = grid_hash(lo + ivec3(k & 1, (k >> 1) & 1, (k >> 2) & 1));
		bool dup = false;
		for (int j = 0; j < k; j++) dup = dup || seen[j] == b;
		seen[k] = b;
		if (dup) continue;
		for (uint v = grid_head[b]; v != NONE; v = grid_link_next(v)) {
			loop_var++;
			if (gathers(v, x, n)) add(v, power);
		}
	}
}
#else
// The points are linked into their own cell: a photon walks the cells within
// its reach, and takes a point only from the point's own cell (the key on its
// link), so a bucket that two walked cells share is read twice but adds once.
void deposit(vec3 x, vec3 n, vec3 power) {
	vec3 g = grid_coords(x);
	GridBox box = grid_box(g);
	for (int k = 0; k < grid_box_cells(box); k++) {
		ivec3 cell = grid_box_cell(box, k);
		if (!grid_within_reach(g, cell)) continue;
		uint key = grid_key(cell);
		for (uint v = grid_head[grid_hash(cell)]; v != NONE; v = grid_link_next(v)) {
			loop_var++;
			if (gathers(v, x, n) && grid_link_value(v) == key) add(v, power);
		}
	}
}
#endif

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
#ifndef PHOTON_TRACE_ONLY
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
#ifdef FLUX_TALLY
		for (uint c = 0u; c < 3u; c++) add_counter(SPPM_COUNTER_FLUX + 2u * c, group_flux[c]);
#endif
	}
}
