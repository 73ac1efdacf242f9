// The scene as scenes.Pack lays it out, nearest-hit intersection through its
// BVH (scenes.BVH) and the camera; counts come as uniforms.
#include "lib/sppm.glsl" // loop_var
// KIND_* and PRIM_* (material and BVH reference kinds) come from shaders/constants.go.

layout(std430, binding = SCENE_MATERIALS_BINDING) readonly buffer SceneMaterials { vec4 scene_materials[]; };
layout(std430, binding = SCENE_SPHERES_BINDING) readonly buffer SceneSpheres { vec4 scene_spheres[]; };
layout(std430, binding = SCENE_QUADS_BINDING) readonly buffer SceneQuads { vec4 scene_quads[]; };
layout(std430, binding = SCENE_TRIANGLES_BINDING) readonly buffer SceneTriangles { vec4 scene_triangles[]; };
layout(std430, binding = SCENE_LIGHTS_BINDING) readonly buffer SceneLights { vec4 scene_lights[]; };
layout(std430, binding = SCENE_BVH_BINDING) readonly buffer SceneBVH { vec4 scene_bvh[]; };
layout(std430, binding = SCENE_REFS_BINDING) readonly buffer SceneRefs { vec2 scene_refs[]; };

uniform int n_lights;

// Camera: position, orthonormal right/up/forward and tan(fov/2) (Go computes them).
uniform vec3 cam_pos;
uniform vec3 cam_right;
uniform vec3 cam_up;
uniform vec3 cam_forward;
uniform float cam_tan;

const float RAY_EPS = 1e-4;
const float INF = 1e30;

struct Hit {
	float t;
	vec3 n;       // geometric normal as stored (not flipped)
	int material; // -1: miss
};

// Same as scenes.Camera.Ray: (px, py) continuous pixel position, y = 0 at the top.
vec3 camera_dir(vec2 p, vec2 size) {
	float u = (2.0 * p.x / size.x - 1.0) * (size.x / size.y) * cam_tan;
	float v = (1.0 - 2.0 * p.y / size.y) * cam_tan;
	return normalize(cam_forward + u * cam_right + v * cam_up);
}

void hit_sphere(int i, vec3 o, vec3 d, inout Hit h) {
	vec4 cr = scene_spheres[2 * i];
	vec3 oc = o - cr.xyz;
	float b = dot(oc, d);
	float c = dot(oc, oc) - cr.w * cr.w;
	float disc = b * b - c;
	if (disc < 0.0) return;
	float s = sqrt(disc);
	float t = -b - s;
	if (t < RAY_EPS) t = -b + s;
	if (t < RAY_EPS || t >= h.t) return;
	h.t = t;
	h.n = (o + t * d - cr.xyz) / cr.w;
	h.material = int(scene_spheres[2 * i + 1].x);
}

void hit_quad(int i, vec3 o, vec3 d, inout Hit h) {
	vec4 c = scene_quads[4 * i];
	vec3 u = scene_quads[4 * i + 1].xyz;
	vec3 v = scene_quads[4 * i + 2].xyz;
	vec3 n = scene_quads[4 * i + 3].xyz;
	float denom = dot(n, d);
	if (abs(denom) < 1e-12) return;
	float t = dot(c.xyz - o, n) / denom;
	if (t < RAY_EPS || t >= h.t) return;
	vec3 p = o + t * d - c.xyz;
	// Coordinates in the (u, v) basis: solve with the dual basis.
	vec3 w = cross(u, v);
	float inv = 1.0 / dot(w, w);
	float a = dot(cross(p, v), w) * inv;
	float b = dot(cross(u, p), w) * inv;
	if (a < 0.0 || a > 1.0 || b < 0.0 || b > 1.0) return;
	h.t = t;
	h.n = n;
	h.material = int(c.w);
}

void hit_triangle(int i, vec3 o, vec3 d, inout Hit h) {
	vec4 a = scene_triangles[4 * i];
	vec3 e1 = scene_triangles[4 * i + 1].xyz - a.xyz;
	vec3 e2 = scene_triangles[4 * i + 2].xyz - a.xyz;
	vec3 p = cross(d, e2);
	float det = dot(e1, p);
	if (abs(det) < 1e-12) return;
	float inv = 1.0 / det;
	vec3 s = o - a.xyz;
	float bu = dot(s, p) * inv;
	if (bu < 0.0 || bu > 1.0) return;
	vec3 q = cross(s, e1);
	float bv = dot(d, q) * inv;
	if (bv < 0.0 || bu + bv > 1.0) return;
	float t = dot(e2, q) * inv;
	if (t < RAY_EPS || t >= h.t) return;
	h.t = t;
	h.n = scene_triangles[4 * i + 3].xyz;
	h.material = int(a.w);
}

// Does the ray enter the box before tmax? inv_d is 1/d with zero components
// replaced by huge values of the same sign, so no 0 * inf appears.
bool hit_box(vec3 lo, vec3 hi, vec3 o, vec3 inv_d, float tmax) {
	vec3 t0 = (lo - o) * inv_d;
	vec3 t1 = (hi - o) * inv_d;
	vec3 near = min(t0, t1);
	vec3 far = max(t0, t1);
	float a = max(max(near.x, near.y), max(near.z, 0.0));
	float b = min(min(far.x, far.y), min(far.z, tmax));
	return a <= b;
}

#ifdef SCENE_BVH
// Nearest hit through the BVH; its depth is at most BVH_STACK (checked in Go).
Hit intersect(vec3 o, vec3 d) {
	Hit h;
	h.t = INF;
	h.n = vec3(0.0);
	h.material = -1;
	vec3 safe = mix(d, vec3(1e-30), equal(d, vec3(0.0)));
	vec3 inv_d = 1.0 / safe;
	uint stack[BVH_STACK];
	int sp = 0;
	uint node = 0u;
	while (true) {
		loop_var++;
		vec4 a = scene_bvh[2u * node];
		vec4 b = scene_bvh[2u * node + 1u];
		if (hit_box(a.xyz, b.xyz, o, inv_d, h.t)) {
			uint count = uint(b.w);
			if (count == 0u) { // inner node: left is next, right at a.w
				stack[sp++] = uint(a.w);
				node++;
				continue;
			}
			uint first = uint(a.w);
			loop_var += count + 1u;
			for (uint i = first; i < first + count; i++) {
				vec2 r = scene_refs[i];
				int idx = int(r.y);
				if (int(r.x) == PRIM_SPHERE) hit_sphere(idx, o, d, h);
				else if (int(r.x) == PRIM_QUAD) hit_quad(idx, o, d, h);
				else if (int(r.x) == PRIM_TRIANGLE) hit_triangle(idx, o, d, h);
			}
		}
		if (sp == 0) break;
		node = stack[--sp];
	}
	loop_var++;
	return h;
}
#else
// A handful of primitives: testing them all beats a traversal's stack.
uniform int n_spheres;
uniform int n_quads;
uniform int n_triangles;

Hit intersect(vec3 o, vec3 d) {
	Hit h;
	h.t = INF;
	h.n = vec3(0.0);
	h.material = -1;
	for (int i = 0; i < n_spheres; i++) hit_sphere(i, o, d, h);
	for (int i = 0; i < n_quads; i++) hit_quad(i, o, d, h);
	for (int i = 0; i < n_triangles; i++) hit_triangle(i, o, d, h);
	return h;
}
#endif

vec3 material_color(int m) { return scene_materials[2 * m].xyz; }
int material_kind(int m) { return int(scene_materials[2 * m].w); }
float material_ior(int m) { return scene_materials[2 * m + 1].x; }
