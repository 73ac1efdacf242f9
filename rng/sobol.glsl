// Sobol quasi-random sequence, Joe–Kuo direction numbers, gray-code order, with
// Burley's hash-based Owen scramble when rng_seed != 0 (definition: rng/sobol.go).
// rng_aux[d*32 + j] is direction number v_{j+1} of dimension d; then the
// nibble tables and the per-dimension scramble seeds (layout: Aux in sobol.go).
//
// Two modes, both in registers only (no pool words):
//  - dump (rng_init(stream)): dimension = stream, points 0, 1, 2, ... one XOR
//    each: X(i+1) = X(i) ^ v[findLSB(~i)];
//  - renderer (rng_load(slot)): point rng_iteration*rng_streams + slot (64
//    bits), each draw its next dimension (0, 1, ..., 1023, then 0 again), X
//    from the bits of the gray code of the index's low word; the high word
//    (block) b > 0 scrambles with a key of its own (sobol.go says why).
#include "rng/common.glsl"

#define SOBOL_NIBBLE_BASE 32768u // 1024 * 32
#define SOBOL_SEED_BASE 163840u  // + 1024 * 8 * 16

bool sobol_point_mode; // false: dump, true: renderer
uint sobol_dim;        // dump: the dimension; renderer: the next dimension
uint sobol_x;          // dump: X of the next point
uint sobol_i;          // dump: index of the next point
uint sobol_dseed;      // dump: the dimension's scramble seed
uint sobol_stride = 0u; // dump: log2 of the step from one drawn point to the next
uint sobol_vstride;     // dump: direction number v[stride - 1], XORed into every step
uint sobol_gray;       // renderer: gray code of the point
uint sobol_key;        // renderer: the slot's (RNG_SLOT_SEQUENCES) or 2^32-block's scramble key, else 0
bool sobol_scramble;   // this invocation's draws are Owen-scrambled
bool sobol_any;        // some invocation's are: from uniforms only (see rng_u32)

#define RNG_DUMP_SEEK 1
#define RNG_DUMP_STRIDE 1
#define RNG_QUASI 1

// Chris Wellons' lowbias32 (sobol.go has the same).
uint sobol_lowbias32(uint x) {
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	return x;
}

uint sobol_dim_seed(uint d) { return rng_aux[SOBOL_SEED_BASE + d]; }

// Burley 2020, nested_uniform_scramble: reverse, Laine–Karras hash, reverse.
uint sobol_owen(uint x, uint seed) {
	x = bitfieldReverse(x);
	x += seed;
	x ^= x * 0x6c50b47cu;
	x ^= x * 0xb82f1e52u;
	x ^= x * 0xc7afe638u;
	x ^= x * 0x8d22f6e6u;
	return bitfieldReverse(x);
}

void rng_init(uint stream) {
	sobol_point_mode = false;
	sobol_dim = stream & 1023u; // pools beyond 1024 streams: never drawn from
	sobol_x = 0u;               // point 0 is the origin
	sobol_i = 0u;
	sobol_dseed = sobol_dim_seed(sobol_dim);
	sobol_gray = 0u;
	sobol_key = 0u;
	sobol_scramble = sobol_any = rng_seed != 0u;
}

// Unscrambled X of the point with gray code g in dimension d: the XOR over
// the gray code's nibbles of precomputed XORs.
uint sobol_gray_x(uint d, uint g) {
	uint base = SOBOL_NIBBLE_BASE + (d << 7);
	uint x = 0u;
	for (uint k = 0u; k < 8u; k++) x ^= rng_aux[base + (k << 4) + ((g >> (4u * k)) & 15u)];
	return x;
}

// The dump of dimension `stream` from point `first` on.
void rng_dump_seek(uint stream, uint first) {
	rng_init(stream);
	sobol_x = sobol_gray_x(sobol_dim, first ^ (first >> 1));
	sobol_i = first;
}

// Later dump draws step 2^log2 points at a time. From point i to i + 2^p
// (p > 0) the gray code's bit p-1 flips (bit p of i always does) and, above
// it, the one bit gray(h) and gray(h+1) differ in, h = i >> p: bit
// p + (trailing ones of h). Two XORs a point, as the seed's CUDA kernel does.
void rng_dump_stride(uint log2) {
	sobol_stride = log2;
	sobol_vstride = log2 == 0u ? 0u : rng_aux[(sobol_dim << 5) + log2 - 1u];
}

// Continue the point at its dimension `draws` (mod 1024).
void rng_quasi_seek(uint draws) { sobol_dim = draws & 1023u; }

