package rng

import "strconv"

// TEA is Wheeler & Needham's Tiny Encryption Algorithm cut to --tea-rounds
// rounds, with Zafar, Olano & Curtis' key (GPU random numbers via the tiny
// encryption algorithm, HPG 2010): the block (x, x) for key word x, a draw
// its first word. (The paper's Shadertoy, XlGcRh, leaves the key out: all
// four key words 0.)
var TEA = newHash(hashSpec{
	name: "tea",
	doc:  "TEA (Wheeler & Needham 1994) cut to --tea-rounds rounds, Zafar et al.'s key (HPG 2010; Jarzynski & Olano 2020), the key in both words, keyed by --hash-key",
	options: []Option{{
		Name: "tea-rounds", Kind: Integer, Min: 2, Max: 6, Default: "4",
		Help: "TEA rounds (Jarzynski & Olano measured 2 to 5; a round is two Feistel steps)",
	}},
	testOptions: []map[string]string{{"tea-rounds": "6", "hash-key": keyNested}},
	funcs: func(c Config) hashFuncs {
		r := c.Int("tea-rounds")
		return hashFuncs{
			one:     func(x uint32) uint32 { return teaEncrypt(x, x, teaKey, r) },
			defines: map[string]string{"TEA_ROUNDS": strconv.Itoa(r)},
		}
	},
})

// teaKey is Zafar, Olano & Curtis' key.
var teaKey = [4]uint32{0xA341316C, 0xC8013EA4, 0xAD90777D, 0x7E95761E}

// teaEncrypt is TEA's encryption of (v0, v1) in `rounds` rounds; the first word.
func teaEncrypt(v0, v1 uint32, k [4]uint32, rounds int) uint32 {
	v0, _ = teaBlock(v0, v1, k, rounds)
	return v0
}

func teaBlock(v0, v1 uint32, k [4]uint32, rounds int) (uint32, uint32) {
	var sum uint32
	for range rounds {
		sum += 0x9E3779B9
		v0 += (v1<<4 + k[0]) ^ (v1 + sum) ^ (v1>>5 + k[1])
		v1 += (v0<<4 + k[2]) ^ (v0 + sum) ^ (v0>>5 + k[3])
	}
	return v0, v1
}
