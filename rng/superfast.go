package rng

// SuperFast is Paul Hsieh's SuperFastHash of the key word's four bytes.
var SuperFast = newHash(hashSpec{
	name:  "superfast",
	doc:   "SuperFastHash (Paul Hsieh 2004; Jarzynski & Olano 2020) of the key word's 4 bytes, keyed by --hash-key",
	funcs: func(Config) hashFuncs { return hashFuncs{one: superFastWord} },
})

// superFastWord: hash = length 4, one 4-byte round, the final avalanche.
func superFastWord(x uint32) uint32 {
	h := uint32(4) + x&0xffff
	h = h<<16 ^ (x>>16)<<11 ^ h
	h += h >> 11
	h ^= h << 3
	h += h >> 5
	h ^= h << 4
	h += h >> 17
	h ^= h << 25
	return h + h>>6
}
