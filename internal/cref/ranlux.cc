// libstdc++'s RANLUX core, std::ranlux24_base, and its skipping,
// std::discard_block_engine, loaded with a state given in James' order: an
// implementation of RANLUX independent of Speckle's, for tests.
#include <cstddef>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>

namespace {

// std::ranlux24_base (libstdc++'s subtract_with_carry_engine) keeps _M_x[0..23],
// _M_carry and _M_p, and steps _M_x[p] = _M_x[p-10] - _M_x[p] - carry, then p++.
// James' RANLUX steps SEEDS(I24) = SEEDS(J24) - SEEDS(I24) - CARRY, then I24--
// and J24-- (1 follows 24), with J24 = I24 - 14 (mod 24). The two agree with
// _M_x[j] = SEEDS(24 - j) and _M_p = 24 - I24 (mod 24); operator>> reads the
// text "_M_x[0] ... _M_x[23] _M_carry _M_p".
std::string base_text(const uint32_t *seeds, uint32_t carry, int i24) {
	std::ostringstream os;
	for (int j = 0; j < 24; j++) os << seeds[23 - j] << ' ';
	os << carry << ' ' << (24 - i24) % 24;
	return os.str();
}

// discard_block_engine's text is the base engine's, then _M_n: the values of
// the current block already returned.
template <std::size_t P>
int discard_block(const std::string &text, int used, uint32_t *out, int n) {
	std::discard_block_engine<std::ranlux24_base, P, 24> e;
	std::istringstream is(text + " " + std::to_string(used));
	is >> e;
	if (is.fail()) return -1;
	for (int i = 0; i < n; i++) out[i] = static_cast<uint32_t>(e());
	return 0;
}

}  // namespace

// n outputs of std::discard_block_engine<std::ranlux24_base, p, 24> (keep 24
// of every p) from James' state seeds[i] = SEEDS(i+1), carry 0 or 1, I24 =
// i24, with `used` values of the current block already returned.
extern "C" int cref_ranlux24_discard_block(const uint32_t *seeds, uint32_t carry, int i24,
                                           int used, int p, uint32_t *out, int n) {
	std::string t = base_text(seeds, carry, i24);
	switch (p) {
	case 24: return discard_block<24>(t, used, out, n);
	case 48: return discard_block<48>(t, used, out, n);
	case 100: return discard_block<100>(t, used, out, n);
	case 224: return discard_block<224>(t, used, out, n);
	case 404: return discard_block<404>(t, used, out, n);
	}
	return -1;
}

// n outputs of std::ranlux24_base from James' state, and the state after them
// (through operator<<), again in James' order.
extern "C" int cref_ranlux24_base(const uint32_t *seeds, uint32_t carry, int i24, uint32_t *out,
                                  int n, uint32_t *seeds_after, uint32_t *carry_after,
                                  int *i24_after) {
	std::ranlux24_base e;
	std::istringstream is(base_text(seeds, carry, i24));
	is >> e;
	if (is.fail()) return -1;
	for (int i = 0; i < n; i++) out[i] = static_cast<uint32_t>(e());
	std::ostringstream os;
	os << e;
	std::istringstream back(os.str());
	for (int j = 0; j < 24; j++) back >> seeds_after[23 - j];
	int p = 0;
	back >> *carry_after >> p;
	if (back.fail()) return -1;
	*i24_after = 24 - p;
	return 0;
}
