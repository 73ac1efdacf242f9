// TEA cut to TEA_ROUNDS (2..6) rounds, Zafar et al.'s key (all 0 with
// TEA_KEY_ZERO): rng/tea.go.
// Unrolled: no loop, so no loop passes (rng.Loops).
#include "rng/common.glsl"

// Round n (sum = n * 0x9E3779B9).
#define TEA_ROUND(n) v = tea_round(v, 0x9E3779B9u * n);

#ifdef TEA_KEY_ZERO
#define TEA_K0 0u
#define TEA_K1 0u
#define TEA_K2 0u
#define TEA_K3 0u
#else
#define TEA_K0 0xA341316Cu
#define TEA_K1 0xC8013EA4u
#define TEA_K2 0xAD90777Du
#define TEA_K3 0x7E95761Eu
#endif

uvec2 tea_round(uvec2 v, uint sum) {
	v.x += ((v.y << 4u) + TEA_K0) ^ (v.y + sum) ^ ((v.y >> 5u) + TEA_K1);
	v.y += ((v.x << 4u) + TEA_K2) ^ (v.x + sum) ^ ((v.x >> 5u) + TEA_K3);
	return v;
}

uvec2 tea(uvec2 v) {
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
	return v;
}

uint hash1(uint x) { return tea(uvec2(x)).x; }
#define HASH_WIDE
uvec4 hash_wide(uvec4 v) { return uvec4(tea(v.xy), 0u, 0u); }

#include "rng/hash.glsl"
