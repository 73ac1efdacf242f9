// Per-channel squared error of l against the reference r, as imageio's
// metrics define it: (l - r)^2 (RMSE), or with ERROR_REL (l - r)^2 /
// (r^2 + REL_EPSILON) (the relative RMSE, imageio.PixelError's). The
// relative form divides before squaring, with sqrt(r^2 + eps) taken as
// |r| sqrt(1 + eps / r^2) for |r| >= 1, so
// that bright pixels (r^2 past float range) keep a finite ratio.
vec3 sq_error(vec3 l, vec3 r) {
	vec3 d = l - r;
#ifdef ERROR_REL
	// A select per channel, not mix(): NVIDIA evaluates mix(x, y, bvec)
	// arithmetically, so the branch not taken (0 * inf for a black
	// reference) poisoned the result with NaN.
	// Past 2^64 both sides are scaled down by 2^-64 first: NVIDIA divides
	// through a reciprocal, and that of a number near the float maximum is a
	// denormal, flushed to zero.
	for (int c = 0; c < 3; c++) {
		float a = abs(r[c]);
		float k = a > 1.8446744e19 ? 5.421011e-20 : 1.0;
		float den = a >= 1.0 ? (a * k) * sqrt(1.0 + REL_EPSILON / (a * a)) : sqrt(a * a + REL_EPSILON);
		d[c] = (d[c] * k) / den;
	}
#endif
	return d * d;
}
