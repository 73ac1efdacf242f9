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

void main() {
	uint i = linear_invocation();
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
#ifdef GRID_PBRT
	enter_within(i, p.xyz, grid_reach, 0u);
#elif defined(GRID_STOCHASTIC)
	// The point's own radius, padded as grid_reach pads the initial one
	// (radii only shrink: never past grid_reach).
	enter_within(i, p.xyz, min(sqrt(p.w) / grid_cell + grid_margin, grid_reach), pick_hash(i));
#elif defined(GRID_NEAREST8)
	// The 2x2x2 walk de-duplicates buckets and needs no key.
	grid_links[i] = atomicExchange(grid_head[grid_hash(grid_cell_of(p.xyz))], i);
#else
	ivec3 c = grid_cell_of(p.xyz);
	grid_link_set(i, atomicExchange(grid_head[grid_hash(c)], i), grid_key(c));
#endif
#endif
}
