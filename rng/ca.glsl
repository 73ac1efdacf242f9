// Pang–Wong–Heng cellular automaton (definition: the spec's `ca`, rng/ca.go).
// 64 one-bit cells in two words, bit i of ca_w0 = cell i, of ca_w1 = cell 32+i.
// Defines: CA_K0..CA_K3 (0..63u), CA_RULE (16-bit, u), CA_STEPS, CA_WARMUP.
// K and the rule are compile-time constants: the rotations and the mux tree's
// leaves fold to a few shifts, ANDs and XORs per word.
// With CA_GENOMES (rng.NewCAPopulation) they are data instead, so one program
// runs a whole population: stream t runs genome t / CA_STREAMS_PER_GENOME
// (rng_aux[2g] its rule, rng_aux[2g+1] K0 | K1<<8 | K2<<16 | K3<<24), seeded
// as stream t % CA_STREAMS_PER_GENOME; the pool keeps the genome as word 2.
#include "rng/common.glsl"

uint ca_w0, ca_w1;

#ifdef CA_GENOMES
uint ca_genome, ca_genome_rule, ca_genome_k;
#define CA_RULE ca_genome_rule
#define CA_K0 (ca_genome_k & 63u)
#define CA_K1 ((ca_genome_k >> 8) & 63u)
#define CA_K2 ((ca_genome_k >> 16) & 63u)
#define CA_K3 (ca_genome_k >> 24)

void ca_use_genome(uint g) {
	ca_genome = g;
	ca_genome_rule = rng_aux[2u * g];
	ca_genome_k = rng_aux[2u * g + 1u];
}
#endif

// Word 0 and 1 of the ring rotated left by k (bit i = cell i-k). The
// (x >> 1) >> (31 - s) form is defined at s = 0 too (a shift by 32 is not).
uint ca_rot0(uint k) {
	uint lo = k >= 32u ? ca_w1 : ca_w0;
	uint hi = k >= 32u ? ca_w0 : ca_w1;
	uint s = k & 31u;
	return (lo << s) | ((hi >> 1) >> (31u - s));
}
uint ca_rot1(uint k) {
	uint lo = k >= 32u ? ca_w1 : ca_w0;
	uint hi = k >= 32u ? ca_w0 : ca_w1;
	uint s = k & 31u;
	return (hi << s) | ((lo >> 1) >> (31u - s));
}

// Rule entries n and n+1 as a function of a alone: 0, a, ~a or ~0.
uint ca_leaf(uint n, uint a) {
	uint r0 = 0u - ((CA_RULE >> n) & 1u);
	uint r1 = 0u - ((CA_RULE >> (n + 1u)) & 1u);
	return r0 ^ (a & (r0 ^ r1));
}
uint ca_sel(uint s, uint one, uint zero) { return zero ^ (s & (zero ^ one)); }

// The truth table on 32 cells at once: n = a | b<<1 | c<<2 | d<<3.
uint ca_rule(uint a, uint b, uint c, uint d) {
	uint b0 = ca_sel(b, ca_leaf(2u, a), ca_leaf(0u, a));
	uint b1 = ca_sel(b, ca_leaf(6u, a), ca_leaf(4u, a));
	uint b2 = ca_sel(b, ca_leaf(10u, a), ca_leaf(8u, a));
	uint b3 = ca_sel(b, ca_leaf(14u, a), ca_leaf(12u, a));
	return ca_sel(d, ca_sel(c, b3, b2), ca_sel(c, b1, b0));
}

void ca_step() {
	uint n0 = ca_rule(ca_rot0(CA_K0), ca_rot0(CA_K1), ca_rot0(CA_K2), ca_rot0(CA_K3));
	uint n1 = ca_rule(ca_rot1(CA_K0), ca_rot1(CA_K1), ca_rot1(CA_K2), ca_rot1(CA_K3));
	ca_w0 = n0;
	ca_w1 = n1;
}

// Bit j = cell 2j+1: both words' odd cells interleaved, then unzipped.
uint ca_odd() {
	uint x = ((ca_w0 >> 1) & 0x55555555u) | (ca_w1 & 0xAAAAAAAAu);
	uint t = (x ^ (x >> 1)) & 0x22222222u;
	x ^= t ^ (t << 1);
	t = (x ^ (x >> 2)) & 0x0C0C0C0Cu;
	x ^= t ^ (t << 2);
	t = (x ^ (x >> 4)) & 0x00F000F0u;
	x ^= t ^ (t << 4);
	t = (x ^ (x >> 8)) & 0x0000FF00u;
	x ^= t ^ (t << 8);
	return x;
}

// 64-bit z * m (mod 2^64) on (hi, lo) words.
void ca_mul64(inout uint hi, inout uint lo, uint mhi, uint mlo) {
	uint phi, plo;
	umulExtended(lo, mlo, phi, plo);
	hi = phi + lo * mhi + hi * mlo;
	lo = plo;
}

// n steps of the warm-up (RNG_DEFER_WARMUP: what rng_init leaves out), so
// that a long --ca-warmup can be spread over dispatches.
#define RNG_WARMUP 1
void rng_warmup(uint n) {
	for (uint i = 0u; i < n; i++) ca_step();
}

// One SplitMix64 output of (rng_seed << 32 | stream), 1 if 0; then the
// warm-up, unless the kernel runs it in pieces with rng_warmup.
void rng_init(uint stream) {
#ifdef CA_GENOMES
	ca_use_genome(stream / CA_STREAMS_PER_GENOME);
	stream %= CA_STREAMS_PER_GENOME;
#endif
	uint carry;
	uint lo = uaddCarry(stream, 0x7F4A7C15u, carry);
	uint hi = rng_seed + 0x9E3779B9u + carry;
	lo ^= (lo >> 30) | (hi << 2);
	hi ^= hi >> 30;
	ca_mul64(hi, lo, 0xBF58476Du, 0x1CE4E5B9u);
	lo ^= (lo >> 27) | (hi << 5);
	hi ^= hi >> 27;
	ca_mul64(hi, lo, 0x94D049BBu, 0x133111EBu);
	lo ^= (lo >> 31) | (hi << 1);
	hi ^= hi >> 31;
	if ((lo | hi) == 0u) lo = 1u;
	ca_w0 = lo;
	ca_w1 = hi;
#ifndef RNG_DEFER_WARMUP
	for (int i = 0; i < CA_WARMUP; i++) ca_step();
#endif
}

void rng_load(uint slot) {
	ca_w0 = rng_pool[rng_pool_index(0u, slot)];
	ca_w1 = rng_pool[rng_pool_index(1u, slot)];
#ifdef CA_GENOMES
	ca_use_genome(rng_pool[rng_pool_index(2u, slot)]);
#endif
}

void rng_store(uint slot) {
	rng_pool[rng_pool_index(0u, slot)] = ca_w0;
	rng_pool[rng_pool_index(1u, slot)] = ca_w1;
#ifdef CA_GENOMES
	rng_pool[rng_pool_index(2u, slot)] = ca_genome;
#endif
}

uint rng_u32() {
	for (int i = 0; i < CA_STEPS; i++) ca_step();
	return ca_odd();
}

float rng_f32() { return rng_unit24(rng_u32()); }
float rng_dump_f32() { return rng_unit24(rng_u32()); }
