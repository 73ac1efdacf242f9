package rng

// Xorshift32 is one step of Marsaglia's xorshift32 (13, 17, 5) used as a
// hash (0 maps to 0).
var Xorshift32 = newHash(hashSpec{
	name:  "xorshift32",
	doc:   "one xorshift32 step (13, 17, 5) as a hash (Marsaglia 2003; Jarzynski & Olano 2020), keyed by --hash-key",
	funcs: func(Config) hashFuncs { return hashFuncs{one: xorshift32Hash} },
})

func xorshift32Hash(v uint32) uint32 {
	v ^= v << 13
	v ^= v >> 17
	return v ^ v<<5
}
