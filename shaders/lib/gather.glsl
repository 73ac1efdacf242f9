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

// fixed_flux is flux v in fixed-point units, as every deposit rounds it
// (precise: no kernel may fuse the multiply and the add, so every deposit
// mode, render.DepositPoints's per-point sums included, rounds alike).
uint fixed_flux(float v) {
	precise float q = v * flux_scale + 0.5;
	return uint(q);
}

// fixed_power is the photon's power times a visible point's weight in
// fixed-point units per channel, as add and sppm_points.comp round it.
uvec3 fixed_power(vec3 power, vec3 weight) {
	precise vec3 f = power * weight;
	return uvec3(fixed_flux(f.r), fixed_flux(f.g), fixed_flux(f.b));
}

// 64-bit fixed-point add in two words: the carry goes to the high word.
void add64(uint base, uint q) {
	if (q == 0u) return;
	uint old = atomicAdd(acc[base], q);
	if (old + q < old) atomicAdd(acc[base + 1u], 1u);
}

// flush64 adds the 64-bit sum (lo, hi) to the accumulator words w, w + 1:
// one atomic a word, the low word's carry joining the high word's add (the
// same sum as adding its parts one by one with add64).
void flush64(uint w, uint lo, uint hi) {
	uint old = lo == 0u ? 0u : atomicAdd(acc[w], lo);
	uint carry = old + lo < old ? 1u : 0u;
	if (hi + carry != 0u) atomicAdd(acc[w + 1u], hi + carry);
}

// The gather's test, the one expression every deposit mode evaluates
// (precise: the same rounding in every kernel, so they accept the same
// pairs): a point at p of R^2 r2 with packed normal pn takes a photon at x
// of facing normal n if gather_near and gather_faces. The normal is read
// and unpacked only for a point within reach (an H200's photon pass ran
// 4-13 % slower testing both for every point walked).
bool gather_near(vec3 p, float r2, vec3 x) {
	precise vec3 d = p - x;
	precise float d2 = dot(d, d);
	return d2 <= r2;
}
bool gather_faces(float pn, vec3 n) {
	precise float facing = dot(unpack_normal(pn), n);
	return facing >= 0.9;
}

// gathers: visible point v is within its own radius of x and its normal
// faces n.
bool gathers(uint v, vec3 x, vec3 n) {
	vec4 p = vps[v].pos_r2;
	return gather_near(p.xyz, p.w, x) && gather_faces(vps[v].weight_normal.w, n);
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
	uvec3 q = fixed_power(power, vps[v].weight_normal.xyz);
#ifdef DEPOSIT_COMBINED
	if (combine_add(v, q)) return;
#endif
	uint a = ACCUMULATOR_WORDS * v;
	atomicAdd(acc[a], 1u);
	add64(a + 1u, q.r);
	add64(a + 3u, q.g);
	add64(a + 5u, q.b);
#endif
}

#ifdef GRID_STOCHASTIC
// add_times adds the photon's power times visible point v's weight to v
// times times over (M too): the flux's fixed-point deposit times times as a
// 64-bit product, exact.
void add64_times(uint base, float v, uint times) {
	uint q = fixed_flux(v);
	if (q == 0u) return;
	uint hi, lo;
	umulExtended(q, times, hi, lo);
	uint old = atomicAdd(acc[base], lo);
	if (old + lo < old) hi++;
	if (hi != 0u) atomicAdd(acc[base + 1u], hi);
}
void add_times(uint v, vec3 power, uint times) {
#ifdef PHOTON_NO_ATOMICS
	walked++;
#else
	vec3 f = power * vps[v].weight_normal.xyz;
	uint a = ACCUMULATOR_WORDS * v;
	atomicAdd(acc[a], times);
	add64_times(a + 1u, f.r, times);
	add64_times(a + 3u, f.g, times);
	add64_times(a + 5u, f.b, times);
#endif
}
#endif

