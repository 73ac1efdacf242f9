// SPPM state shared by the passes (Hachisuka & Jensen 2009), one entry per
// pixel.
#include "lib/loops.glsl"

// Visible point of this iteration, 32 bytes, all a photon's gather reads:
// position and the pixel's current R^2 (0: no visible point this
// iteration); weight = eye-path throughput * albedo / pi (what a photon's
// power is multiplied by) and the normal (facing the eye ray) packed in
// octahedral 2 x 16 bits.
struct VisiblePoint {
	vec4 pos_r2;
	vec4 weight_normal;
};
layout(std430, binding = VISIBLE_POINTS_BINDING) buffer VisiblePoints { VisiblePoint vps[]; };

// This iteration's photons per pixel, ACCUMULATOR_WORDS a pixel: M and the
// flux per channel as 64-bit fixed point in two words (lo, hi), added with
// integer atomics so the sum is exact and independent of the order photons
// arrive in. Words: [0] M, [1..2] red lo/hi, [3..4] green, [5..6] blue.
layout(std430, binding = ACCUMULATORS_BINDING) buffer Accumulators { uint acc[]; };

// Counters, 64-bit ones as (lo, hi) words, at the SPPM_COUNTER_* words
// (shaders/constants.go). The loop words hold the largest loop_check bound
// past LOOP_BUDGET of a group of photons or eye paths (0: none; render.SPPM
// turns it into an error); the image stops taking iterations once either is
// set (loop_failed).
layout(std430, binding = SPPM_COUNTERS_BINDING) buffer Counters { uint counters[SPPM_COUNTER_WORDS]; };

// loop_failed: some photon or eye path of this or an earlier iteration may
// have run past LOOP_BUDGET. Sticky until render.SPPM's Reset, so the host
// reads it back only where it reads back anyway.
bool loop_failed() {
	return (counters[SPPM_COUNTER_PHOTON_LOOP] | counters[SPPM_COUNTER_EYE_LOOP] | counters[SPPM_COUNTER_GRID_FULL]) != 0u;
}

// add_counter adds v to the 64-bit counter at word w.
void add_counter(uint w, uint v) {
	uint old = atomicAdd(counters[w], v);
	if (old + v < old) atomicAdd(counters[w + 1u], 1u);
}

// Loop passes (lib/loops.glsl). llvmpipe counts them per SIMD bundle of
// invocations, and a bundle runs each loop as long as any of its lanes does,
// entering inner loops with lanes masked off. So the kernels bound a
// bundle's passes by a fixed part (every loop at its most, from Go: uniforms
// loop_fixed + loop_step per pass of the kernel's main loop, taken as often
// as the bundle's longest path) plus, summed over the bundle's lanes, the
// passes that depend on where each one goes (loop_var: BVH traversal,
// gather lists), and report a bundle past LOOP_BUDGET (loop_check).
uint loop_var = 0u;   // this lane's data-dependent passes
uint loop_steps = 0u; // passes of this lane's main loop
uniform uint loop_fixed;
uniform uint loop_step;

// loop_check reports, in counters[word], a bundle of invocations that may
// have run past LOOP_BUDGET (see lib/scene.glsl): lanes sum their loop_var
// and take the most loop_steps per aligned 16 invocations of the work group
// (llvmpipe's bundles are 8 or 16 consecutive ones). Every invocation of the
// group calls it, in uniform control flow.
shared uint loop_group_var[4], loop_group_steps[4];
void loop_check(uint word) {
	uint g = gl_LocalInvocationIndex / 16u;
	if (gl_LocalInvocationIndex % 16u == 0u) loop_group_var[g] = loop_group_steps[g] = 0u;
	barrier();
	atomicAdd(loop_group_var[g], loop_var);
	atomicMax(loop_group_steps[g], loop_steps);
	barrier();
	if (gl_LocalInvocationIndex % 16u == 0u) {
		uint bound = loop_fixed + (loop_group_steps[g] + 1u) * loop_step + loop_group_var[g];
		if (bound > LOOP_BUDGET) atomicMax(counters[word], bound);
	}
}

// Hash grid of visible points (render/sppm_grid.go): per bucket the first
// link, per link the next one and what it holds. With GRID_PBRT a link
// holds a point, and each point is linked into every cell within its reach
// (grid_span^3 slots a point); otherwise a point is linked into its own
// cell only and its link, the point's own, holds the cell's key. With
// GRID_STOCHASTIC a bucket holds one point, grid_head[b], picked among the
// points entered into it; grid_links[b] counts them and word
// grid_link_slots + b holds the largest of their pick hashes. The links'
// next words come first, then what they hold (grid_link_slots each): a walk
// that only follows links reads 4 bytes a link, as before links held keys
// (the H200's caustics photon pass ran 8 % slower with 8-byte links).
layout(std430, binding = GRID_HEADS_BINDING) buffer GridHeads { uint grid_head[]; };
layout(std430, binding = GRID_LINKS_BINDING) buffer GridLinks { uint grid_links[]; };
uniform uint grid_link_slots;

uint grid_link_next(uint e) { return grid_links[e]; }
uint grid_link_value(uint e) { return grid_links[grid_link_slots + e]; }
void grid_link_set(uint e, uint next, uint value) {
	grid_links[e] = next;
	grid_links[grid_link_slots + e] = value;
}

uniform uint width;
uniform uint height;
uniform vec3 grid_origin;
uniform float grid_cell;  // render.SPPMConfig.GridCell x the reach
uniform float grid_reach; // the largest radius, padded for rounding, in cells
uniform int grid_span;    // at most this many cells per axis are within reach
uniform uint grid_mask;   // buckets - 1 (a power of two)
uniform float grid_margin; // rounding margin of a reach in scene units
// GRID_STOCHASTIC: this iteration's pick key (pick_hash).
uniform uint grid_pick_key;

