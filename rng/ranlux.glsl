// RANLUX as RANLUXCL v1.3.1 (Nikolaisen), default build: Lüscher's 24-bit
// subtract-with-carry x_n = x_{n-10} - x_{n-24} - c (mod 1) on floats that are
// multiples of 2^-24, James' output padding, xorshift seeding with warm-up and
// planar-shift skipping (keep 24, skip RANLUX_NSKIP = p - 24).
//
// The state lives in 24 named registers like the seed's s01..s24, and it is
// stepped a float4 at a time (6 groups of 4 steps around the ring), so no
// local array is ever indexed. Draws take the float4's components in order.
//
// Differences from the seed that do not change the output:
// - skipping is lazy: it runs before the first float4 of the next block, not
//   after the last one of this block, so that the last float4's values are
//   still in the state when it is stored half used; rng_load recomputes them
//   (value k of a group is s(24-k), padded with s(9-k): neither is
//   overwritten before the next group runs) instead of keeping them in the
//   pool;
// - the block counter counts float4s and is kept in every build (the seed's
//   planar build relies on stepnr alone, which there tells the same).
//
// Pool words: 0..23 s01..s24, 24 the carry (as float bits), 25 the positions
// grp | blk << 4 | comp << 8 (next group 0..5, float4s of the block done
// 0..6, components of the current float4 used 0..3).
#include "rng/common.glsl"

#ifndef RANLUX_NSKIP
#define RANLUX_NSKIP 380
#endif

const float RANLUX_TWOM24 = 1.0 / 16777216.0;
const float RANLUX_TWOM12 = 1.0 / 4096.0;
const float RANLUX_TINY = 1.0 / 281474976710656.0; // 2^-48, for an output of 0

float ranlux_s01, ranlux_s02, ranlux_s03, ranlux_s04, ranlux_s05, ranlux_s06, ranlux_s07, ranlux_s08,
	ranlux_s09, ranlux_s10, ranlux_s11, ranlux_s12, ranlux_s13, ranlux_s14, ranlux_s15, ranlux_s16,
	ranlux_s17, ranlux_s18, ranlux_s19, ranlux_s20, ranlux_s21, ranlux_s22, ranlux_s23, ranlux_s24;
float ranlux_carry; // 0 or 2^-24
uint ranlux_grp, ranlux_blk, ranlux_comp;
vec4 ranlux_out; // the current float4, rotated so that .x is the next value

// James' output: a value below 2^-12 gets 2^-24 * x_{n-9} added so that its
// low bits are not all zero, and 0 becomes 2^-48. The product is exact; the
// sum is the one operation of RANLUX that rounds (to nearest even).
float ranlux_pad(float u, float sjm1) {
	precise float p = u + RANLUX_TWOM24 * sjm1;
	return u < RANLUX_TWOM12 ? (p == 0.0 ? RANLUX_TINY : p) : u;
}

// ranluxcl_os: si = sj - si - carry (mod 1), exact in binary32; the borrow is
// the next carry. Its output is dead code (and removed) when skipping.
float ranlux_os(float sjm1, float sj, inout float si) {
	precise float d = sj - si - ranlux_carry;
	bool borrow = d < 0.0;
	precise float u = borrow ? d + 1.0 : d;
	ranlux_carry = borrow ? RANLUX_TWOM24 : 0.0;
	si = u;
	return ranlux_pad(u, sjm1);
}

// Group g is the ring positions 4g..4g+3: position k overwrites s(24-k) from
// s(10-k) (indices mod 24, 0 meaning 24), as the seed's ranluxcl32 does.
vec4 ranlux_group0() {
	vec4 o;
	o.x = ranlux_os(ranlux_s09, ranlux_s10, ranlux_s24);
	o.y = ranlux_os(ranlux_s08, ranlux_s09, ranlux_s23);
	o.z = ranlux_os(ranlux_s07, ranlux_s08, ranlux_s22);
	o.w = ranlux_os(ranlux_s06, ranlux_s07, ranlux_s21);
	return o;
}

