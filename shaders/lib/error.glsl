// Per-channel squared error of l against the reference r, as imageio's
// metrics define it: (l - r)^2 (RMSE), or with ERROR_REL (l - r)^2 /
// (r^2 + REL_EPSILON) (RelRMSE). The relative form divides before squaring,
// with sqrt(r^2 + eps) taken as |r| sqrt(1 + eps / r^2) for |r| >= 1, so
// that bright pixels (r^2 past float range) keep a finite ratio.
vec3 sq_error(vec3 l, vec3 r) {
	vec3 d = l - r;
#ifdef ERROR_REL
	vec3 a = abs(r);
	vec3 big = a * sqrt(1.0 + REL_EPSILON / (r * r));
	d /= mix(sqrt(r * r + REL_EPSILON), big, greaterThanEqual(a, vec3(1.0)));
#endif
	return d * d;
}
