package rng

// LCG is one step of Numerical Recipes' LCG used as a hash: 1664525 v +
// 1013904223, the paper's fastest and worst. Keyed by a counter it is a
// Weyl sequence; kept to show what that looks like.
var LCG = newHash(hashSpec{
	name:  "lcg",
	doc:   "one LCG step as a hash, 1664525 v + 1013904223 (Numerical Recipes; Jarzynski & Olano 2020): fast and poor, keyed by --hash-key",
	funcs: func(Config) hashFuncs { return hashFuncs{one: lcgHash} },
})

func lcgHash(v uint32) uint32 { return v*1664525 + 1013904223 }
