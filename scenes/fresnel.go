package scenes

import "math"

// Fresnel is the exact dielectric reflectance for unpolarised light, the
// mean of the s- and p-polarised terms, of a ray meeting the interface with
// cosine cosi to the normal on its side and going from index n1 into n2;
// 1 on total internal reflection. shaders/lib/sampling.glsl's fresnel is
// the same formula in float32.
func Fresnel(cosi, n1, n2 float64) float64 {
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
