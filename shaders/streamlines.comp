// Jittered streamlines (issue #5), the GPU side of flow.Tracer (flow/trace.go
// is the Go reference and says what a step is). One invocation advances one
// streamline: streamline k is sub-pixel k % d^2 of seed pixel k / d^2. Each
// step adds one visit to the pixel it lands in (64-bit counts as two words,
// the carry by a second atomic); each streamline adds its steps to its seed
// pixel's length sum; work groups sum the statistics in shared memory and add
// them once.
//
// Resumable (shaders/lib/loops.glsl): a dispatch advances each unfinished
// streamline of the chunk [first_streamline, first_streamline + count) by at
// most pass_steps steps, so that no invocation loops past LOOP_BUDGET however
// long its streamline is (render.Streamlines sizes pass_steps from the
// generator's loop costs). Between dispatches a streamline lives in the
// state buffer (slot = its index in the chunk) and its generator in pool slot
// of the same number, through rng_store/rng_load. The first dispatch of a
// chunk (init_pass) seeds every streamline; a streamline's visits, length and
// statistics are added once, when it ends, so the maps do not depend on where
// the dispatches cut it.
//
// The generator comes in through the contract: rng_init(stream) for a fresh
// stream per seed pixel (slm: all sub-pixel streamlines restart it, each in a
// slot of its own) or per streamline (`independent`). A jitter vector is two
// draws, x first: the dump float where it is already centred
// (RNG_DUMP_F32_CENTRED: lehmer's lehmer_rand_vec), else rng_f32() - 0.5.
//
// Bench cut-downs (render.StreamlinePart): STREAMLINE_NO_VISITS leaves the
// density map's atomic adds out (the paths stay the same);
// STREAMLINE_HASH_JITTER draws the jitter from an integer hash of the
// streamline and its draw count instead of the generator (other paths).
//
// STREAMLINE_RECORD (tests): streamline i of the chunk also writes its
// steps, stop reason, first jitter vectors, last position and its first
// record_points positions to record[i * (8 + 2 * (record_points + 1)) ...].
layout(local_size_x = 64) in;
#include "lib/invocation.glsl"
#include <rng>

layout(std430, binding = STREAMLINE_FIELD_BINDING) readonly buffer Field { vec2 field[]; };  // grid_nx x grid_ny node vectors
layout(std430, binding = STREAMLINE_VISITS_BINDING) buffer Visits { uint visits[]; };        // per pixel: low word, high word
layout(std430, binding = STREAMLINE_LENGTHS_BINDING) buffer Lengths { uint length_steps[]; }; // per seed pixel: steps of its streamlines
layout(std430, binding = STREAMLINE_COUNTERS_BINDING) buffer Counters { uint counters[STREAMLINE_COUNTER_WORDS]; };
#ifdef STREAMLINE_RECORD
layout(std430, binding = STREAMLINE_RECORD_BINDING) writeonly buffer Record { uint record[]; };
uniform uint record_points;
#endif
// Word w (of STREAMLINE_STATE_WORDS) of slot s at w * state_stride + s: x, y
// (float bits), steps, stop (0 while running), the pixel of the current run
// of visits and its length.
layout(std430, binding = STREAMLINE_STATE_BINDING) buffer State { uint state[]; };

uniform uint width, height;      // the image, in pixels
uniform uint grid_nx, grid_ny;   // field nodes
uniform float scale_x, scale_y;  // node units per pixel
uniform uint density_n;          // d: d x d streamlines per seed pixel
uniform float inv_density;       // 1/d as a float
uniform float jitter;            // magnitude of the random vector
uniform float step_size;         // pixels
uniform uint max_steps;
uniform float min_speed;
uniform uint independent;        // 1: a stream per streamline, 0: per seed pixel
uniform uint first_streamline;   // this chunk is [first, first + count)
uniform uint count;
uniform uint init_pass;          // 1: the chunk's first dispatch, which seeds it
uniform uint pass_steps;         // steps this dispatch may take per streamline
uniform uint state_stride;       // slots in the state buffer and the pool

// STOP_* (flow.Stop) come from shaders/constants.go.

#define SL_X 0u
#define SL_Y 1u
#define SL_STEPS 2u
#define SL_STOP 3u
#define SL_RUN_PIXEL 4u
#define SL_RUN 5u

uint sl_index(uint word, uint slot) { return word * state_stride + slot; }

