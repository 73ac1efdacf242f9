/* Known answers of --hash-key paper: the authors' own TestU01 harness
 * functions, compiled from their headers (not copied here), print what
 * TestU01 read from each hash.
 *
 * Harness: https://github.com/markjarzynski/HashFunctionsForGPURendering_TestU01
 * commit cf88262bc39a63b6bfff07a58213e53d3a649ba6 (test.h's test_HASH: a
 * static counter from 0, morton2/3/4 of morton.h, every output word in turn;
 * the hashes of random.h).
 *
 * Build, in a checkout of that commit (this file beside its headers):
 *   g++ -std=c++11 -O2 -ffp-contract=off -w -include cstdint -o paper paper.cpp
 * and ./paper > paper.txt writes paper.txt: for each hash, the harness name,
 * Speckle's spec that draws the same sequence (stream 0, seed 0, one
 * stream), the number of words skipped, then the next 8 words (hex; the
 * float hash ign as u32 = f*2^32, truncated, as Speckle's ign). */
#include <cstdint>
#include <cstdio>
#include "random.h"
#include "test.h"

typedef double (*fgen)();
typedef uint32_t (*ugen)();

static void row(const char *name, const char *spec, ugen u, fgen f) {
	const long skips[] = {0, 1L << 20};
	long done = 0;
	for (long skip : skips) {
		for (; done < skip; done++) u ? (void)u() : (void)f();
		printf("%s %s %ld", name, spec, skip);
		for (int i = 0; i < 8; i++, done++)
			printf(" %08x", u ? u() : (uint32_t)(f() * 4294967296.0));
		printf("\n");
	}
}

int main() {
#define U(NAME, SPEC) row(#NAME, SPEC, test_##NAME, nullptr);
	U(pcg2d, "pcg2d") U(pcg3d, "pcg3d") U(pcg4d, "pcg4d")
	U(tea2, "tea:tea-rounds=2:tea-key=zero") U(tea3, "tea:tea-rounds=3:tea-key=zero")
	U(tea4, "tea:tea-key=zero") U(tea5, "tea:tea-rounds=5:tea-key=zero")
	U(tea6, "tea:tea-rounds=6:tea-key=zero")
	U(iqint3, "iqint3") U(jkiss32, "jkiss32") U(hybridtaus, "hybridtaus")
	U(pcg, "pcg") U(wang, "wang") U(lcg, "lcg") U(xorshift32, "xorshift32")
	U(iqint1, "iqint1") U(murmur3, "murmur3") U(superfast, "superfast")
	U(city, "city") U(xxhash32, "xxhash32")
	row("ign", "ign", nullptr, test_ign);
	return 0;
}