// grid_reach_of is the reach of a point of R^2 r2 in scene units: its
// radius with margins past the rounding of sqrt and of grid coordinates
// (GRID_ADAPTIVE's cells, GRID_STOCHASTIC's own reach).
float grid_reach_of(float r2) { return sqrt(r2) * (1.0 + 1.0 / 1024.0) + grid_margin; }

const uint NONE = 0xFFFFFFFFu;

uint grid_hash(ivec3 c) {
	return (uint(c.x * 73856093) ^ uint(c.y * 19349663) ^ uint(c.z * 83492791)) & grid_mask;
}

// grid_key tells a cell from every other cell within 1,024 of it per axis,
// far more than a gather's reach spans.
uint grid_key(ivec3 c) {
	uvec3 k = uvec3(c) & 1023u;
	return k.x | k.y << 10 | k.z << 20;
}

#ifdef GRID_ADAPTIVE
// The adaptive grid (render.GatherAdaptive): each iteration's cells follow
// the radii, which only shrink. The eye pass counts the visible points'
// R^2 in a histogram, the grid's clear pass picks the cell from it
// (grid_pick), and points of R^2 up to counters[SPPM_COUNTER_GRID_R2] are
// linked into their own cell, as GRID_NEAREST8's are; the few larger ones,
// through links from a pool, into a second set of buckets (grid_head from
// grid_mask + 1 on) for every cell within their reach, as GRID_PBRT links
// all points, and a photon walks its own cell's list of them besides its
// 2x2x2 cells.
uniform float radius0_sq;  // the initial R^2: the histogram's top
uniform uint grid_points;  // links below it are the points' own (link i: point i)
uniform uint grid_pool;    // pool links from grid_points on

// The cell is read once an invocation: the counters take atomics, so a
// read of them may go to L2 each time, and every walk waits on the cell.
float grid_cell_read = 0.0;
float grid_cell_size() {
	if (grid_cell_read == 0.0) grid_cell_read = uintBitsToFloat(counters[SPPM_COUNTER_GRID_CELL]);
	return grid_cell_read;
}

// grid_bin is the histogram bin of R^2 r2: GRID_BINS_PER_OCTAVE a halving
// below radius0_sq, the last one holding the rest.
uint grid_bin(float r2) {
	float b = -log2(r2 / radius0_sq) * float(GRID_BINS_PER_OCTAVE);
	return uint(clamp(b, 0.0, float(GRID_HIST_BINS - 1u)));
}

// grid_bin_top is the R^2 at the top of bin b.
float grid_bin_top(uint b) { return radius0_sq * exp2(-float(b) / float(GRID_BINS_PER_OCTAVE)); }

#else
float grid_cell_size() { return grid_cell; }
#endif

vec3 grid_coords(vec3 p) { return (p - grid_origin) / grid_cell_size(); }

ivec3 grid_cell_of(vec3 p) { return ivec3(floor(grid_coords(p))); }

// The box of cells that overlap grid_reach around grid coordinates g
// (grid_span a side at most, which render/sppm_grid.go shows is enough):
// cells 0 .. grid_box_cells - 1 from grid_box_lo.
struct GridBox {
	ivec3 lo, size;
};
// grid_box_within is the same box for a reach of at most grid_reach.
GridBox grid_box_within(vec3 g, float reach) {
	ivec3 lo = ivec3(floor(g - reach));
	return GridBox(lo, min(ivec3(floor(g + reach)) - lo + 1, ivec3(grid_span)));
}
GridBox grid_box(vec3 g) { return grid_box_within(g, grid_reach); }
int grid_box_cells(GridBox b) { return b.size.x * b.size.y * b.size.z; }
ivec3 grid_box_cell(GridBox b, int k) {
	return b.lo + ivec3(k % b.size.x, (k / b.size.x) % b.size.y, k / (b.size.x * b.size.y));
}

// grid_within: some of the cell is within reach of g.
bool grid_within(vec3 g, ivec3 cell, float reach) {
	vec3 gap = max(max(vec3(cell) - g, g - vec3(cell + 1)), vec3(0.0));
	return dot(gap, gap) <= reach * reach;
}
bool grid_within_reach(vec3 g, ivec3 cell) { return grid_within(g, cell, grid_reach); }

// pick_hash is visible point i's pick hash this iteration (GRID_STOCHASTIC):
// a bijection of i (Wellons' lowbias32 finaliser of i ^ grid_pick_key), so
// no two points of a bucket tie for its largest.
uint pick_hash(uint i) {
	uint x = i ^ grid_pick_key;
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	return x ^ x >> 16;
}

// Octahedral normal encoding (Cigolle et al. 2014) in two snorm16s.
vec2 oct_wrap(vec2 v) { return (1.0 - abs(v.yx)) * vec2(v.x >= 0.0 ? 1.0 : -1.0, v.y >= 0.0 ? 1.0 : -1.0); }
float pack_normal(vec3 n) {
	n /= abs(n.x) + abs(n.y) + abs(n.z);
	vec2 e = n.z >= 0.0 ? n.xy : oct_wrap(n.xy);
	return uintBitsToFloat(packSnorm2x16(e));
}
vec3 unpack_normal(float f) {
	vec2 e = unpackSnorm2x16(floatBitsToUint(f));
	vec3 n = vec3(e, 1.0 - abs(e.x) - abs(e.y));
	if (n.z < 0.0) n.xy = oct_wrap(n.xy);
	return normalize(n);
}
