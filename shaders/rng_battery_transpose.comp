// The battery's consumed order reads a block transposed: values
// [t*block_len + j] of block_values (stream-major, as rng_dump.comp writes
// them) to [j*streams + t] of transposed_values. Read in place, a consumed
// position's neighbours lie block_len words apart, each load its own memory
// sector: on the H200 that made every consumed-order test cost two to four
// times its stream-order twin (docs/lab.md). One tile of 32 x 32 a work group,
// through shared memory, so that both the loads and the stores are of
// consecutive words.
layout(local_size_x = 256) in;
#include "lib/invocation.glsl"

layout(std430, binding = BATTERY_BLOCK_BINDING) readonly buffer Block { uint block_values[]; };
layout(std430, binding = BATTERY_TRANSPOSED_BINDING) writeonly buffer Transposed { uint transposed_values[]; };

uniform uint streams;   // T
uniform uint block_len; // values per stream
uniform uint tiles_j;   // tiles along a stream's values
uniform uint tiles;     // tiles in all

shared uint tile[32][33]; // padded: a column read hits 32 banks

void main() {
	uint g = linear_group();
	if (g >= tiles) return;
	uint j0 = (g % tiles_j) * 32u, t0 = (g / tiles_j) * 32u;
	uint x = gl_LocalInvocationID.x % 32u, y = gl_LocalInvocationID.x / 32u;
	for (uint i = y; i < 32u; i += 8u) {
		uint t = t0 + i, j = j0 + x;
		if (t < streams && j < block_len) tile[i][x] = block_values[t * block_len + j];
	}
	barrier();
	for (uint i = y; i < 32u; i += 8u) {
		uint j = j0 + i, t = t0 + x;
		if (t < streams && j < block_len) transposed_values[j * streams + t] = tile[x][i];
	}
}
