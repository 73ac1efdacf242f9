// A user's generator for `speckle ... --gen glsl:docs/examples/pcg_hash.glsl`:
// pcg_hash (Reed 2021, after O'Neill's PCG RXS-M-XS), keyed as the built-in
// `pcg` keys it by default (--hash-key counter), so that its dump equals
// `speckle rng dump --gen pcg` bit for bit. The contract (docs/manual.md,
// "Your own generator"): the state size, rng_init and rng_u32. Speckle
// declares uint rng_state[RNG_STATE_WORDS] and the uniforms rng_seed (the
// run's --seed) and rng_streams (how many streams run at once).
#define RNG_STATE_WORDS 2

uint pcg_hash(uint v) {
	uint state = v * 747796405u + 2891336453u;
	uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
	return (word >> 22u) ^ word;
}

// Stream `stream` hashes its own count of draws, starting at a key spread
// by the golden ratio over the streams of every seed.
void rng_init(uint stream) {
	rng_state[0] = 0x9E3779B9u * (stream + rng_streams * rng_seed);
	rng_state[1] = 1u;
}

// The next value: hash the key, then step it.
uint rng_u32() {
	uint v = pcg_hash(rng_state[0]);
	rng_state[0] += rng_state[1];
	return v;
}
