// Directions from uniform numbers, and the dielectric's Fresnel term.
const float PI = 3.14159265358979;

// An orthonormal basis around unit n (Duff et al. 2017).
void basis(vec3 n, out vec3 t, out vec3 b) {
	float s = n.z >= 0.0 ? 1.0 : -1.0;
	float a = -1.0 / (s + n.z);
	float c = n.x * n.y * a;
	t = vec3(1.0 + s * n.x * n.x * a, s * c, -s * n.x);
	b = vec3(c, s + n.y * n.y * a, -n.y);
}

// Cosine-weighted direction about n from (u1, u2) in [0,1)^2.
vec3 cosine_dir(vec3 n, float u1, float u2) {
	float r = sqrt(u1);
	float phi = 2.0 * PI * u2;
	vec3 t, b;
	basis(n, t, b);
	return normalize(r * cos(phi) * t + r * sin(phi) * b + sqrt(max(0.0, 1.0 - u1)) * n);
}

// The exact dielectric Fresnel reflectance, the mean of the s- and
// p-polarised terms (unpolarised light), for a ray with cosine cosi to the
// normal on its side going from index n1 into n2; 1 on total internal
// reflection. render's fresnel test holds the same formula in float64.
float fresnel(float cosi, float n1, float n2) {
	float eta = n1 / n2;
	float sin2t = eta * eta * (1.0 - cosi * cosi);
	if (sin2t > 1.0) return 1.0;
	float cost = sqrt(1.0 - sin2t);
	float rs = (n1 * cosi - n2 * cost) / (n1 * cosi + n2 * cost);
	float rp = (n2 * cosi - n1 * cost) / (n2 * cosi + n1 * cost);
	return 0.5 * (rs * rs + rp * rp);
}

// The next direction at a glass surface with geometric normal n (either
// side), incoming direction d, index ior; u picks reflection with the Fresnel
// probability. Returns the new direction.
vec3 glass_dir(vec3 d, vec3 n, float ior, float u) {
	bool entering = dot(d, n) < 0.0;
	vec3 nn = entering ? n : -n;
	float n1 = entering ? 1.0 : ior;
	float n2 = entering ? ior : 1.0;
	float cosi = -dot(d, nn);
	float f = fresnel(cosi, n1, n2);
	if (u < f) return reflect(d, nn);
	return refract(d, nn, n1 / n2);
}
