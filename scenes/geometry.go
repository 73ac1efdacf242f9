package scenes

import "math"

// BoxQuads are the six faces of the axis-aligned box [lo, hi], normals
// pointing out of the box, in the order -x, +x, -y, +y, -z, +z.
func BoxQuads(lo, hi Vec3, material int) []Quad {
	d := hi.Sub(lo)
	dx, dy, dz := Vec3{d[0], 0, 0}, Vec3{0, d[1], 0}, Vec3{0, 0, d[2]}
	return []Quad{
		{Corner: lo, U: dz, V: dy, Material: material},                        // -x
		{Corner: Vec3{hi[0], lo[1], lo[2]}, U: dy, V: dz, Material: material}, // +x
		{Corner: lo, U: dx, V: dz, Material: material},                        // -y
		{Corner: Vec3{lo[0], hi[1], lo[2]}, U: dz, V: dx, Material: material}, // +y
		{Corner: lo, U: dy, V: dx, Material: material},                        // -z
		{Corner: Vec3{lo[0], lo[1], hi[2]}, U: dx, V: dy, Material: material}, // +z
	}
}

// float64 vector helpers for checks and the analytic ground truth.

func sub64(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func add64(a, b [3]float64) [3]float64 { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func scale64(a [3]float64, s float64) [3]float64 {
	return [3]float64{a[0] * s, a[1] * s, a[2] * s}
}
func dot64(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func cross64(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func len64(a [3]float64) float64     { return math.Sqrt(dot64(a, a)) }
func norm64(a [3]float64) [3]float64 { return scale64(a, 1/len64(a)) }
func to64(v Vec3) [3]float64         { return [3]float64{float64(v[0]), float64(v[1]), float64(v[2])} }
