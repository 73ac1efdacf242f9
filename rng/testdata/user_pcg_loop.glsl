// pcg_hash behind a loop of 300 passes a draw, in the glsl:FILE contract:
// its dump must equal `rng dump --gen pcg` bit for bit (cli/usergen_test.go)
// at a length whose draws need more loop passes than llvmpipe allows one
// invocation (65,535), which Speckle can only split across dispatches
// because RNG_LOOP_PASSES says what a draw costs. The trip count comes
// from a uniform, so no compiler can fold the loop away.
#define RNG_STATE_WORDS 2
#define RNG_LOOP_PASSES 301 // 300 passes, and the one that leaves
#define LOOPED_ACC 0xee2e1338u // (3^300 - 1) / 2 mod 2^32

uint looped_pcg(uint v)
{
    uint s = v * 747796405u + 2891336453u;
    uint w = ((s >> ((s >> 28u) + 4u)) ^ s) * 277803737u;
    return (w >> 22u) ^ w;
}

void rng_init(uint stream)
{
    rng_state[0] = 0x9E3779B9u * (stream + rng_streams * rng_seed);
    rng_state[1] = 1u;
}

uint rng_u32(void)
{
    // acc runs x -> 3x + 1 from 0 for n = 300 passes (n from the seed's
    // top bit, 0 for every seed below 2^31): 3^300 - 1 over 2, mod 2^32.
    uint acc = 0u;
    uint n = 300u + (rng_seed >> 31u);
    for (uint i = 0u; i < n; i++) {
        acc = acc * 3u + 1u;
    }
    uint v = looped_pcg(rng_state[0] + acc - LOOPED_ACC);
    rng_state[0] += rng_state[1];
    return v;
}
