package rng

// IQInt3 is Inigo Quilez's "Integer Hash - III" (Shadertoy 4tXyWN), of two
// words; the one key word goes to both.
var IQInt3 = newHash(hashSpec{
	name: "iqint3",
	doc:  "Quilez's Integer Hash III (Shadertoy 4tXyWN, 2017; Jarzynski & Olano 2020): two multiplications by 1103515245 of two words, the key in both, keyed by --hash-key",
	in:   2,
	funcs: func(Config) hashFuncs {
		return hashFuncs{
			one:  func(x uint32) uint32 { return iqint3(x, x) },
			wide: func(v [4]uint32) [4]uint32 { return [4]uint32{iqint3(v[0], v[1])} },
		}
	},
})

// iqint3: q = 1103515245 * ((x >> 1) ^ x.yx); n = 1103515245 * (q.x ^ (q.y >> 3)).
func iqint3(x, y uint32) uint32 {
	qx, qy := 1103515245*(x>>1^y), 1103515245*(y>>1^x)
	return 1103515245 * (qx ^ qy>>3)
}