// deposit adds the photon's power to every visible point that gathers it.
#ifdef GRID_STOCHASTIC
// Stochastic spatial hashing (Hachisuka & Jensen 2010): the photon's own
// cell's bucket holds one point, picked uniformly among the points entered
// into it, which were every point whose radius reaches the cell; a point
// that gathers the photon was one of them, picked with probability 1/count,
// so adding count times the photon's power (and count to M) adds, in
// expectation, what the other gathers add. No loop.
void deposit(vec3 x, vec3 n, vec3 power) {
	uint b = grid_hash(grid_cell_of(x));
	uint v = grid_head[b];
	if (v != NONE && gathers(v, x, n)) add_times(v, power, grid_links[b]);
}
#elif defined(GRID_PBRT)
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
// large points' list of the photon's own cell (lib/sppm.glsl).
void deposit(vec3 x, vec3 n, vec3 power) {
	vec3 g = grid_coords(x);
	ivec3 lo = ivec3(floor(g - grid_reach));
#ifdef GRID_ADAPTIVE
	// The large points linked into the photon's own cell (lib/sppm.glsl).
	for (uint e = grid_head[grid_mask + 1u + grid_hash(ivec3(floor(g)))]; e != NONE; e = grid_link_next(e)) {
		loop_var += POINT_LOOPS;
		uint v = grid_link_value(e);
		if (gathers(v, x, n)) add(v, power);
	}
#endif
	// (Loading the eight heads before walking any list was slower on the
	// H200: cornell with rand48 8.74 against 9.49e8 photons/s.)
	uint seen[8];
	for (int k = 0; k < 8; k++) {
		uint b = grid_hash(lo + ivec3(k & 1, (k >> 1) & 1, (k >> 2) & 1));
		bool dup = false;
		for (int j = 0; j < k; j++) dup = dup || seen[j] == b;
		seen[k] = b;
		if (dup) continue;
		for (uint v = grid_head[b]; v != NONE; v = grid_link_next(v)) {
			loop_var += POINT_LOOPS;
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

#ifdef DEPOSIT_POINTS
// DEPOSIT_POINTS (render.DepositPoints): the records are sorted into
// buckets of their cells (sppm_points_sort.comp) and each visible point
// gathers the records of the cells around it (sppm_points.comp). After the
// record's fields, a slot holds its cell's bucket, its rank among the
// bucket's records and its cell's key; from field POINTS_SORTED_FIELD on,
// the records in bucket order, POINTS_SORTED_WORDS contiguous words each
// (the record's fields, then its key). The buckets' counts, then their
// first records, are level 0 of the photon buckets buffer: bucket b's
// records are b's word .. b + 1's word - 1 (a word more than the buckets:
// the total); the scan's upper levels follow.
layout(std430, binding = PHOTON_BUCKETS_BINDING) buffer PhotonBuckets { uint bucket_words[]; };
uniform uint photon_mask; // photon buckets - 1: a power of two, at most grid_mask + 1

const uint POINTS_BUCKET_FIELD = HIT_RECORD_FIELDS;
const uint POINTS_RANK_FIELD = HIT_RECORD_FIELDS + 1u;
const uint POINTS_KEY_FIELD = HIT_RECORD_FIELDS + 2u;
const uint POINTS_SORTED_FIELD = POINTS_HIT_FIELDS - POINTS_SORTED_WORDS; // the slot's last fields

// photon_bucket: a hash of cell c (cells share buckets; the walk
// de-duplicates buckets or tests the key, and the distance test rejects
// other cells' hits).
uint photon_bucket(ivec3 c) { return grid_hash(c) & photon_mask; }

// points_word is word k of the i-th record in bucket order.
uint points_word(uint i, uint k) { return hit_word(POINTS_SORTED_FIELD, 0u) + POINTS_SORTED_WORDS * i + k; }

vec3 points_vec3(uint i, uint k) {
	uint w = points_word(i, k);
	return uintBitsToFloat(uvec3(hit_words[w], hit_words[w + 1u], hit_words[w + 2u]));
}
#endif