// Bilinear field at pixel position p in [0, W] x [0, H]; flow.Grid.At does
// the same operations in the same order.
vec2 field_at(vec2 p) {
	precise float gx = p.x * scale_x;
	precise float gy = p.y * scale_y;
	int i = min(int(gx), int(grid_nx) - 2);
	int j = min(int(gy), int(grid_ny) - 2);
	precise float fx = gx - float(i);
	precise float fy = gy - float(j);
	uint k = uint(j) * grid_nx + uint(i);
	vec2 v00 = field[k], v10 = field[k + 1u];
	vec2 v01 = field[k + grid_nx], v11 = field[k + grid_nx + 1u];
	precise vec2 a = v00 + (v10 - v00) * fx;
	precise vec2 b = v01 + (v11 - v01) * fx;
	precise vec2 r = a + (b - a) * fy;
	return r;
}

// v / |v|, or false where |v| < min_speed (NaN included).
bool normalised(vec2 v, out vec2 u) {
	precise float s2 = v.x * v.x + v.y * v.y;
	float s = sqrt(s2);
	u = vec2(0.0);
	if (!(s >= min_speed)) return false;
	u = v / s;
	return true;
}

#ifdef STREAMLINE_HASH_JITTER
uint sl_hash; // the streamline's hash state, set where its generator starts

// Chris Wellons' lowbias32.
uint sl_lowbias32(uint x) {
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	return x;
}
#endif

float jitter_draw() {
#ifdef STREAMLINE_HASH_JITTER
	sl_hash = sl_lowbias32(sl_hash + 0x9E3779B9u);
	return float(sl_hash >> 8) * (1.0 / 16777216.0) - 0.5;
#elif defined(RNG_DUMP_F32_CENTRED)
	return rng_dump_f32();
#else
	precise float f = rng_f32() - 0.5;
	return f;
#endif
}

vec2 rand_vec() {
	float x = jitter_draw(); // one draw per statement: x takes the first
	float y = jitter_draw();
	return vec2(x, y);
}

// normalise(u + jitter * r)
bool jittered(vec2 u, vec2 r, out vec2 w) {
	precise vec2 s = u + jitter * r;
	return normalised(s, w);
}

bool inside(vec2 p) {
	return p.x >= 0.0 && p.y >= 0.0 && p.x < float(width) && p.y < float(height);
}

void add_visits(uint pixel, uint n) {
#ifdef STREAMLINE_NO_VISITS
	return;
#endif
	if (n == 0u) return;
	uint old = atomicAdd(visits[2u * pixel], n);
	if (old + n < old) atomicAdd(visits[2u * pixel + 1u], 1u);
}

// Continues stream `stream` of pool slot `slot` after `drawn` draws.
#if defined(RNG_DUMP_SEEK)
// A stateless dump stream (rng/common.glsl's optional part: Sobol) seeks to
// the draw count; a quasi-random generator needs it, since its rng_load starts
// the renderer's points (render.checkResumable refuses one without it).
void resume_rng(uint slot, uint stream, uint drawn) { rng_dump_seek(stream, drawn); }
#else
void resume_rng(uint slot, uint stream, uint drawn) { rng_load(slot); }
#endif

// Per work group: steps, streamlines, and streamlines by stop reason. Scalars,
// not an array: NVIDIA's 580 driver crashed in glLinkProgram on this kernel
// with a shared uint[5] indexed by the stop reason.
shared uint group_steps, group_lines, group_stalled, group_left, group_max_steps;

