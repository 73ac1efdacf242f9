package rng

// IQInt1 is Inigo Quilez's "Integer Hash - I" (Shadertoy llGSzw, after
// Hugo Elias' 1-D integer noise): a cubic polynomial of the shifted key.
var IQInt1 = newHash(hashSpec{
	name:  "iqint1",
	doc:   "Quilez's Integer Hash I (Shadertoy llGSzw, 2017; Jarzynski & Olano 2020): n = n*(n*n*15731+789221)+1376312589 after n ^= n<<13, keyed by --hash-key",
	funcs: func(Config) hashFuncs { return hashFuncs{one: iqint1} },
})

func iqint1(n uint32) uint32 {
	n = n<<13 ^ n
	return n*(n*n*15731+789221) + 1376312589
}
