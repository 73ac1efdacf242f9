// SPPM grid build. GRID_CLEAR: empty every bucket. Otherwise: link each valid
// visible point into the bucket of its cell (with its key, unless
// GRID_NEAREST8's walk needs none), or with GRID_PBRT of every cell within
// its reach (lib/sppm.glsl; the order within a bucket varies
// from run to run; the sums gathered from it do not, being integer).
// GRID_STOCHASTIC enters each point into the buckets of the cells within its
// own radius's reach in two passes: the first counts the points of each
// bucket and keeps the largest of their pick hashes, the second
// (GRID_PICK) makes the point whose hash that is the bucket's point, the
// same point whatever order the passes run in.
layout(local_size_x = 128) in;
#include "lib/invocation.glsl"
#include "lib/sppm.glsl"

uniform uint count; // buckets (GRID_CLEAR) or pixels

#if defined(GRID_PBRT) || defined(GRID_STOCHASTIC)
// enter enters point i into bucket b (its slot'th bucket), once per bucket.
void enter(uint i, uint b, uint slot, uint hash) {
#ifdef GRID_PBRT
	grid_link_set(slot, atomicExchange(grid_head[b], slot), i);
#elif defined(GRID_PICK)
	if (grid_links[grid_link_slots + b] == hash) grid_head[b] = i;
#else
	atomicAdd(grid_links[b], 1u);
	atomicMax(grid_links[grid_link_slots + b], hash);
#endif
}

// enter_within enters point i at p into every cell within reach, once per
// bucket (a bucket holding the point twice would add to it twice): at most
// GRID_SPAN_MAX^3 cells, each compared with the buckets before it, about
// 16,000 loop passes.
void enter_within(uint i, vec3 p, float reach, uint hash) {
	uint slot = i * uint(grid_span * grid_span * grid_span);
	uint seen[GRID_SPAN_MAX * GRID_SPAN_MAX * GRID_SPAN_MAX];
	uint used = 0u;
	vec3 g = grid_coords(p);
	GridBox box = grid_box_within(g, reach);
	for (int k = 0; k < grid_box_cells(box); k++) {
		ivec3 cell = grid_box_cell(box, k);
		if (!grid_within(g, cell, reach)) continue;
		uint b = grid_hash(cell);
		bool dup = false;
		for (uint j = 0u; j < used; j++) dup = dup || seen[j] == b;
		if (dup) continue;
		seen[used] = b;
		enter(i, b, slot + used, hash);
		used++;
	}
}
#endif

#if defined(GRID_ADAPTIVE) && defined(GRID_CLEAR)
// grid_pick (work group 0 of the clear pass) picks this iteration's cell
// from the histogram of the visible points' R^2. Candidate c links the
// points of bins c.. into their own cell (cells twice the reach of bin c's
// top) and the larger ones into every cell within their reach. A photon
// reads the links of 8 cells, so the expected reads go as the cell's area
// times the links: each small point one, a large one about
// (2 reach + 1)^2 on a surface. It takes the candidate of fewest reads
// whose large points reach at most 1.9 cells (GRID_SPAN_MAX = 5 a side)
// and fill at most half the pool at span^3 links each; the largest bin's
// candidate, every point in its own cell, always qualifies. It then empties
// the histogram and the pool.
//
// grid_own_cells (an iteration that deposits by points, sppm_points.comp)
// takes that candidate: there a photon walks no grid, and the large points'
// links and boxes cost more than the smaller cells save.
uniform uint grid_own_cells;
shared uint pick_hist[GRID_HIST_BINS];
shared float pick_cost[GRID_HIST_BINS];
shared uint pick_top;
void grid_pick() {
	uint c = gl_LocalInvocationIndex;
	if (c == 0u) pick_top = GRID_HIST_BINS - 1u;
	barrier();
	for (uint b = c; b < GRID_HIST_BINS; b += gl_WorkGroupSize.x) {
		pick_hist[b] = counters[SPPM_COUNTER_GRID_HIST + b];
		pick_cost[b] = -1.0;
		if (pick_hist[b] != 0u) atomicMin(pick_top, b);
	}
	barrier();
	if (c < GRID_HIST_BINS && c >= pick_top && grid_own_cells == 0u) {
		float cell = 2.0 * grid_reach_of(grid_bin_top(c));
		// (Floats: a bin's points times span^3 passes 2^32 at 16384^2 pixels.)
		float reads = 0.0, links = 0.0;
		bool ok = true;
		for (uint b = 0u; b < GRID_HIST_BINS; b++) {
			float n = float(pick_hist[b]);
			if (b >= c || n == 0.0) {
				reads += n;
				continue;
			}
			float reach = grid_reach_of(grid_bin_top(b)) / cell;
			uint span = uint(ceil(2.0 * reach)) + 1u;
			ok = ok && reach <= 1.9;
			reads += n * (2.0 * reach + 1.0) * (2.0 * reach + 1.0);
			links += n * float(span * span * span);
		}
		if (ok && links <= float(grid_pool / 2u)) pick_cost[c] = reads * cell * cell;
	}
	barrier();
	if (c == 0u) {
		uint best = pick_top;
		for (uint b = pick_top + 1u; b < GRID_HIST_BINS; b++) {
			if (pick_cost[b] >= 0.0 && pick_cost[b] < pick_cost[best]) best = b;
		}
		float r2 = grid_bin_top(best);
		counters[SPPM_COUNTER_GRID_R2] = floatBitsToUint(r2);
		counters[SPPM_COUNTER_GRID_CELL] = floatBitsToUint(2.0 * grid_reach_of(r2));
		counters[SPPM_COUNTER_GRID_POOL] = 0u;
	}
	for (uint b = c; b < GRID_HIST_BINS; b += gl_WorkGroupSize.x) counters[SPPM_COUNTER_GRID_HIST + b] = 0u;
}
#endif

