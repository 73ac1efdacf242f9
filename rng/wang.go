package rng

// Wang is Thomas Wang's 32-bit integer hash (hash32shift variant with 61,
// 9, 0x27d4eb2d), the paper's "wang".
var Wang = newHash(hashSpec{
	name:  "wang",
	doc:   "Wang's 32-bit integer hash (Thomas Wang 2007; Jarzynski & Olano 2020), keyed by --hash-key",
	funcs: func(Config) hashFuncs { return hashFuncs{one: wangHash} },
})

func wangHash(v uint32) uint32 {
	v = v ^ 61 ^ v>>16
	v *= 9
	v ^= v >> 4
	v *= 0x27d4eb2d
	return v ^ v>>15
}