void main() {
	uint local = linear_invocation();
	if (gl_LocalInvocationIndex == 0u) {
		group_steps = 0u;
		group_lines = 0u;
		group_stalled = 0u;
		group_left = 0u;
		group_max_steps = 0u;
	}
	barrier();
	uint k = first_streamline + local;
	uint d2 = density_n * density_n;
	uint pixel = k / d2, sub = k % d2;
	uint stream = independent != 0u ? k : pixel;
#ifdef STREAMLINE_RECORD
	uint rbase = local * (8u + 2u * (record_points + 1u));
#endif
	vec2 p;
	uint steps = 0u, stop = 0u;
	uint run_pixel = 0u, run = 0u; // visits to one pixel in a row, added at once
	if (local < count && init_pass != 0u) {
		rng_init(stream);
		precise float ox = (float(sub % density_n) + 0.5) * inv_density;
		precise float oy = (float(sub / density_n) + 0.5) * inv_density;
		p = vec2(float(pixel % width) + ox, float(pixel / width) + oy);
#ifdef STREAMLINE_RECORD
		for (uint i = 2u; i < 6u; i++) record[rbase + i] = 0u;
		record[rbase + 8u] = floatBitsToUint(p.x);
		record[rbase + 9u] = floatBitsToUint(p.y);
#endif
	} else if (local < count) {
		stop = state[sl_index(SL_STOP, local)];
		if (stop == 0u) {
			p = vec2(uintBitsToFloat(state[sl_index(SL_X, local)]), uintBitsToFloat(state[sl_index(SL_Y, local)]));
			steps = state[sl_index(SL_STEPS, local)];
			run_pixel = state[sl_index(SL_RUN_PIXEL, local)];
			run = state[sl_index(SL_RUN, local)];
			resume_rng(local, stream, 4u * steps); // four draws a step, none left over
		}
	}
	// Only a streamline that ended in an earlier dispatch has stop != 0 here.
	bool live = local < count && stop == 0u;
#ifdef STREAMLINE_HASH_JITTER
	sl_hash = sl_lowbias32(k) ^ (4u * steps);
#endif
	if (live) {
		float half_step = step_size * 0.5;
		for (uint n = 0u; n < pass_steps; n++) {
			vec2 u, w;
			if (!normalised(field_at(p), u)) { stop = STOP_STALLED; break; }
			vec2 r1 = rand_vec();
#ifdef STREAMLINE_RECORD
			if (steps == 0u) {
				record[rbase + 2u] = floatBitsToUint(r1.x);
				record[rbase + 3u] = floatBitsToUint(r1.y);
			}
#endif
			if (!jittered(u, r1, w)) { stop = STOP_STALLED; break; }
			precise vec2 m = p + half_step * w;
			if (!inside(m)) { stop = STOP_LEFT; break; }
			if (!normalised(field_at(m), u)) { stop = STOP_STALLED; break; }
			vec2 r2 = rand_vec();
#ifdef STREAMLINE_RECORD
			if (steps == 0u) {
				record[rbase + 4u] = floatBitsToUint(r2.x);
				record[rbase + 5u] = floatBitsToUint(r2.y);
			}
#endif
			if (!jittered(u, r2, w)) { stop = STOP_STALLED; break; }
			precise vec2 q = p + step_size * w;
			if (!inside(q)) { stop = STOP_LEFT; break; }
			p = q;
			steps++;
			uint at = uint(p.y) * width + uint(p.x);
			if (at != run_pixel) {
				add_visits(run_pixel, run);
				run_pixel = at;
				run = 0u;
			}
			run++;
#ifdef STREAMLINE_RECORD
			if (steps <= record_points) {
				record[rbase + 8u + 2u * steps] = floatBitsToUint(p.x);
				record[rbase + 9u + 2u * steps] = floatBitsToUint(p.y);
			}
#endif
			if (steps >= max_steps) { stop = STOP_MAX_STEPS; break; }
		}
		state[sl_index(SL_STOP, local)] = stop;
		if (stop == 0u) { // to be continued
			state[sl_index(SL_X, local)] = floatBitsToUint(p.x);
			state[sl_index(SL_Y, local)] = floatBitsToUint(p.y);
			state[sl_index(SL_STEPS, local)] = steps;
			state[sl_index(SL_RUN_PIXEL, local)] = run_pixel;
			state[sl_index(SL_RUN, local)] = run;
			rng_store(local);
		} else {
			add_visits(run_pixel, run);
			atomicAdd(length_steps[pixel], steps);
#ifdef STREAMLINE_RECORD
			record[rbase] = steps;
			record[rbase + 1u] = stop;
			record[rbase + 6u] = floatBitsToUint(p.x);
			record[rbase + 7u] = floatBitsToUint(p.y);
#endif
			atomicAdd(group_steps, steps);
			atomicAdd(group_lines, 1u);
			if (stop == STOP_STALLED) atomicAdd(group_stalled, 1u);
			else if (stop == STOP_LEFT) atomicAdd(group_left, 1u);
			else atomicAdd(group_max_steps, 1u);
		}
	}
	barrier();
	if (gl_LocalInvocationIndex == 0u && group_lines != 0u) {
		uint n = group_steps;
		uint old = atomicAdd(counters[STREAMLINE_COUNTER_STEPS], n);
		if (old + n < old) atomicAdd(counters[STREAMLINE_COUNTER_STEPS + 1u], 1u);
		atomicAdd(counters[STREAMLINE_COUNTER_STALLED], group_stalled);
		atomicAdd(counters[STREAMLINE_COUNTER_LEFT], group_left);
		atomicAdd(counters[STREAMLINE_COUNTER_MAX_STEPS], group_max_steps);
		atomicAdd(counters[STREAMLINE_COUNTER_LINES], group_lines);
	}
}
