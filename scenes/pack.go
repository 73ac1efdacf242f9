package scenes

// Packed is a scene in the std430 layout of shaders/lib/scene.glsl: one
// buffer of 32-bit words per primitive kind, four-word (vec4) rows.
//
//	material (2 rows): color.rgb, kind | ior, 0, 0, 0
//	sphere   (2 rows): center.xyz, radius | material, 0, 0, 0
//	quad     (4 rows): corner.xyz, material | u.xyz, 0 | v.xyz, 0 | normal.xyz, area
//	triangle (4 rows): a.xyz, material | b.xyz, 0 | c.xyz, 0 | normal.xyz, 0
//	light    (1 row):  quad index, 0, 0, 0 (then the lights' power CDF, see Lights)
//
// Integers (kind, material, quad index) are stored as float values: all are
// small, and one float buffer keeps the shader's structs simple.
type Packed struct {
	Materials, Spheres, Quads, Triangles []float32
	// Lights: per light, the quad index and the cumulative share of the
	// total power (luminance-weighted sum of RGB), for choosing a light.
	Lights []float32
	// TotalPower is the sum of all lights' power per channel.
	TotalPower Vec3
}

// Pack lays s out for the GPU.
func (s *Scene) Pack() Packed {
	var p Packed
	for _, m := range s.Materials {
		p.Materials = append(p.Materials, m.Color[0], m.Color[1], m.Color[2], float32(m.Kind), m.IOR, 0, 0, 0)
	}
	for _, sp := range s.Spheres {
		p.Spheres = append(p.Spheres, sp.Center[0], sp.Center[1], sp.Center[2], sp.Radius, float32(sp.Material), 0, 0, 0)
	}
	for _, q := range s.Quads {
		n := q.U.Cross(q.V)
		area := n.Len()
		n = n.Scale(1 / area)
		p.Quads = append(p.Quads, q.Corner[0], q.Corner[1], q.Corner[2], float32(q.Material),
			q.U[0], q.U[1], q.U[2], 0, q.V[0], q.V[1], q.V[2], 0, n[0], n[1], n[2], area)
	}
	for _, t := range s.Triangles {
		n := t.B.Sub(t.A).Cross(t.C.Sub(t.A)).Normalize()
		p.Triangles = append(p.Triangles, t.A[0], t.A[1], t.A[2], float32(t.Material),
			t.B[0], t.B[1], t.B[2], 0, t.C[0], t.C[1], t.C[2], 0, n[0], n[1], n[2], 0)
	}
	lights := s.Lights()
	var weights []float64
	var sum float64
	for _, l := range lights {
		pw := s.LightPower(l)
		p.TotalPower = p.TotalPower.Add(pw)
		w := 0.2126*float64(pw[0]) + 0.7152*float64(pw[1]) + 0.0722*float64(pw[2])
		weights = append(weights, w)
		sum += w
	}
	acc := 0.0
	for i, l := range lights {
		acc += weights[i] / sum
		cdf := float32(acc)
		if i == len(lights)-1 {
			cdf = 1
		}
		p.Lights = append(p.Lights, float32(l), cdf, 0, 0)
	}
	return p
}
