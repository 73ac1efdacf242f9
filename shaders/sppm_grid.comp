// SPPM grid build. GRID_CLEAR: empty every bucket. Otherwise: link each valid
// visible point, with its cell's key, into the bucket of its cell (the order within a bucket varies
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
	ivec3 c = grid_cell_of(p.xyz);
	grid_links[i] = uvec2(atomicExchange(grid_head[grid_hash(c)], i), grid_key(c));
#endif
}
