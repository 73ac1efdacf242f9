package rng

// PCG is pcg_hash: Reed's single-word cut of O'Neill's PCG (an LCG step,
// then the RXS-M-XS output permutation), the paper's "pcg".
var PCG = newHash(hashSpec{
	name:     "pcg",
	doc:      "pcg_hash (Reed 2021 after O'Neill's PCG RXS-M-XS; Jarzynski & Olano 2020): LCG step and permuted output, keyed by --hash-key",
	funcs:    func(Config) hashFuncs { return hashFuncs{one: pcgHash} },
	testKeys: []string{keyLinear, keyNested},
})

func pcgHash(v uint32) uint32 {
	state := v*747796405 + 2891336453
	word := (state>>(state>>28+4) ^ state) * 277803737
	return word>>22 ^ word
}
