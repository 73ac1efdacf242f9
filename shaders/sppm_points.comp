// SPPM photon-side gather (render.DepositPoints): one invocation per pixel
// walks the cells around its visible point in the photon buckets that
// sppm_points_sort.comp filled, tests each hit there with gathers_at (the
// photon pass's test, the same expression: the same pairs accepted), sums
// M and the fixed-point flux itself, each photon's flux rounded as add
// rounds it, and adds its sums to its accumulator once. The cells are the
// visible-point grid's (its size and reach): every hit within reach of the
// point lies in them, as every point within reach of a hit lies in the
// cells the photon pass walks.
layout(local_size_x = 64) in;
#define DEPOSIT_DEFERRED 1
#define DEPOSIT_POINTS 1
#include "lib/invocation.glsl"
#include "lib/gather.glsl"

uniform uint count; // pixels

shared bool group_skip; // a failed render gathers no more (loop_failed)

// The point's sums: photons, and the flux per channel in 64 bits (lo, hi).
uint sum_m = 0u;
uvec3 sum_lo = uvec3(0u), sum_hi = uvec3(0u);

// take adds the i-th hit in bucket order to the sums if the point at p
// (R^2 p.w), packed normal pn and weight gathers it: one pass of a bucket's
// loop.
void take(uint i, vec4 p, float pn, vec3 weight) {
	loop_var++;
	if (!gathers_at(p, pn, points_vec3(i, 0u), points_vec3(i, 3u))) return;
	sum_m++;
	uvec3 q = fixed_power(points_vec3(i, 6u), weight);
	sum_lo += q;
	sum_hi += uvec3(lessThan(sum_lo, q)); // the carries
}

// gather_point sums the hits that visible point v gathers.
void gather_point(uint v) {
	vec4 p = vps[v].pos_r2;
	if (p.w == 0.0) return; // no visible point: not in the grid either
	vec4 wn = vps[v].weight_normal;
#ifdef GRID_NEAREST8
	// Cells of at least twice the reach: the 2x2x2 cells from the box's low
	// corner hold every hit within reach; each bucket walked once (two cells
	// may share one), a hit being in its own cell's bucket only.
	ivec3 lo = ivec3(floor(grid_coords(p.xyz) - grid_reach));
	uint seen[8];
	for (int k = 0; k < 8; k++) {
		uint b = photon_bucket(lo + ivec3(k & 1, (k >> 1) & 1, (k >> 2) & 1));
		bool dup = false;
		for (int j = 0; j < k; j++) dup = dup || seen[j] == b;
		seen[k] = b;
		if (dup) continue;
		for (uint i = bucket_words[b]; i < bucket_words[b + 1u]; i++) take(i, p, wn.w, wn.xyz);
	}
#else
	// The cells within reach, each once; a bucket two of them share is read
	// twice, and a hit taken from its own cell's walk only (its key).
	vec3 g = grid_coords(p.xyz);
	GridBox box = grid_box(g);
	for (int k = 0; k < grid_box_cells(box); k++) {
		ivec3 cell = grid_box_cell(box, k);
		if (!grid_within_reach(g, cell)) continue;
		uint key = grid_key(cell);
		uint b = photon_bucket(cell);
		for (uint i = bucket_words[b]; i < bucket_words[b + 1u]; i++) {
			if (hit_words[points_word(i, HIT_RECORD_FIELDS)] == key) take(i, p, wn.w, wn.xyz);
			else loop_var++;
		}
	}
#endif
	if (sum_m == 0u) return;
	uint a = ACCUMULATOR_WORDS * v;
	atomicAdd(acc[a], sum_m);
	flush64(a + 1u, sum_lo.r, sum_hi.r);
	flush64(a + 3u, sum_lo.g, sum_hi.g);
	flush64(a + 5u, sum_lo.b, sum_hi.b);
}

void main() {
	if (gl_LocalInvocationIndex == 0u) group_skip = loop_failed();
	barrier();
	uint v = linear_invocation();
	if (!group_skip && v < count) gather_point(v);
	// The walk's loops (loop_fixed: the cells' loop and each one's entries)
	// and the hits read (loop_var).
	loop_check(SPPM_COUNTER_PHOTON_LOOP);
}
