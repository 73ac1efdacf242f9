// Package scenes holds Speckle's scene format, its loader and the built-in
// scenes, and packs a scene into the buffers the photon mapper reads.
//
// Floor: scenes, above rng. It may import rng and the leaves; it uses
// internal/capped, internal/numcheck and internal/printable.
package scenes

import (
	"fmt"
	"math"
)

// Vec3 is a point, direction or RGB colour.
type Vec3 [3]float32

func (a Vec3) Add(b Vec3) Vec3      { return Vec3{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a Vec3) Sub(b Vec3) Vec3      { return Vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a Vec3) Scale(s float32) Vec3 { return Vec3{a[0] * s, a[1] * s, a[2] * s} }
func (a Vec3) Dot(b Vec3) float32   { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a Vec3) Cross(b Vec3) Vec3 {
	return Vec3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func (a Vec3) Len() float32    { return float32(math.Sqrt(float64(a.Dot(a)))) }
func (a Vec3) Normalize() Vec3 { return a.Scale(1 / a.Len()) }
func (a Vec3) Max() float32    { return max(a[0], a[1], a[2]) }
func (a Vec3) IsZero() bool    { return a == Vec3{} }

// MaterialKind is how a surface scatters light.
type MaterialKind int

// The kinds, with the numbers the shaders use (shaders/lib/scene.glsl).
const (
	Diffuse MaterialKind = 0 // Lambertian, albedo Color
	Mirror  MaterialKind = 1 // perfect reflection, reflectance Color
	Glass   MaterialKind = 2 // dielectric with index IOR, Fresnel-weighted, tint Color
	Light   MaterialKind = 3 // one-sided Lambertian emitter of radiance Color (quads only); absorbs
)

// String is the kind's name in the scene format ("diffuse", ...).
func (k MaterialKind) String() string {
	for name, kind := range kindNames {
		if kind == k {
			return name
		}
	}
	return fmt.Sprintf("MaterialKind(%d)", int(k))
}

// Material is one surface description.
type Material struct {
	Name  string
	Kind  MaterialKind
	Color Vec3    // albedo, reflectance, tint or radiance, by Kind
	IOR   float32 // glass only
}

// Sphere is a sphere of a material.
type Sphere struct {
	Center   Vec3
	Radius   float32
	Material int // index into Scene.Materials
}

// Quad is the parallelogram Corner + s*U + t*V, s, t in [0,1]; its normal is
// normalize(U x V) (a light emits on that side only).
type Quad struct {
	Corner, U, V Vec3
	Material     int
}

// Triangle is a triangle A, B, C; its normal is normalize((B-A) x (C-A)).
type Triangle struct {
	A, B, C  Vec3
	Material int
}

// Camera is a pinhole camera.
type Camera struct {
	Position, LookAt, Up Vec3
	FOV                  float32 // vertical field of view, degrees
}

// Scene is everything the renderer needs to know about a scene.
type Scene struct {
	Name      string
	Camera    Camera
	Exposure  float32 // default exposure (a multiplier before tone mapping)
	Materials []Material
	Spheres   []Sphere
	Quads     []Quad
	Triangles []Triangle
}

// Lights are the indices of the quads whose material is a Light.
func (s *Scene) Lights() []int {
	var l []int
	for i, q := range s.Quads {
		if s.Materials[q.Material].Kind == Light {
			l = append(l, i)
		}
	}
	return l
}

// LightPower is the power (flux, per RGB channel) a light quad emits:
// a one-sided Lambertian emitter of radiance L over area A emits pi*A*L.
func (s *Scene) LightPower(quad int) Vec3 {
	q := s.Quads[quad]
	area := q.U.Cross(q.V).Len()
	return s.Materials[q.Material].Color.Scale(math.Pi * area)
}

// Bounds is the axis-aligned box around all geometry.
func (s *Scene) Bounds() (lo, hi Vec3) {
	inf := float32(math.Inf(1))
	lo, hi = Vec3{inf, inf, inf}, Vec3{-inf, -inf, -inf}
	grow := func(p Vec3) {
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], p[k])
			hi[k] = max(hi[k], p[k])
		}
	}
	for _, sp := range s.Spheres {
		r := Vec3{sp.Radius, sp.Radius, sp.Radius}
		grow(sp.Center.Sub(r))
		grow(sp.Center.Add(r))
	}
	for _, q := range s.Quads {
		grow(q.Corner)
		grow(q.Corner.Add(q.U))
		grow(q.Corner.Add(q.V))
		grow(q.Corner.Add(q.U).Add(q.V))
	}
	for _, t := range s.Triangles {
		grow(t.A)
		grow(t.B)
		grow(t.C)
	}
	return lo, hi
}

// Scale is the scene's size for precision limits: the larger of its
// bounding-box diagonal and its largest coordinate (camera position and
// look_at included), since float32 holds positions to 2^-24 of that.
func (s *Scene) Scale() float32 {
	lo, hi := s.Bounds()
	scale := hi.Sub(lo).Len()
	for _, v := range []Vec3{lo, hi, s.Camera.Position, s.Camera.LookAt} {
		for _, x := range v {
			scale = max(scale, float32(math.Abs(float64(x))))
		}
	}
	return scale
}
