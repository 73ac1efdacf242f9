// SPPM grid build. GRID_CLEAR: empty every bucket. Otherwise: link each valid
// visible point into the bucket of its cell (with its key, unless
// GRID_NEAREST8's walk needs none), or with GRID_PBRT of every cell within
// its reach (lib/sppm.glsl; the order within a bucket varies
// from run to run; the sums gathered from it do not, being integer).
layout(local_size_x = 128) in;
#include "lib/invocation.glsl"
#include "lib/sppm.glsl"

uniform uint count; // buckets (GRID_CLEAR) or pixels

void main() {
	uint i = linear_invocation();
	if (i >= count) return;
#ifdef GRID_CLEAR
	grid_head[i] = NONE;
#else
	vec4 p = vps[i].pos_r2;
	if (p.w == 0.0) return;
#ifdef GRID_PBRT
	// Into every cell within reach, once per bucket (a bucket holding the
	// point twice would add to it twice): at most GRID_SPAN_MAX^3 cells,
	// each compared with the buckets before it, about 16,000 loop passes.
	uint slot = i * uint(grid_span * grid_span * grid_span);
	uint seen[GRID_SPAN_MAX * GRID_SPAN_MAX * GRID_SPAN_MAX];
	uint used = 0u;
	vec3 g = grid_coords(p.xyz);
	GridBox box = grid_box(g);
	for (int k = 0; k < grid_box_cells(box); k++) {
		ivec3 cell = grid_box_cell(box, k);
		if (!grid_within_reach(g, cell)) continue;
		uint b = grid_hash(cell);
		bool dup = false;
		for (uint j = 0u; j < used; j++) dup = dup || seen[j] == b;
		if (dup) continue;
		seen[used] = b;
		grid_link_set(slot + used, atomicExchange(grid_head[b], slot + used), i);
		used++;
	}
#elif defined(GRID_NEAREST8)
	// The 2x2x2 walk de-duplicates buckets and needs no key.
	grid_links[i] = atomicExchange(grid_head[grid_hash(grid_cell_of(p.xyz))], i);
#else
	ivec3 c = grid_cell_of(p.xyz);
	grid_link_set(i, atomicExchange(grid_head[grid_hash(c)], i), grid_key(c));
#endif
#endif
}
