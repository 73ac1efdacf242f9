package rng

import "strconv"

// TEA is Wheeler & Needham's Tiny Encryption Algorithm cut to --tea-rounds
// rounds, with Zafar, Olano & Curtis' key (GPU random numbers via the tiny
// encryption algorithm, HPG 2010): the block (x, x) for key word x, a draw
// its first word. (The paper's Shadertoy, XlGcRh, leaves the key out: all
// four key words 0, as in their TestU01 harness: --tea-key zero.)
var TEA = newHash(hashSpec{
	name: "tea",
	doc:  "TEA (Wheeler & Needham 1994) cut to --tea-rounds rounds, Zafar et al.'s key (HPG 2010; Jarzynski & Olano 2020; --tea-key zero: none, as their harness), the key in both words, keyed by --hash-key",
	options: []Option{{
		Name: "tea-rounds", Kind: Integer, Min: 2, Max: 6, Default: "4",
		Help: "TEA rounds (Jarzynski & Olano measured 2 to 5; a round is two Feistel steps)",
	}, {
		Name: "tea-key", Kind: Choice, Choices: []string{"zafar", "zero"}, Default: "zafar",
		Help: "TEA's key: zafar (Zafar, Olano & Curtis 2010) or zero (all four words 0, as the paper's Shadertoy and TestU01 harness)",
	}},
	in:          2,
	lanes:       2,
	testOptions: []map[string]string{{"tea-rounds": "6", "hash-key": keyNested}, {"tea-rounds": "3", "tea-key": "zero", "hash-key": keyPaper}},
	funcs: func(c Config) hashFuncs {
		r, k := c.Int("tea-rounds"), teaKey
		d := map[string]string{"TEA_ROUNDS": strconv.Itoa(r)}
		if c.Options["tea-key"] == "zero" {
			k, d["TEA_KEY_ZERO"] = [4]uint32{}, "1"
		}
		return hashFuncs{
			one: func(x uint32) uint32 { return teaEncrypt(x, x, k, r) },
			wide: func(v [4]uint32) [4]uint32 {
				x, y := teaBlock(v[0], v[1], k, r)
				return [4]uint32{x, y}
			},
			defines: d,
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
