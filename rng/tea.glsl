// TEA cut to TEA_ROUNDS (2..6) rounds, Zafar et al.'s key: rng/tea.go.
// Unrolled: no loop, so no loop passes (rng.Loops).
#include "rng/common.glsl"

// Round n (sum = n * 0x9E3779B9).
#define TEA_ROUND(n) v = tea_round(v, 0x9E3779B9u * n);

uvec2 tea_round(uvec2 v, uint sum) {
	v.x += ((v.y << 4u) + 0xA341316Cu) ^ (v.y + sum) ^ ((v.y >> 5u) + 0xC8013EA4u);
	v.y += ((v.x << 4u) + 0xAD90777Du) ^ (v.x + sum) ^ ((v.x >> 5u) + 0x7E95761Eu);
	return v;
}

uint hash1(uint x) {
	uvec2 v = uvec2(x);
	TEA_ROUND(1u)
	TEA_ROUND(2u)
#if TEA_ROUNDS >= 3
	TEA_ROUND(3u)
#endif
#if TEA_ROUNDS >= 4
	TEA_ROUND(4u)
#endif
#if TEA_ROUNDS >= 5
	TEA_ROUND(5u)
#endif
#if TEA_ROUNDS >= 6
	TEA_ROUND(6u)
#endif
	return v.x;
}

#include "rng/hash.glsl"
