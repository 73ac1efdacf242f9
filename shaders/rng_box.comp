// The generator lab's deep zoom: invocation i continues stream first_stream+i
// (as rng_dump.comp does: pool slot i, or DUMP_INIT's seeding at value 0, or
// RNG_DUMP_SEEK) and tests every tuple of BOX_DIM successive values ending at
// values first_value .. first_value+values-1 against an axis-aligned box in
// native integers (inclusive corners box_lo, box_hi). Tuples inside are
// appended to kept[] through an atomic counter: all of them are counted, the
// first kept_room are stored (Go reads the count after each dispatch and
// resets it). The last BOX_DIM-1 values of each stream wait in carry[] for
// the next dispatch, so a stream's tuples run on across the pieces that keep
// every invocation within LOOP_BUDGET (lab.BoxScanner sizes them).
layout(local_size_x = 64) in;
#include "lib/invocation.glsl"
#include <rng>

layout(std430, binding = RNG_OUT_BINDING) buffer Kept { uint in_box; uint kept[]; };
layout(std430, binding = RNG_CARRY_BINDING) buffer Carry { uint carry[]; };

uniform uint first_stream;  // the chunk's first stream
uniform uint chunk_streams; // streams in this dispatch
uniform uint first_value;   // of this piece
uniform uint values;        // in this piece
uniform uint kept_base;     // tuples already stored, where this dispatch's go
uniform uint kept_room;     // tuples that may still be stored
uniform uvec3 box_lo;
uniform uvec3 box_hi;

bool inside(uint v, uint k) { return v >= box_lo[k] && v <= box_hi[k]; }

void main() {
	uint i = linear_invocation();
	if (i >= chunk_streams) return;
#if defined(RNG_DUMP_SEEK)
	rng_dump_seek(first_stream + i, first_value);
#elif defined(DUMP_INIT)
	if (first_value == 0u) rng_init(first_stream + i);
	else rng_load(i);
#else
	rng_load(i);
#endif
	// w holds the tuple's values, the newest last.
	uvec3 w = uvec3(0u);
	if (first_value > 0u) {
		w.y = carry[2u * i];
		w.z = carry[2u * i + 1u];
	}
	for (uint m = 0u; m < values; m++) {
		w = uvec3(w.y, w.z, rng_u32());
		if (first_value + m + 1u < uint(BOX_DIM)) continue;
		bool hit = inside(w.z, BOX_DIM - 1) && inside(w.y, BOX_DIM - 2);
#if BOX_DIM == 3
		hit = hit && inside(w.x, 0);
#endif
		if (hit) {
			uint k = atomicAdd(in_box, 1u);
			if (k < kept_room) {
				uint at = (kept_base + k) * uint(BOX_DIM);
#if BOX_DIM == 3
				kept[at] = w.x;
				kept[at + 1u] = w.y;
				kept[at + 2u] = w.z;
#else
				kept[at] = w.y;
				kept[at + 1u] = w.z;
#endif
			}
		}
	}
	carry[2u * i] = w.y;
	carry[2u * i + 1u] = w.z;
#ifndef RNG_DUMP_SEEK
	rng_store(i);
#endif
}
