// SPPM eye pass: one jittered ray per pixel, followed through mirrors and
// glass to the first diffuse surface, which becomes the pixel's visible point
// for this iteration. Light seen directly is summed into the pixel's stats.
// Random decisions: pixel jitter (2), then one per specular bounce.
layout(local_size_x = 8, local_size_y = 8) in;
#include "lib/scene.glsl"
#include "lib/sampling.glsl"
#include "lib/sppm.glsl"
#include "lib/sppm_stats.glsl"
#include <rng>

uniform int max_depth;

// trace_eye makes pixel px's visible point and returns its R^2 (0: none).
float trace_eye(uvec2 px) {
	uint pixel = px.y * width + px.x;
	rng_load(pixel);
	vec2 jitter = vec2(rng_f32(), rng_f32());
	vec3 o = cam_pos;
	vec3 d = camera_dir(vec2(px) + jitter, vec2(width, height));
	vec3 throughput = vec3(1.0);
	VisiblePoint vp;
	vp.pos_r2 = vec4(0.0);
	vp.weight_normal = vec4(0.0);
	for (int depth = 0; depth < max_depth; depth++) {
		loop_steps++;
		Hit h = intersect(o, d);
		if (h.material < 0) break;
		vec3 x = o + h.t * d;
		int kind = material_kind(h.material);
		vec3 color = material_color(h.material);
		if (kind == KIND_LIGHT) {
			if (dot(h.n, d) < 0.0) stats_n_direct[pixel].yzw += dvec3(throughput * color);
			break;
		}
		if (kind == KIND_DIFFUSE) {
			vec3 n = dot(h.n, d) < 0.0 ? h.n : -h.n;
			vp.pos_r2 = vec4(x, float(stats_tau_r2[pixel].w));
			vp.weight_normal = vec4(throughput * color / PI, pack_normal(n));
			break;
		}
		float u = rng_f32();
		if (kind == KIND_MIRROR) {
			throughput *= color;
			d = reflect(d, dot(h.n, d) < 0.0 ? h.n : -h.n);
		} else {
			throughput *= color;
			d = glass_dir(d, h.n, material_ior(h.material), u);
		}
		o = x;
	}
	vps[pixel] = vp;
	rng_store(pixel);
	return vp.pos_r2.w;
}

#ifdef GRID_ADAPTIVE
// The visible points' R^2 for the adaptive grid (lib/sppm.glsl), counted
// per work group, then added to the histogram.
shared uint group_hist[GRID_HIST_BINS];
#endif

void main() {
#ifdef GRID_ADAPTIVE
	for (uint b = gl_LocalInvocationIndex; b < GRID_HIST_BINS; b += 64u) group_hist[b] = 0u;
	barrier();
#endif
	uvec2 px = gl_GlobalInvocationID.xy;
	if (px.x < width && px.y < height) {
		float r2 = trace_eye(px);
#ifdef GRID_ADAPTIVE
		if (r2 > 0.0) atomicAdd(group_hist[grid_bin(r2)], 1u);
#endif
	}
	// Past the budget a path may have been cut short: see sppm_photon.comp.
	// (Its barriers also end the histogram's adds.)
	loop_check(SPPM_COUNTER_EYE_LOOP);
#ifdef GRID_ADAPTIVE
	for (uint b = gl_LocalInvocationIndex; b < GRID_HIST_BINS; b += 64u) {
		if (group_hist[b] != 0u) atomicAdd(counters[SPPM_COUNTER_GRID_HIST + b], group_hist[b]);
	}
#endif
}
