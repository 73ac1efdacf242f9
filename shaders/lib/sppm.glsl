// SPPM state shared by the passes (Hachisuka & Jensen 2009), one entry per
// pixel. Bindings 6-10.

// Visible point of this iteration, 32 bytes, all a photon's gather reads:
// position and the pixel's current R^2 (0: no visible point this
// iteration); weight = eye-path throughput * albedo / pi (what a photon's
// power is multiplied by) and the normal (facing the eye ray) packed in
// octahedral 2 x 16 bits.
struct VisiblePoint {
	vec4 pos_r2;
	vec4 weight_normal;
};
layout(std430, binding = 6) buffer VisiblePoints { VisiblePoint vps[]; };

// Progressive statistics: tau (accumulated flux, rgb) and R^2; N (photons
// kept) and the summed direct emission seen by the eye (rgb). Doubles: in
// float32 N stops growing at 2^24, R^2's shrink factor rounds to 1 and the
// direct sum stops taking small terms long before 1e11 photons or 2^26
// iterations (issue #9). Two arrays of 32 bytes a pixel, no larger than the
// others (llvmpipe's storage blocks end at 128 MiB).
layout(std430, binding = 7) buffer StatsTau { dvec4 stats_tau_r2[]; };
layout(std430, binding = 16) buffer StatsN { dvec4 stats_n_direct[]; };

// This iteration's photons per pixel: M and the flux per channel as 64-bit
// fixed point in two words (lo, hi), added with integer atomics so the sum
// is exact and independent of the order photons arrive in.
// Words: [0] M, [1..2] red lo/hi, [3..4] green, [5..6] blue, [7] unused.
layout(std430, binding = 8) buffer Accumulators { uint acc[]; };

// Counters, 64-bit ones as (lo, hi) words: [0..1] surfaces photons hit,
// [2..7] FLUX_TALLY's power per channel, [8..9] photons traced; [10] and
// [11] the most loop passes a photon and an eye path needed past
// LOOP_BUDGET (0: none did; render.SPPM turns it into an error).
layout(std430, binding = 11) buffer Counters { uint counters[12]; };

// add_counter adds v to the 64-bit counter at word w.
void add_counter(uint w, uint v) {
	uint old = atomicAdd(counters[w], v);
	if (old + v < old) atomicAdd(counters[w + 1u], 1u);
}

// Hash grid of visible points: per bucket the first point, per point the next.
layout(std430, binding = 9) buffer GridHeads { uint grid_head[]; };
layout(std430, binding = 10) buffer GridNext { uint grid_next[]; };

uniform uint width;
uniform uint height;
uniform vec3 grid_origin;
uniform float grid_cell; // >= 2 * the largest radius
uniform uint grid_mask;  // buckets - 1 (a power of two)

const uint NONE = 0xFFFFFFFFu;

uint grid_hash(ivec3 c) {
	return (uint(c.x * 73856093) ^ uint(c.y * 19349663) ^ uint(c.z * 83492791)) & grid_mask;
}

ivec3 grid_cell_of(vec3 p) { return ivec3(floor((p - grid_origin) / grid_cell)); }

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
