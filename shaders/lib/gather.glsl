// The gather: a photon's power at a diffuse hit goes to the visible points
// near it. The photon pass calls deposit at each hit (inline), or stores the
// hit for sppm_gather.comp to deposit (DEPOSIT_DEFERRED); one copy serves
// both, and the integer atomics make the sums the same in any order.
#include "lib/sppm.glsl"

uniform float flux_scale; // fixed-point units per unit of flux

// bench render --breakdown builds two cut-down passes: PHOTON_TRACE_ONLY
// leaves out the gather (deposit), PHOTON_NO_ATOMICS walks the grid and
// tests the visible points but counts the ones it would add to instead of
// adding (the count joins the bounce counter, so the walk is not optimised
// away). Neither makes a picture.
#ifdef PHOTON_NO_ATOMICS
uint walked = 0u;
#endif

// fixed_flux is flux v in fixed-point units, as every deposit rounds it.
uint fixed_flux(float v) { return uint(v * flux_scale + 0.5); }

// 64-bit fixed-point add in two words: the carry goes to the high word.
void add64(uint base, float v) {
	uint q = fixed_flux(v);
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

#ifdef DEPOSIT_COMBINED
#include "lib/combine.glsl"
// A walked point's loop passes: its list's pass and the entry of
// combine_add's probe loop.
#define POINT_LOOPS 2u
#else
#define POINT_LOOPS 1u
#endif

// add adds the photon's power times visible point v's weight to v.
void add(uint v, vec3 power) {
#ifdef PHOTON_NO_ATOMICS
	walked++;
#else
	vec3 f = power * vps[v].weight_normal.xyz;
#ifdef DEPOSIT_COMBINED
	if (combine_add(v, f)) return;
#endif
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
		loop_var += POINT_LOOPS;
		uint v = grid_link_value(e);
		if (gathers(v, x, n)) add(v, power);
	}
}
#elif defined(GRID_NEAREST8)
// Cells of at least twice the reach (grid_span 2): the 2x2x2 cells from the
// box's low corner hold every point within reach, each bucket is walked once
// (two cells may share one), and a point is in one bucket only, so no key
// test: the walk before other cell sizes came, which the H200 ran faster
// than the general one below (README, Performance). GRID_ADAPTIVE adds the
// large points' pool links (lib/sppm.glsl).
void deposit(vec3 x, vec3 n, vec3 power) {
	vec3 g = grid_coords(x);
	ivec3 lo = ivec3(floor(g - grid_reach));
#ifdef GRID_ADAPTIVE
	uint own = grid_key(ivec3(floor(g)));
#endif
	uint seen[8];
	for (int k = 0; k < 8; k++) {
		uint b = grid_hash(lo + ivec3(k & 1, (k >> 1) & 1, (k >> 2) & 1));
		bool dup = false;
		for (int j = 0; j < k; j++) dup = dup || seen[j] == b;
		seen[k] = b;
		if (dup) continue;
		for (uint e = grid_head[b]; e != NONE; e = grid_link_next(e)) {
			loop_var += POINT_LOOPS;
			uint v = e;
#ifdef GRID_ADAPTIVE
			// A pool link: a large point, taken from the photon's own cell.
			if (e >= grid_points) {
				if (grid_link_key(e) != own) continue;
				v = grid_link_value(e);
			}
#endif
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
			loop_var += POINT_LOOPS;
			if (gathers(v, x, n) && grid_link_value(v) == key) add(v, power);
		}
	}
}
#endif

#ifdef DEPOSIT_DEFERRED
// Deferred hits (render/sppm_deposit.go): the photon pass's work group g
// owns records g * hit_group_slots .. + hit_group_slots - 1 and writes how
// many it filled to word g; a record is what deposit reads, bit for bit:
// x, n and power by component, nine fields of one word per slot after the
// hit_groups counts (a field of consecutive records is contiguous:
// coalesced loads on a GPU); HIT_RECORD_FIELDS fields in all.
layout(std430, binding = DEFERRED_HITS_BINDING) buffer DeferredHits { uint hit_words[]; };
uniform uint hit_groups;      // work groups the buffer holds regions for
uniform uint hit_group_slots; // records a group's region holds

uint hit_word(uint field, uint r) { return hit_groups + field * hit_groups * hit_group_slots + r; }

// No loops: llvmpipe would count their passes (lib/loops.glsl).
void hit_store(uint r, vec3 x, vec3 n, vec3 power) {
	hit_words[hit_word(0u, r)] = floatBitsToUint(x.x);
	hit_words[hit_word(1u, r)] = floatBitsToUint(x.y);
	hit_words[hit_word(2u, r)] = floatBitsToUint(x.z);
	hit_words[hit_word(3u, r)] = floatBitsToUint(n.x);
	hit_words[hit_word(4u, r)] = floatBitsToUint(n.y);
	hit_words[hit_word(5u, r)] = floatBitsToUint(n.z);
	hit_words[hit_word(6u, r)] = floatBitsToUint(power.r);
	hit_words[hit_word(7u, r)] = floatBitsToUint(power.g);
	hit_words[hit_word(8u, r)] = floatBitsToUint(power.b);
}

vec3 hit_vec3(uint field, uint r) {
	return uintBitsToFloat(uvec3(hit_words[hit_word(field, r)], hit_words[hit_word(field + 1u, r)], hit_words[hit_word(field + 2u, r)]));
}

// DEPOSIT_SORTED (render.DepositSorted) orders the records by a coarse
// spatial key before the gather (sppm_sort.comp), so that the invocations
// of a warp walk the same cells: after the record's fields, field
// SORT_ORDER_FIELD holds the records in that order, then come
// DEPOSIT_SORT_BINS bins (counts, then offsets) and the number of records.
const uint SORT_ORDER_FIELD = HIT_RECORD_FIELDS;
uint sort_bin_word(uint bin) { return hit_word(SORT_ORDER_FIELD + 1u, 0u) + bin; }
uint sort_total_word() { return sort_bin_word(DEPOSIT_SORT_BINS); }

// part1by2 spreads the low 10 bits of v to every third bit.
uint part1by2(uint v) {
	v &= 0x3FFu;
	v = (v | v << 16) & 0x30000FFu;
	v = (v | v << 8) & 0x300F00Fu;
	v = (v | v << 4) & 0x30C30C3u;
	return (v | v << 2) & 0x9249249u;
}

// sort_bin: the Morton code of the 2x2x2-cell block that holds x, its low
// bits (blocks DEPOSIT_SORT_BINS apart share a bin; any key keeps the sums
// exact, a coarse local one keeps a warp's walks together).
uint sort_bin(vec3 x) {
	uvec3 b = uvec3(grid_cell_of(x) >> 1);
	return (part1by2(b.x) | part1by2(b.y) << 1 | part1by2(b.z) << 2) & (DEPOSIT_SORT_BINS - 1u);
}
#endif
