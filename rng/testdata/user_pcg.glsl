// A user's copy of pcg_hash written in the glsl:FILE contract (rng/user.go),
// keyed as the built-in pcg keys it by default: its GPU dump must equal
// `rng dump --gen pcg` bit for bit (cli/usergen_test.go). It keeps the
// key, its step and an unused third word, as the built-in keeps three.
#define RNG_STATE_WORDS 3 // key, step, spare

uint my_pcg(uint v)
{
    uint s = v * 747796405u + 2891336453u;
    uint w = ((s >> ((s >> 28u) + 4u)) ^ s) * 277803737u;
    return (w >> 22u) ^ w;
}

void rng_init(uint stream)
{
    rng_state[0] = 0x9E3779B9u * (stream + rng_streams * rng_seed);
    rng_state[1] = 1u;
    rng_state[2] = rng_seed;
}

uint rng_u32(void)
{
    uint v = my_pcg(rng_state[0]);
    rng_state[0] += rng_state[1];
    return v;
}
