package scenes

import (
	"math"
	"testing"
)

// fresnelAngles is Fresnel's equations in their angle form,
// Rs = sin²(θi−θt)/sin²(θi+θt), Rp = tan²(θi−θt)/tan²(θi+θt), an independent
// statement of what Fresnel computes from cosines (θi > 0, no TIR).
func fresnelAngles(thetaI, n1, n2 float64) float64 {
	thetaT := math.Asin(n1 / n2 * math.Sin(thetaI))
	d, s := thetaI-thetaT, thetaI+thetaT
	rs := math.Pow(math.Sin(d)/math.Sin(s), 2)
	rp := math.Pow(math.Tan(d)/math.Tan(s), 2)
	return (rs + rp) / 2
}

// fresnel is the exact dielectric reflectance for unpolarised light, the
// mean of the s- and p-polarised terms, of a ray meeting the interface with
// cosine cosi to the normal on its side and going from index n1 into n2;
// 1 on total internal reflection. shaders/lib/sampling.glsl's fresnel is
// the same formula in float32.
func fresnel(cosi, n1, n2 float64) float64 {
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

var fresnelIORs = []float64{1.01, 1.33, 1.5, 2.42}

// Into and out of the dielectric, at every angle below the critical one,
// Fresnel equals the angle form.
func TestFresnelMatchesTheAngleForm(t *testing.T) {
	for _, ior := range fresnelIORs {
		for _, in := range [][2]float64{{1, ior}, {ior, 1}} {
			n1, n2 := in[0], in[1]
			for deg := 0.25; deg < 90; deg += 0.25 {
				th := deg * math.Pi / 180
				if n1/n2*math.Sin(th) >= 1 {
					break
				}
				got, want := fresnel(math.Cos(th), n1, n2), fresnelAngles(th, n1, n2)
				if math.Abs(got-want) > 1e-12 {
					t.Fatalf("n %v -> %v at %v°: %v, want %v", n1, n2, deg, got, want)
				}
			}
		}
	}
}

// At normal incidence the exact reflectance is Schlick's r0 = ((n1−n2)/(n1+n2))²
// (Schlick's approximation is exact there), the same both ways; at grazing
// incidence from air everything reflects.
func TestFresnelNormalAndGrazing(t *testing.T) {
	for _, ior := range fresnelIORs {
		r0 := math.Pow((1-ior)/(1+ior), 2)
		schlick := r0 + (1-r0)*math.Pow(1-1, 5)
		for _, got := range []float64{fresnel(1, 1, ior), fresnel(1, ior, 1)} {
			if math.Abs(got-schlick) > 1e-15 {
				t.Errorf("ior %v at normal incidence: %v, want Schlick's %v", ior, got, schlick)
			}
		}
		if got := fresnel(0, 1, ior); got != 1 {
			t.Errorf("ior %v at grazing incidence: %v, want 1", ior, got)
		}
		// Brewster's angle, tan θ = n2/n1: the p term vanishes, R = Rs/2.
		th := math.Atan(ior)
		tt := math.Asin(math.Sin(th) / ior)
		rs := math.Pow(math.Sin(th-tt)/math.Sin(th+tt), 2)
		if got := fresnel(math.Cos(th), 1, ior); math.Abs(got-rs/2) > 1e-12 {
			t.Errorf("ior %v at Brewster's angle: %v, want Rs/2 = %v", ior, got, rs/2)
		}
	}
}

// Reciprocity: light crossing either way along the same pair of directions
// reflects the same fraction; beyond the critical angle, everything.
func TestFresnelReciprocityAndTotalInternalReflection(t *testing.T) {
	for _, ior := range fresnelIORs {
		crit := math.Asin(1 / ior)
		for deg := 0.5; deg < 90; deg += 0.5 {
			th := deg * math.Pi / 180
			tt := math.Asin(math.Sin(th) / ior) // the angle inside the glass
			out, in := fresnel(math.Cos(th), 1, ior), fresnel(math.Cos(tt), ior, 1)
			if math.Abs(out-in) > 1e-12 {
				t.Fatalf("ior %v: entering at %v° reflects %v, leaving along the same line %v", ior, deg, out, in)
			}
			if got := fresnel(math.Cos(th), ior, 1); th > crit && got != 1 {
				t.Fatalf("ior %v: leaving at %v° beyond the critical %.3f°: %v, want 1", ior, deg, crit*180/math.Pi, got)
			} else if th < crit && !(got < 1) {
				t.Fatalf("ior %v: leaving at %v° below the critical %.3f°: %v, want < 1", ior, deg, crit*180/math.Pi, got)
			}
		}
	}
}
