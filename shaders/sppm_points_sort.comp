// SPPM photon-side grid (render.DepositPoints): a counting sort of the
// photon pass's hit records into buckets of their cells (photon_bucket,
// lib/gather.glsl), run between the photon pass and sppm_points.comp.
// POINTS_CLEAR zeroes the counts; POINTS_COUNT counts each region's records
// per bucket and notes each record's bucket, rank in it (the count before
// its own) and cell key; POINTS_SCAN turns a level of counts into exclusive
// offsets, a block of POINTS_SCAN_BLOCK words a work group, and writes each
// block's sum to the level above; POINTS_SPREAD adds a level's scanned
// block sums back to the blocks of the level below (Go runs the levels:
// millions of buckets, three levels); POINTS_SCATTER copies each record to
// its bucket's first slot plus its rank. Where two records of a bucket land
// varies from run to run; the sums gathered do not (integers).
#if defined(POINTS_SCAN) || defined(POINTS_SPREAD)
layout(local_size_x = 256) in;
#else
layout(local_size_x = 64) in;
#endif
#define DEPOSIT_DEFERRED 1
#define DEPOSIT_POINTS 1
#include "lib/invocation.glsl"
#include "lib/gather.glsl"

// The words (POINTS_CLEAR), the photon pass's work groups (POINTS_COUNT,
// POINTS_SCATTER) or the level's words (POINTS_SCAN, POINTS_SPREAD).
uniform uint count;
uniform uint level; // the level's first word
uniform uint above; // the level above's first word (a word a block)

#ifdef POINTS_CLEAR
void main() {
	uint i = linear_invocation();
	if (i < count) bucket_words[i] = 0u;
}
#elif defined(POINTS_SCAN)
// Each invocation sums 4 words, the group scans the 256 sums (9 loop
// passes, render checks the constants), each writes its words' offsets.
shared uint sums[256];
void main() {
	uint block = linear_group() * POINTS_SCAN_BLOCK;
	if (block >= count) return; // a folded dispatch's padding: the whole group
	uint t = gl_LocalInvocationIndex;
	uint first = block + 4u * t;
	// (Written out: no loop passes.)
	uvec4 c = uvec4(first < count ? bucket_words[level + first] : 0u,
		first + 1u < count ? bucket_words[level + first + 1u] : 0u,
		first + 2u < count ? bucket_words[level + first + 2u] : 0u,
		first + 3u < count ? bucket_words[level + first + 3u] : 0u);
	uint sum = c.x + c.y + c.z + c.w;
	sums[t] = sum;
	barrier();
	for (uint d = 1u; d < 256u; d *= 2u) {
		uint v = t >= d ? sums[t - d] : 0u;
		barrier();
		sums[t] += v;
		barrier();
	}
	uint offset = sums[t] - sum;
	if (first < count) bucket_words[level + first] = offset;
	if (first + 1u < count) bucket_words[level + first + 1u] = offset + c.x;
	if (first + 2u < count) bucket_words[level + first + 2u] = offset + c.x + c.y;
	if (first + 3u < count) bucket_words[level + first + 3u] = offset + c.x + c.y + c.z;
	if (t == 255u) bucket_words[above + linear_group()] = sums[255];
}
#elif defined(POINTS_SPREAD)
void main() {
	uint i = linear_invocation();
	if (i < count && i >= POINTS_SCAN_BLOCK) bucket_words[level + i] += bucket_words[above + i / POINTS_SCAN_BLOCK];
}
#else
// A work group per region, as sppm_gather.comp's (its loop makes at most
// hit_group_slots / 64 + 1 passes).
void main() {
	uint g = linear_group();
	if (g >= count) return;
	uint records = hit_words[g];
	for (uint k = gl_LocalInvocationIndex; k < records; k += gl_WorkGroupSize.x) {
		uint r = g * hit_group_slots + k;
#ifdef POINTS_COUNT
		ivec3 c = grid_cell_of(hit_vec3(0u, r));
		uint b = photon_bucket(c);
		hit_words[hit_word(POINTS_BUCKET_FIELD, r)] = b;
		hit_words[hit_word(POINTS_RANK_FIELD, r)] = atomicAdd(bucket_words[b], 1u);
		hit_words[hit_word(POINTS_KEY_FIELD, r)] = grid_key(c);
#else
		uint i = bucket_words[hit_words[hit_word(POINTS_BUCKET_FIELD, r)]] + hit_words[hit_word(POINTS_RANK_FIELD, r)];
		uint w = points_word(i, 0u);
		// (Written out: no loop passes.)
		hit_words[w] = hit_words[hit_word(0u, r)];
		hit_words[w + 1u] = hit_words[hit_word(1u, r)];
		hit_words[w + 2u] = hit_words[hit_word(2u, r)];
		hit_words[w + 3u] = hit_words[hit_word(3u, r)];
		hit_words[w + 4u] = hit_words[hit_word(4u, r)];
		hit_words[w + 5u] = hit_words[hit_word(5u, r)];
		hit_words[w + 6u] = hit_words[hit_word(6u, r)];
		hit_words[w + 7u] = hit_words[hit_word(7u, r)];
		hit_words[w + 8u] = hit_words[hit_word(8u, r)];
		hit_words[w + HIT_RECORD_FIELDS] = hit_words[hit_word(POINTS_KEY_FIELD, r)];
#endif
	}
}
#endif