vec4 ranlux_group1() {
	vec4 o;
	o.x = ranlux_os(ranlux_s05, ranlux_s06, ranlux_s20);
	o.y = ranlux_os(ranlux_s04, ranlux_s05, ranlux_s19);
	o.z = ranlux_os(ranlux_s03, ranlux_s04, ranlux_s18);
	o.w = ranlux_os(ranlux_s02, ranlux_s03, ranlux_s17);
	return o;
}

vec4 ranlux_group2() {
	vec4 o;
	o.x = ranlux_os(ranlux_s01, ranlux_s02, ranlux_s16);
	o.y = ranlux_os(ranlux_s24, ranlux_s01, ranlux_s15);
	o.z = ranlux_os(ranlux_s23, ranlux_s24, ranlux_s14);
	o.w = ranlux_os(ranlux_s22, ranlux_s23, ranlux_s13);
	return o;
}

vec4 ranlux_group3() {
	vec4 o;
	o.x = ranlux_os(ranlux_s21, ranlux_s22, ranlux_s12);
	o.y = ranlux_os(ranlux_s20, ranlux_s21, ranlux_s11);
	o.z = ranlux_os(ranlux_s19, ranlux_s20, ranlux_s10);
	o.w = ranlux_os(ranlux_s18, ranlux_s19, ranlux_s09);
	return o;
}

vec4 ranlux_group4() {
	vec4 o;
	o.x = ranlux_os(ranlux_s17, ranlux_s18, ranlux_s08);
	o.y = ranlux_os(ranlux_s16, ranlux_s17, ranlux_s07);
	o.z = ranlux_os(ranlux_s15, ranlux_s16, ranlux_s06);
	o.w = ranlux_os(ranlux_s14, ranlux_s15, ranlux_s05);
	return o;
}

vec4 ranlux_group5() {
	vec4 o;
	o.x = ranlux_os(ranlux_s13, ranlux_s14, ranlux_s04);
	o.y = ranlux_os(ranlux_s12, ranlux_s13, ranlux_s03);
	o.z = ranlux_os(ranlux_s11, ranlux_s12, ranlux_s02);
	o.w = ranlux_os(ranlux_s10, ranlux_s11, ranlux_s01);
	return o;
}

// One whole turn of the ring, 24 steps.
void ranlux_cycle() {
	ranlux_group0();
	ranlux_group1();
	ranlux_group2();
	ranlux_group3();
	ranlux_group4();
	ranlux_group5();
}

// The outputs of group g recomputed from the state right after it ran.
vec4 ranlux_pads0() {
	return vec4(
		ranlux_pad(ranlux_s24, ranlux_s09),
		ranlux_pad(ranlux_s23, ranlux_s08),
		ranlux_pad(ranlux_s22, ranlux_s07),
		ranlux_pad(ranlux_s21, ranlux_s06));
}

vec4 ranlux_pads1() {
	return vec4(
		ranlux_pad(ranlux_s20, ranlux_s05),
		ranlux_pad(ranlux_s19, ranlux_s04),
		ranlux_pad(ranlux_s18, ranlux_s03),
		ranlux_pad(ranlux_s17, ranlux_s02));
}

vec4 ranlux_pads2() {
	return vec4(
		ranlux_pad(ranlux_s16, ranlux_s01),
		ranlux_pad(ranlux_s15, ranlux_s24),
		ranlux_pad(ranlux_s14, ranlux_s23),
		ranlux_pad(ranlux_s13, ranlux_s22));
}

vec4 ranlux_pads3() {
	return vec4(
		ranlux_pad(ranlux_s12, ranlux_s21),
		ranlux_pad(ranlux_s11, ranlux_s20),
		ranlux_pad(ranlux_s10, ranlux_s19),
		ranlux_pad(ranlux_s09, ranlux_s18));
}

vec4 ranlux_pads4() {
	return vec4(
		ranlux_pad(ranlux_s08, ranlux_s17),
		ranlux_pad(ranlux_s07, ranlux_s16),
		ranlux_pad(ranlux_s06, ranlux_s15),
		ranlux_pad(ranlux_s05, ranlux_s14));
}