void rng_load(uint slot) {
	sobol_point_mode = true;
#if defined(RNG_SLOT_SEQUENCES) && !defined(SOBOL_SHARED_SLOTS)
	// Each slot its own sequence: point rng_iteration, scrambled for the slot.
	uint i = rng_iteration;
	sobol_key = sobol_lowbias32(slot + 1u);
	sobol_scramble = sobol_any = true;
#else
	// The 64-bit index: the low word is the point, the high word its block.
	uint block, i, carry;
	umulExtended(rng_iteration, rng_streams, block, i);
	i = uaddCarry(i, slot, carry);
	block += carry;
	sobol_key = sobol_lowbias32(block); // 0 for block 0 only
	sobol_scramble = rng_seed != 0u || block != 0u;
	// Past block 0 anywhere in the dispatch: its last point is (slots are
	// below rng_streams, and below rng_pool_stride).
	uint last_hi, last_lo;
	umulExtended(rng_iteration, rng_streams, last_hi, last_lo);
	uaddCarry(last_lo, max(rng_streams, rng_pool_stride) - 1u, carry);
	sobol_any = rng_seed != 0u || last_hi + carry != 0u;
#endif
	sobol_gray = i ^ (i >> 1);
	sobol_dim = 0u;
	sobol_x = 0u;
	sobol_i = 0u;
	sobol_dseed = 0u;
}

void rng_store(uint slot) {}

// The dump's next point: 2^sobol_stride points on (rng_u32 has the same
// lines). gray(i+1) = gray(i) ^ 1 << (number of trailing ones of i); 31 at
// i = 2^32-1 (never reached).
void sobol_dump_step() {
	uint v = sobol_dim << 5, p = sobol_stride;
	if (p == 0u) sobol_x ^= rng_aux[v + min(uint(findLSB(~sobol_i)), 31u)];
	else sobol_x ^= sobol_vstride ^ rng_aux[v + min(p + uint(findLSB(~(sobol_i >> p))), 31u)];
	sobol_i += 1u << p;
}

uint rng_u32() {
	uint x, dseed;
	if (sobol_point_mode) { // the same branch for the whole dispatch
		x = sobol_gray_x(sobol_dim, sobol_gray);
		dseed = sobol_dim_seed(sobol_dim) ^ sobol_key;
		sobol_dim = (sobol_dim + 1u) & 1023u;
	} else {
		// The step and the scramble written out, not sobol_dump_step and
		// sobol_scrambled: with those calls three H200 runs of three gave
		// cornell's photon pass at half its rate, but so did two of seven
		// runs of this form, whose driver assembly is the same in fast and
		// slow runs (README, Performance): the cause is not known.
		x = sobol_x;
		uint v = sobol_dim << 5, p = sobol_stride;
		if (p == 0u) sobol_x ^= rng_aux[v + min(uint(findLSB(~sobol_i)), 31u)];
		else sobol_x ^= sobol_vstride ^ rng_aux[v + min(p + uint(findLSB(~(sobol_i >> p))), 31u)];
		sobol_i += 1u << p;
		dseed = sobol_dseed;
	}
	// A branch on uniforms (sobol_any), then a select: a branch on this
	// invocation's block is not uniform to a compiler, though it is in
	// practice (suspected cause of NVIDIA's halved cornell photon pass).
	if (sobol_any) {
		uint y = sobol_owen(x, dseed);
		x = sobol_scramble ? y : x;
	}
	return x;
}

// rng_u32's scramble, for the four-at-a-time dump.
uint sobol_scrambled(uint x, uint dseed) {
	if (sobol_any) {
		uint y = sobol_owen(x, dseed);
		x = sobol_scramble ? y : x;
	}
	return x;
}

// Four consecutive dump points from sobol_i (a multiple of 4) on, then the
// stride (at least 4): gray codes 4a .. 4a+3 differ in bit 0, then bit 1,
// then bit 0, so the three after the first are one XOR each and only one
// point in four takes the stride's jump. The dump kernel stores them as one
// uvec4 (H200: 784 -> 902 G values/s unscrambled, README Performance).
#define RNG_DUMP_X4 1
uvec4 rng_dump_u32x4() {
	uint v = sobol_dim << 5;
	uint v0 = rng_aux[v], v1 = rng_aux[v + 1u];
	uint x0 = sobol_x, x1 = x0 ^ v0, x2 = x1 ^ v1, x3 = x2 ^ v0;
	sobol_dump_step();
	uint d = sobol_dseed;
	return uvec4(sobol_scrambled(x0, d), sobol_scrambled(x1, d), sobol_scrambled(x2, d), sobol_scrambled(x3, d));
}

// The seed's (float)X * 2^-32: X rounded to nearest even, then an exact scaling.
float sobol_unit(uint x) {
	precise float f = rng_uint_to_float_rne(x) * (1.0 / 4294967296.0);
	return f;
}

float rng_f32() { return min(sobol_unit(rng_u32()), RNG_BELOW_ONE); }
float rng_dump_f32() { return sobol_unit(rng_u32()); }

vec4 rng_dump_f32x4() {
	uvec4 x = rng_dump_u32x4();
	return vec4(sobol_unit(x.x), sobol_unit(x.y), sobol_unit(x.z), sobol_unit(x.w));
}
