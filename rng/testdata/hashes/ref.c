/* Reference values of the GPU hashes, independent of the Go models: each
 * hash written in C from its authors' published definition (pcg_hash:
 * Reed 2021; pcg2d/3d/4d: Jarzynski & Olano 2020's listings; Wang; LCG;
 * xorshift32: Marsaglia 2003; iqint1/3: Quilez's Shadertoy; MurmurHash3_x86_32:
 * SMHasher's MurmurHash3.cpp; CityHash32 Hash32Len0to4: city.cc (signed
 * chars); SuperFastHash: Hsieh's hash.c; TEA: Wheeler & Needham with Zafar
 * et al.'s key; hybrid Tausworthe: GPU Gems 3 ch. 37; JKISS32: Jones 2010)
 * and XXH32 from libxxhash itself.
 * ign (Jimenez 2014) in float, each operation rounded (-ffp-contract=off).
 * Build: gcc -O1 -ffp-contract=off -o ref ref.c -l:libxxhash.so.0 -lm && ./ref > ref.txt
 * Each line: hash name, key (or words), value, all hex. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <math.h>

typedef uint32_t u32;
extern unsigned int XXH32(const void *input, size_t length, unsigned int seed);

static u32 pcg_hash(u32 input) {
	u32 state = input * 747796405u + 2891336453u;
	u32 word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
	return (word >> 22u) ^ word;
}
static u32 pcg2d(u32 x, u32 y) {
	u32 v[2] = {x * 1664525u + 1013904223u, y * 1664525u + 1013904223u};
	v[0] += v[1] * 1664525u; v[1] += v[0] * 1664525u;
	v[0] ^= v[0] >> 16; v[1] ^= v[1] >> 16;
	v[0] += v[1] * 1664525u; v[1] += v[0] * 1664525u;
	v[0] ^= v[0] >> 16; v[1] ^= v[1] >> 16;
	return v[0];
}
static u32 pcg3d(u32 x, u32 y, u32 z) {
	u32 v[3] = {x * 1664525u + 1013904223u, y * 1664525u + 1013904223u, z * 1664525u + 1013904223u};
	v[0] += v[1] * v[2]; v[1] += v[2] * v[0]; v[2] += v[0] * v[1];
	for (int i = 0; i < 3; i++) v[i] ^= v[i] >> 16;
	v[0] += v[1] * v[2]; v[1] += v[2] * v[0]; v[2] += v[0] * v[1];
	return v[0];
}
static u32 pcg4d(u32 x, u32 y, u32 z, u32 w) {
	u32 v[4] = {x, y, z, w};
	for (int i = 0; i < 4; i++) v[i] = v[i] * 1664525u + 1013904223u;
	v[0] += v[1] * v[3]; v[1] += v[2] * v[0]; v[2] += v[0] * v[1]; v[3] += v[1] * v[2];
	for (int i = 0; i < 4; i++) v[i] ^= v[i] >> 16;
	v[0] += v[1] * v[3]; v[1] += v[2] * v[0]; v[2] += v[0] * v[1]; v[3] += v[1] * v[2];
	return v[0];
}
static u32 wang(u32 v) { v = (v ^ 61u) ^ (v >> 16u); v *= 9u; v ^= v >> 4u; v *= 0x27d4eb2du; v ^= v >> 15u; return v; }
static u32 lcg(u32 v) { return v * 1664525u + 1013904223u; }
static u32 xorshift32(u32 v) { v ^= v << 13; v ^= v >> 17; v ^= v << 5; return v; }
static u32 iqint1(u32 n) { n = (n << 13U) ^ n; n = n * (n * n * 15731U + 789221U) + 1376312589U; return n; }
static u32 iqint3(u32 x, u32 y) {
	u32 qx = 1103515245U * ((x >> 1U) ^ y), qy = 1103515245U * ((y >> 1U) ^ x);
	return 1103515245U * (qx ^ (qy >> 3U));
}
static u32 rotl32(u32 x, int r) { return (x << r) | (x >> (32 - r)); }
static u32 fmix32(u32 h) { h ^= h >> 16; h *= 0x85ebca6b; h ^= h >> 13; h *= 0xc2b2ae35; h ^= h >> 16; return h; }
/* SMHasher MurmurHash3_x86_32 */
static u32 murmur3_32(const void *key, int len, u32 seed) {
	const uint8_t *data = key; const int nblocks = len / 4; u32 h1 = seed;
	const u32 c1 = 0xcc9e2d51, c2 = 0x1b873593;
	for (int i = 0; i < nblocks; i++) {
		u32 k1; memcpy(&k1, data + 4 * i, 4);
		k1 *= c1; k1 = rotl32(k1, 15); k1 *= c2; h1 ^= k1; h1 = rotl32(h1, 13); h1 = h1 * 5 + 0xe6546b64;
	}
	const uint8_t *tail = data + nblocks * 4; u32 k1 = 0;
	switch (len & 3) {
	case 3: k1 ^= tail[2] << 16; /* fallthrough */
	case 2: k1 ^= tail[1] << 8; /* fallthrough */
	case 1: k1 ^= tail[0]; k1 *= c1; k1 = rotl32(k1, 15); k1 *= c2; h1 ^= k1;
	}
	h1 ^= len;
	return fmix32(h1);
}
/* city.cc */
static u32 Rotate32(u32 val, int shift) { return shift == 0 ? val : ((val >> shift) | (val << (32 - shift))); }
static u32 Mur(u32 a, u32 h) {
	a *= 0xcc9e2d51; a = Rotate32(a, 17); a *= 0x1b873593; h ^= a; h = Rotate32(h, 19); return h * 5 + 0xe6546b64;
}
static u32 Hash32Len0to4(const char *s, size_t len) {
	u32 b = 0, c = 9;
	for (size_t i = 0; i < len; i++) { signed char v = s[i]; b = b * 0xcc9e2d51 + v; c ^= b; }
	return fmix32(Mur(b, Mur(len, c)));
}
/* Hsieh */
#define get16bits(d) (*((const uint16_t *)(d)))
static u32 SuperFastHash(const char *data, int len) {
	u32 hash = len, tmp; int rem;
	rem = len & 3; len >>= 2;
	for (; len > 0; len--) {
		hash += get16bits(data); tmp = (get16bits(data + 2) << 11) ^ hash;
		hash = (hash << 16) ^ tmp; data += 2 * sizeof(uint16_t); hash += hash >> 11;
	}
	(void)rem;
	hash ^= hash << 3; hash += hash >> 5; hash ^= hash << 4; hash += hash >> 17; hash ^= hash << 25; hash += hash >> 6;
	return hash;
}
static u32 tea(u32 v0, u32 v1, int rounds) {
	const u32 k[4] = {0xA341316C, 0xC8013EA4, 0xAD90777D, 0x7E95761E}; u32 sum = 0;
	for (int i = 0; i < rounds; i++) {
		sum += 0x9e3779b9;
		v0 += ((v1 << 4) + k[0]) ^ (v1 + sum) ^ ((v1 >> 5) + k[1]);
		v1 += ((v0 << 4) + k[2]) ^ (v0 + sum) ^ ((v0 >> 5) + k[3]);
	}
	return v0;
}
static u32 TausStep(u32 z, int S1, int S2, int S3, u32 M) { u32 b = (((z << S1) ^ z) >> S2); return (((z & M) << S3) ^ b); }
static u32 hybridtaus(u32 z1, u32 z2, u32 z3, u32 z4) {
	return TausStep(z1, 13, 19, 12, 4294967294u) ^ TausStep(z2, 2, 25, 4, 4294967288u) ^
	       TausStep(z3, 3, 11, 17, 4294967280u) ^ (1664525 * z4 + 1013904223u);
}
static u32 jkiss32(u32 x, u32 y) {
	u32 z = 345678912, w = 456789123, c = 0; int t;
	y ^= (y << 5); y ^= (y >> 7); y ^= (y << 22);
	t = z + w + c; z = w; c = t < 0; w = t & 2147483647;
	x += 1411392427;
	return x + y + w;
}