#if defined(GRID_ADAPTIVE) && !defined(GRID_CLEAR)
// grid_spread links point i, larger than the iteration's own-cell R^2, into
// the large points' bucket of every cell within its reach, once a bucket
// (as GRID_PBRT links), through links from the pool: one atomic takes them
// all, so the links' atomics do not wait on each other. A point the pool or
// GRID_SPAN_MAX cannot hold fails the render (grid_pick's bounds make it
// never expected).
void grid_spread(uint i, vec4 p) {
	vec3 g = grid_coords(p.xyz);
	float reach = grid_reach_of(p.w) / grid_cell_size();
	ivec3 lo = ivec3(floor(g - reach));
	ivec3 size = ivec3(floor(g + reach)) - lo + 1;
	if (any(greaterThan(size, ivec3(GRID_SPAN_MAX)))) {
		atomicMax(counters[SPPM_COUNTER_GRID_FULL], 1u);
		return;
	}
	uint seen[GRID_SPAN_MAX * GRID_SPAN_MAX * GRID_SPAN_MAX];
	uint used = 0u;
	for (int k = 0; k < size.x * size.y * size.z; k++) {
		ivec3 cell = lo + ivec3(k % size.x, (k / size.x) % size.y, k / (size.x * size.y));
		vec3 gap = max(max(vec3(cell) - g, g - vec3(cell + 1)), vec3(0.0));
		if (dot(gap, gap) > reach * reach) continue;
		uint b = grid_hash(cell);
		bool dup = false;
		for (uint j = 0u; j < used; j++) dup = dup || seen[j] == b;
		if (dup) continue;
		seen[used] = b;
		used++;
	}
	uint slot = atomicAdd(counters[SPPM_COUNTER_GRID_POOL], used);
	if (slot + used > grid_pool) {
		atomicMax(counters[SPPM_COUNTER_GRID_FULL], 1u);
		return;
	}
	for (uint j = 0u; j < used; j++) {
		uint e = grid_points + slot + j;
		grid_links[grid_link_slots + e] = i;
		grid_links[e] = atomicExchange(grid_head[grid_mask + 1u + seen[j]], e);
	}
}
#endif

void main() {
	uint i = linear_invocation();
#if defined(GRID_ADAPTIVE) && defined(GRID_CLEAR)
	if (linear_group() == 0u) grid_pick();
#endif
	if (i >= count) return;
#ifdef GRID_CLEAR
	grid_head[i] = NONE;
#ifdef GRID_STOCHASTIC
	grid_links[i] = 0u;
	grid_links[grid_link_slots + i] = 0u;
#endif
#else
	vec4 p = vps[i].pos_r2;
	if (p.w == 0.0) return;
#ifdef GRID_ADAPTIVE
	if (p.w <= uintBitsToFloat(counters[SPPM_COUNTER_GRID_R2])) {
		grid_links[i] = atomicExchange(grid_head[grid_hash(grid_cell_of(p.xyz))], i);
	} else {
		grid_spread(i, p);
	}
#elif defined(GRID_PBRT)
	enter_within(i, p.xyz, grid_reach, 0u);
#elif defined(GRID_STOCHASTIC)
	// The point's own reach (radii only shrink: never past grid_reach).
	enter_within(i, p.xyz, min(grid_reach_of(p.w) / grid_cell, grid_reach), pick_hash(i));
#elif defined(GRID_NEAREST8)
	// The 2x2x2 walk de-duplicates buckets and needs no key.
	grid_links[i] = atomicExchange(grid_head[grid_hash(grid_cell_of(p.xyz))], i);
#else
	ivec3 c = grid_cell_of(p.xyz);
	grid_link_set(i, atomicExchange(grid_head[grid_hash(c)], i), grid_key(c));
#endif
#endif
}
