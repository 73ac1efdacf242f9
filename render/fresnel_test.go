package render

import (
	"math"
	"os"
	"testing"
	"testing/fstest"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/rng"
	"speckle/shaders"
)

// The shaders' fresnel (float32) equals fresnel64 (float64) on the same
// inputs, into and out of glass, at angles from normal to grazing and past
// the critical angle.
//
// Tolerance: the float32 inputs are given to both sides exactly, so what
// differs is float32 rounding inside: a dozen operations of relative error
// 2^-24 on values of order 1 (1e-6 absolute), except where the transmitted
// cosine cost = sqrt(1 − sin²θt) is small, near the critical angle: there
// the rounding of sin²θt (a few 2^-24) is amplified by d cost/d sin²θt =
// 1/(2 cost) and by dR/d cost (up to 2(n1/n2 + n2/n1)/cosi, about 6 here),
// so the bound grows by 2^-21/cost (measured on llvmpipe: up to 2.8·2^-24/cost).
// Llvmpipe's sqrt and division round exactly; drivers a few ulp off stay
// within the same bound.
// Past the critical angle both give exactly 1.
func TestFresnelGPUMatchesGo(t *testing.T) {
	kernels := fstest.MapFS{
		"lib/sampling.glsl":   {Data: mustRead(t, "../shaders/lib/sampling.glsl")},
		"lib/invocation.glsl": {Data: mustRead(t, "../shaders/lib/invocation.glsl")},
		"fresnel.comp": {Data: []byte(`layout(local_size_x = 64) in;
#include "lib/invocation.glsl"
#include "lib/sampling.glsl"
layout(std430, binding = 0) buffer Cases { vec4 cases[]; }; // cosi, n1, n2, unused
layout(std430, binding = 1) buffer Out { float reflectance[]; };
void main() {
	uint i = linear_invocation();
	if (i >= uint(cases.length())) return;
	reflectance[i] = fresnel(cases[i].x, cases[i].y, cases[i].z);
}
`)}}
	type fcase struct{ cosi, n1, n2 float32 }
	var cases []fcase
	for _, ior := range []float32{1.33, 1.5, 2.42} {
		for i := 0; i <= 1000; i++ {
			cosi := float32(math.Cos(float64(i) / 1000 * math.Pi / 2))
			cases = append(cases, fcase{cosi, 1, ior}, fcase{cosi, ior, 1})
		}
	}
	words := make([]uint32, 4*len(cases))
	for i, c := range cases {
		words[4*i], words[4*i+1], words[4*i+2] = math.Float32bits(c.cosi), math.Float32bits(c.n1), math.Float32bits(c.n2)
	}
	src, err := shaders.Resolve(kernels, rng.GLSL, "fresnel.comp", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]uint32, len(cases))
	onGL(t, func(c *gpu.Context) error {
		p, err := c.Compute(src)
		if err != nil {
			return err
		}
		in, err := c.NewBuffer(4*len(words), words)
		if err != nil {
			return err
		}
		defer in.Delete()
		out, err := c.NewBuffer(4*len(cases), nil)
		if err != nil {
			return err
		}
		defer out.Delete()
		in.Bind(0)
		out.Bind(1)
		if err := c.Dispatch(p, len(cases)); err != nil {
			return err
		}
		out.Read(0, got)
		return nil
	})
	worst := 0.0
	for i, c := range cases {
		g := float64(math.Float32frombits(got[i]))
		cosi, n1, n2 := float64(c.cosi), float64(c.n1), float64(c.n2)
		want := fresnel64(cosi, n1, n2)
		sin2t := (n1 / n2) * (n1 / n2) * (1 - cosi*cosi)
		tol := 1e-6
		if sin2t > 1 {
			tol = 0 // total internal reflection: exactly 1 on both sides
		} else {
			tol += 0x1p-21 / math.Sqrt(1-sin2t)
		}
		if d := math.Abs(g - want); d > tol || math.IsNaN(g) {
			t.Errorf("fresnel(%v, %v, %v): GPU %v, Go %v (difference %.3g, tolerance %.3g)", c.cosi, c.n1, c.n2, g, want, d, tol)
		} else if tol > 0 {
			worst = max(worst, d/tol)
		}
	}
	t.Logf("%d cases on %s: worst difference %.2f of its tolerance", len(cases), gltest.Context().Info.Renderer, worst)
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fresnel64 is the exact dielectric reflectance for unpolarised light in
// float64, the formula shaders/lib/sampling.glsl's fresnel computes (cosine
// cosi to the normal, index n1 into n2; 1 on total internal reflection).
// scenes' tests check the same formula against Fresnel's angle form.
func fresnel64(cosi, n1, n2 float64) float64 {
	eta := n1 / n2
	sin2t := eta * eta * (1 - cosi*cosi)
	if sin2t > 1 {
		return 1
	}
	cost := math.Sqrt(1 - sin2t)
	rs := (n1*cosi - n2*cost) / (n1*cosi + n2*cost)
	rp := (n2*cosi - n1*cost) / (n2*cosi + n1*cost)
	return (rs*rs + rp*rp) / 2
}
