// Tests only: the loop passes a generator's calls cost on Mesa's llvmpipe,
// which keeps one limiter per invocation for all loops and ends each loop
// once 65,535 passes are spent. After the work, a meter loop counts the
// passes that were left. One invocation per work group, so that no other
// lane's work is counted with it.
//
// PROBE_INIT:   rng_init(0xFFFFFFFE - i), the costliest streams for rand48's
//               jump-ahead (with RNG_DEFER_WARMUP as the program is built);
// PROBE_WARMUP: rng_load(i), then rng_warmup(i);
// otherwise:    rng_load(i), then a loop of i passes with PROBE_SITES
//               (1..4) draws each, as the kernels have them: rng_u32, rng_f32,
//               rng_dump_f32, rng_u32.
layout(local_size_x = 1) in;
#include "lib/invocation.glsl"
#include <rng>

layout(std430, binding = RNG_OUT_BINDING) writeonly buffer Probe { uint probe_out[]; };

uniform uint invocations;
uniform uint meter; // above 65,535: the meter stops only at the limiter

void main() {
	uint i = linear_invocation();
	if (i >= invocations) return;
	uint acc = 0u;
#if defined(PROBE_INIT)
	rng_init(0xFFFFFFFEu - i);
#elif defined(PROBE_WARMUP) && defined(RNG_WARMUP)
	rng_load(i);
	rng_warmup(i);
#else
	rng_load(i);
	for (uint m = 0u; m < i; m++) {
		acc ^= rng_u32();
#if PROBE_SITES > 1
		acc ^= floatBitsToUint(rng_f32());
#endif
#if PROBE_SITES > 2
		acc ^= floatBitsToUint(rng_dump_f32());
#endif
#if PROBE_SITES > 3
		acc ^= rng_u32();
#endif
	}
#endif
	uint left = 0u;
	for (uint j = 0u; j < meter; j++) left++;
	rng_store(i);
	probe_out[2u * i] = left;
	probe_out[2u * i + 1u] = acc;
}
