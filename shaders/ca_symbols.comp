// speckle ca evolve: counts the SYMBOL_BITS-bit symbols of a block of a CA
// population's numbers per candidate, for its entropy. The block is
// rng_dump.comp's (stream-major, [t*block_len + j]); stream t belongs to
// candidate t / streams_per_genome, whose 2^SYMBOL_BITS counts start at
// counts[candidate << SYMBOL_BITS]. It binds the block and the counts as
// rng_battery.comp does. Loop passes: 32 / SYMBOL_BITS + 1.
layout(local_size_x = 64) in;
#include "lib/invocation.glsl"

layout(std430, binding = BATTERY_BLOCK_BINDING) readonly buffer Block { uint block_values[]; };
layout(std430, binding = BATTERY_COUNTS_BINDING) buffer Counts { uint counts[]; };

uniform uint streams;            // in the block
uniform uint block_len;          // values per stream in the block
uniform uint block_valid;        // of which count (the last block is cut short)
uniform uint streams_per_genome; // a candidate's streams

void main() {
	uint r = linear_invocation();
	uint t = r / block_len;
	if (t >= streams || r % block_len >= block_valid) return;
	uint u = block_values[r];
	uint base = (t / streams_per_genome) << SYMBOL_BITS;
	const uint mask = (1u << SYMBOL_BITS) - 1u;
	for (uint s = 0u; s < 32u; s += SYMBOL_BITS) atomicAdd(counts[base + ((u >> s) & mask)], 1u);
}