vec4 ranlux_pads5() {
	return vec4(
		ranlux_pad(ranlux_s04, ranlux_s13),
		ranlux_pad(ranlux_s03, ranlux_s12),
		ranlux_pad(ranlux_s02, ranlux_s11),
		ranlux_pad(ranlux_s01, ranlux_s10));
}

// x = x ^ x<<13, x ^= x>>7, x ^= x<<17 on x = (lo, hi).
uvec2 ranlux_xorshift(uvec2 x) {
	uint l = x.x, h = x.y;
	h ^= (h << 13) | (l >> 19);
	l ^= l << 13;
	l ^= (l >> 7) | (h << 25);
	h ^= h >> 7;
	h ^= (h << 17) | (l >> 15);
	l ^= l << 17;
	return uvec2(l, h);
}

// ranluxcl_init's seeding of eight values: three xorshift outputs cut into
// 24-bit pieces, most significant first, each divided by 2^24 (exact).
void ranlux_seed8(inout uvec2 x, out float a, out float b, out float c, out float d,
                  out float e, out float f, out float g, out float h) {
	x = ranlux_xorshift(x);
	uvec2 x1 = x;
	x = ranlux_xorshift(x);
	uvec2 x2 = x;
	x = ranlux_xorshift(x);
	uvec2 x3 = x;
	a = float(x1.y >> 8) * RANLUX_TWOM24;
	b = float(((x1.y & 0xFFu) << 16) | (x1.x >> 16)) * RANLUX_TWOM24;
	c = float(((x1.x & 0xFFFFu) << 8) | (x2.y >> 24)) * RANLUX_TWOM24;
	d = float(x2.y & 0xFFFFFFu) * RANLUX_TWOM24;
	e = float(x2.x >> 8) * RANLUX_TWOM24;
	f = float(((x2.x & 0xFFu) << 16) | (x3.y >> 16)) * RANLUX_TWOM24;
	g = float(((x3.y & 0xFFFFu) << 8) | (x3.x >> 24)) * RANLUX_TWOM24;
	h = float(x3.x & 0xFFFFFFu) * RANLUX_TWOM24;
}

// ranluxcl_initialization for work-item `stream`: x = stream + seed * 2^32,
// then 2*16 warm-up turns of the ring.
void rng_init(uint stream) {
	uvec2 x = uvec2(stream, rng_seed);
	ranlux_seed8(x, ranlux_s01, ranlux_s02, ranlux_s03, ranlux_s04,
	             ranlux_s05, ranlux_s06, ranlux_s07, ranlux_s08);
	ranlux_seed8(x, ranlux_s09, ranlux_s10, ranlux_s11, ranlux_s12,
	             ranlux_s13, ranlux_s14, ranlux_s15, ranlux_s16);
	ranlux_seed8(x, ranlux_s17, ranlux_s18, ranlux_s19, ranlux_s20,
	             ranlux_s21, ranlux_s22, ranlux_s23, ranlux_s24);
	ranlux_carry = ranlux_s24 == 0.0 ? RANLUX_TWOM24 : 0.0;
	for (int i = 0; i < 32; i++) ranlux_cycle();
	ranlux_grp = 0u;
	ranlux_blk = 0u;
	ranlux_comp = 0u;
}

#if RANLUX_NSKIP > 0
// The seed's skipping, RANLUX_NSKIP steps from ring group ranlux_grp.
void ranlux_skip() {
#if RANLUX_NSKIP % 24 == 0
	// Planar: blocks end where the ring turns.
	for (int i = 0; i < RANLUX_NSKIP / 24; i++) ranlux_cycle();
#else
	// Planar shift: up to the end of the ring, whole turns, then the rest.
	uint g = ranlux_grp;
	uint groups = uint(RANLUX_NSKIP / 4);
	if (g != 0u) {
		if (g <= 1u) ranlux_group1();
		if (g <= 2u) ranlux_group2();
		if (g <= 3u) ranlux_group3();
		if (g <= 4u) ranlux_group4();
		ranlux_group5();
		groups -= 6u - g;
	}
	uint turns = groups / 6u;
	for (uint i = 0u; i < turns; i++) ranlux_cycle();
	uint rest = groups - turns * 6u;
	if (rest > 0u) ranlux_group0();
	if (rest > 1u) ranlux_group1();
	if (rest > 2u) ranlux_group2();
	if (rest > 3u) ranlux_group3();
	if (rest > 4u) ranlux_group4();
	ranlux_grp = rest;
#endif
}
#endif