static u32 ign(u32 k) {
	float x = (float)(k & 0xffffu), y = (float)(k >> 16);
	float a = 0.06711056f * x, b = 0.00583715f * y;
	float f = a + b;
	f = f - floorf(f);
	float g = 52.9829189f * f;
	g = g - floorf(g);
	return (u32)((double)g * 4294967296.0);
}

int main(void) {
	const u32 keys[] = {0, 1, 2, 0x7f, 0x80, 0xff, 0x8080, 0x12345678, 0x80000000, 0x9e3779b9, 0xdeadbeef, 0xfffffffe, 0xffffffff,
	                    3, 17, 100, 1000, 0x10001, 0x00ab0123};
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		u32 x = keys[i];
		char b[4]; memcpy(b, &x, 4); /* little-endian bytes */
		printf("pcg %08x %08x\n", x, pcg_hash(x));
		printf("pcg2d %08x %08x\n", x, pcg2d(x, x));
		printf("pcg3d %08x %08x\n", x, pcg3d(x, x, x));
		printf("pcg4d %08x %08x\n", x, pcg4d(x, x, x, x));
		printf("xxhash32 %08x %08x\n", x, XXH32(b, 4, 0));
		printf("wang %08x %08x\n", x, wang(x));
		printf("lcg %08x %08x\n", x, lcg(x));
		printf("xorshift32 %08x %08x\n", x, xorshift32(x));
		printf("iqint1 %08x %08x\n", x, iqint1(x));
		printf("iqint3 %08x %08x\n", x, iqint3(x, x));
		printf("murmur3 %08x %08x\n", x, murmur3_32(b, 4, 0));
		for (int r = 2; r <= 6; r++) printf("tea%d %08x %08x\n", r, x, tea(x, x, r));
		printf("city %08x %08x\n", x, Hash32Len0to4(b, 4));
		printf("superfast %08x %08x\n", x, SuperFastHash(b, 4));
		printf("hybridtaus %08x %08x\n", x, hybridtaus(x, x, x, x));
		printf("jkiss32 %08x %08x\n", x, jkiss32(x, x));
		printf("ign %08x %08x\n", x, ign(x));
	}
	/* native keying: (stream t, draw d, seed S) */
	const u32 tds[][3] = {{0, 0, 0}, {1, 2, 3}, {0xffffffff, 7, 0x9e3779b9}, {12345, 0x80000000, 42}};
	for (size_t i = 0; i < sizeof tds / sizeof tds[0]; i++) {
		u32 t = tds[i][0], d = tds[i][1], s = tds[i][2];
		u32 td[2] = {t, d};
		printf("pcg3d-native %08x,%08x,%08x %08x\n", t, d, s, pcg3d(t, d, s));
		printf("pcg4d-native %08x,%08x,%08x %08x\n", t, d, s, pcg4d(t, d, s, 0));
		printf("xxhash32-native %08x,%08x,%08x %08x\n", t, d, s, XXH32(td, 8, s));
	}
	return 0;
}
