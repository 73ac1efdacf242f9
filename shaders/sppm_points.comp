// SPPM photon-side gather (render.DepositPoints): one invocation per pixel
// walks the cells around its visible point in the photon buckets that
// sppm_points_sort.comp filled, tests each hit there with gather_near and
// gather_faces (the photon pass's test, the same expressions: the same
// pairs accepted), sums
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
	if (!gather_near(p.xyz, p.w, points_vec3(i, 0u)) || !gather_faces(pn, points_vec3(i, 3u))) return;
	sum_m++;
	uvec3 q = fixed_power(points_vec3(i, 6u), weight);
	sum_lo += q;
	sum_hi += uvec3(lessThan(sum_lo, q)); // the carries
}

// take_bucket takes every hit of bucket b, or with key != NONE those of the
// cell of that key only.
void take_bucket(uint b, uint key, vec4 p, vec4 wn) {
	for (uint i = bucket_words[b]; i < bucket_words[b + 1u]; i++) {
		if (key == NONE || hit_words[points_word(i, HIT_RECORD_FIELDS)] == key) take(i, p, wn.w, wn.xyz);
		else loop_var++;
	}
}

// walk_near8 takes the hits of the 2x2x2 cells from the low corner of the
// reach around grid coordinates g: cells of at least twice the reach hold
// every hit within it. Each bucket once (two cells may share one), a hit
// being in its own cell's bucket only.
void walk_near8(vec3 g, vec4 p, vec4 wn) {
	ivec3 lo = ivec3(floor(g - grid_reach));
	uint seen[8];
	for (int k = 0; k < 8; k++) {
		uint b = photon_bucket(lo + ivec3(k & 1, (k >> 1) & 1, (k >> 2) & 1));
		bool dup = false;
		for (int j = 0; j < k; j++) dup = dup || seen[j] == b;
		seen[k] = b;
		if (!dup) take_bucket(b, NONE, p, wn);
	}
}

// walk_box takes the hits of the cells within reach (in cells) of g, at
// most span a side (as grid_box and grid_within_reach, or the adaptive
// grid's grid_spread, pick them), each cell once and each hit from its own
// cell's walk only (its key): a bucket two cells share is read twice.
void walk_box(vec3 g, float reach, int span, vec4 p, vec4 wn) {
	ivec3 lo = ivec3(floor(g - reach));
	ivec3 size = min(ivec3(floor(g + reach)) - lo + 1, ivec3(span));
	for (int k = 0; k < size.x * size.y * size.z; k++) {
		ivec3 cell = lo + ivec3(k % size.x, (k / size.x) % size.y, k / (size.x * size.y));
		vec3 gap = max(max(vec3(cell) - g, g - vec3(cell + 1)), vec3(0.0));
		if (dot(gap, gap) > reach * reach) continue;
		take_bucket(photon_bucket(cell), grid_key(cell), p, wn);
	}
}

// gather_point sums the hits that visible point v gathers and adds them to
// its accumulator. The cells walked hold every hit within the point's
// reach, as the photon pass finds every point within a hit's reach: the
// 2x2x2 cells (GRID_NEAREST8), the box within the grid's reach (other cell
// sizes), and with GRID_ADAPTIVE the 2x2x2 cells for a point no larger
// than the iteration's own-cell R^2 and the box within its own reach for a
// larger one (the cells grid_spread links it into).
void gather_point(uint v) {
	vec4 p = vps[v].pos_r2;
	if (p.w == 0.0) return; // no visible point: not in the grid either
	vec4 wn = vps[v].weight_normal;
	vec3 g = grid_coords(p.xyz);
#if defined(GRID_ADAPTIVE)
	if (p.w <= uintBitsToFloat(counters[SPPM_COUNTER_GRID_R2])) walk_near8(g, p, wn);
	else walk_box(g, grid_reach_of(p.w) / grid_cell_size(), GRID_SPAN_MAX, p, wn);
#elif defined(GRID_NEAREST8)
	walk_near8(g, p, wn);
#else
	walk_box(g, grid_reach, grid_span, p, wn);
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
	// The walk's loops (loop_fixed: the cells' loops and what each pass
	// enters) and the hits read (loop_var).
	loop_check(SPPM_COUNTER_PHOTON_LOOP);
}