float ranlux_next() {
	if (ranlux_comp == 0u) {
#if RANLUX_NSKIP > 0
		if (ranlux_blk == 6u) {
			ranlux_skip();
			ranlux_blk = 0u;
		}
		ranlux_blk++;
#endif
		switch (ranlux_grp) {
		case 0u: ranlux_out = ranlux_group0(); break;
		case 1u: ranlux_out = ranlux_group1(); break;
		case 2u: ranlux_out = ranlux_group2(); break;
		case 3u: ranlux_out = ranlux_group3(); break;
		case 4u: ranlux_out = ranlux_group4(); break;
		default: ranlux_out = ranlux_group5(); break;
		}
		ranlux_grp = ranlux_grp == 5u ? 0u : ranlux_grp + 1u;
	}
	float v = ranlux_out.x;
	ranlux_out = ranlux_out.yzwx;
	ranlux_comp = (ranlux_comp + 1u) & 3u;
	return v;
}

void rng_load(uint slot) {
	ranlux_s01 = uintBitsToFloat(rng_pool[rng_pool_index(0u, slot)]);
	ranlux_s02 = uintBitsToFloat(rng_pool[rng_pool_index(1u, slot)]);
	ranlux_s03 = uintBitsToFloat(rng_pool[rng_pool_index(2u, slot)]);
	ranlux_s04 = uintBitsToFloat(rng_pool[rng_pool_index(3u, slot)]);
	ranlux_s05 = uintBitsToFloat(rng_pool[rng_pool_index(4u, slot)]);
	ranlux_s06 = uintBitsToFloat(rng_pool[rng_pool_index(5u, slot)]);
	ranlux_s07 = uintBitsToFloat(rng_pool[rng_pool_index(6u, slot)]);
	ranlux_s08 = uintBitsToFloat(rng_pool[rng_pool_index(7u, slot)]);
	ranlux_s09 = uintBitsToFloat(rng_pool[rng_pool_index(8u, slot)]);
	ranlux_s10 = uintBitsToFloat(rng_pool[rng_pool_index(9u, slot)]);
	ranlux_s11 = uintBitsToFloat(rng_pool[rng_pool_index(10u, slot)]);
	ranlux_s12 = uintBitsToFloat(rng_pool[rng_pool_index(11u, slot)]);
	ranlux_s13 = uintBitsToFloat(rng_pool[rng_pool_index(12u, slot)]);
	ranlux_s14 = uintBitsToFloat(rng_pool[rng_pool_index(13u, slot)]);
	ranlux_s15 = uintBitsToFloat(rng_pool[rng_pool_index(14u, slot)]);
	ranlux_s16 = uintBitsToFloat(rng_pool[rng_pool_index(15u, slot)]);
	ranlux_s17 = uintBitsToFloat(rng_pool[rng_pool_index(16u, slot)]);
	ranlux_s18 = uintBitsToFloat(rng_pool[rng_pool_index(17u, slot)]);
	ranlux_s19 = uintBitsToFloat(rng_pool[rng_pool_index(18u, slot)]);
	ranlux_s20 = uintBitsToFloat(rng_pool[rng_pool_index(19u, slot)]);
	ranlux_s21 = uintBitsToFloat(rng_pool[rng_pool_index(20u, slot)]);
	ranlux_s22 = uintBitsToFloat(rng_pool[rng_pool_index(21u, slot)]);
	ranlux_s23 = uintBitsToFloat(rng_pool[rng_pool_index(22u, slot)]);
	ranlux_s24 = uintBitsToFloat(rng_pool[rng_pool_index(23u, slot)]);
	ranlux_carry = uintBitsToFloat(rng_pool[rng_pool_index(24u, slot)]);
	uint pos = rng_pool[rng_pool_index(25u, slot)];
	ranlux_grp = pos & 15u;
	ranlux_blk = (pos >> 4) & 15u;
	ranlux_comp = pos >> 8;
	if (ranlux_comp != 0u) {
		// The rest of a half-used float4, from the group before ranlux_grp.
		switch (ranlux_grp) {
		case 1u: ranlux_out = ranlux_pads0(); break;
		case 2u: ranlux_out = ranlux_pads1(); break;
		case 3u: ranlux_out = ranlux_pads2(); break;
		case 4u: ranlux_out = ranlux_pads3(); break;
		case 5u: ranlux_out = ranlux_pads4(); break;
		default: ranlux_out = ranlux_pads5(); break;
		}
		if (ranlux_comp == 1u) ranlux_out = ranlux_out.yzwx;
		else if (ranlux_comp == 2u) ranlux_out = ranlux_out.zwxy;
		else ranlux_out = ranlux_out.wxyz;
	}
}

void rng_store(uint slot) {
	rng_pool[rng_pool_index(0u, slot)] = floatBitsToUint(ranlux_s01);
	rng_pool[rng_pool_index(1u, slot)] = floatBitsToUint(ranlux_s02);
	rng_pool[rng_pool_index(2u, slot)] = floatBitsToUint(ranlux_s03);
	rng_pool[rng_pool_index(3u, slot)] = floatBitsToUint(ranlux_s04);
	rng_pool[rng_pool_index(4u, slot)] = floatBitsToUint(ranlux_s05);
	rng_pool[rng_pool_index(5u, slot)] = floatBitsToUint(ranlux_s06);
	rng_pool[rng_pool_index(6u, slot)] = floatBitsToUint(ranlux_s07);
	rng_pool[rng_pool_index(7u, slot)] = floatBitsToUint(ranlux_s08);
	rng_pool[rng_pool_index(8u, slot)] = floatBitsToUint(ranlux_s09);
	rng_pool[rng_pool_index(9u, slot)] = floatBitsToUint(ranlux_s10);
	rng_pool[rng_pool_index(10u, slot)] = floatBitsToUint(ranlux_s11);
	rng_pool[rng_pool_index(11u, slot)] = floatBitsToUint(ranlux_s12);
	rng_pool[rng_pool_index(12u, slot)] = floatBitsToUint(ranlux_s13);
	rng_pool[rng_pool_index(13u, slot)] = floatBitsToUint(ranlux_s14);
	rng_pool[rng_pool_index(14u, slot)] = floatBitsToUint(ranlux_s15);
	rng_pool[rng_pool_index(15u, slot)] = floatBitsToUint(ranlux_s16);
	rng_pool[rng_pool_index(16u, slot)] = floatBitsToUint(ranlux_s17);
	rng_pool[rng_pool_index(17u, slot)] = floatBitsToUint(ranlux_s18);
	rng_pool[rng_pool_index(18u, slot)] = floatBitsToUint(ranlux_s19);
	rng_pool[rng_pool_index(19u, slot)] = floatBitsToUint(ranlux_s20);
	rng_pool[rng_pool_index(20u, slot)] = floatBitsToUint(ranlux_s21);
	rng_pool[rng_pool_index(21u, slot)] = floatBitsToUint(ranlux_s22);
	rng_pool[rng_pool_index(22u, slot)] = floatBitsToUint(ranlux_s23);
	rng_pool[rng_pool_index(23u, slot)] = floatBitsToUint(ranlux_s24);
	rng_pool[rng_pool_index(24u, slot)] = floatBitsToUint(ranlux_carry);
	rng_pool[rng_pool_index(25u, slot)] = ranlux_grp | (ranlux_blk << 4) | (ranlux_comp << 8);
}

// floor(f * 2^24): f * 2^24 is exact and below 2^24; conversion truncates.
uint rng_u32() { return uint(ranlux_next() * 16777216.0); }
float rng_f32() { return ranlux_next(); } // in (0,1)
float rng_dump_f32() { return ranlux_next(); }
