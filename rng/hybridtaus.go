package rng

// HybridTaus is Howes & Thomas' hybrid generator (GPU Gems 3, ch. 37) as a
// hash of four words, as the paper has it: one step of three Tausworthe
// generators and an LCG, XORed; the key word goes to all four.
var HybridTaus = newHash(hashSpec{
	name: "hybridtaus",
	doc:  "hybrid Tausworthe (Howes & Thomas, GPU Gems 3 ch. 37, 2007; Jarzynski & Olano 2020): one step of three Tausworthes and an LCG, XORed, the key in all four words",
	in:   4,
	funcs: func(Config) hashFuncs {
		return hashFuncs{
			one:  func(x uint32) uint32 { return hybridTaus(x, x, x, x) },
			wide: func(v [4]uint32) [4]uint32 { return [4]uint32{hybridTaus(v[0], v[1], v[2], v[3])} },
		}
	},
})

func taus(z uint32, s1, s2, s3 uint, m uint32) uint32 { return (z&m)<<s3 ^ (z<<s1^z)>>s2 }

func hybridTaus(x, y, z, w uint32) uint32 {
	return taus(x, 13, 19, 12, 4294967294) ^ taus(y, 2, 25, 4, 4294967288) ^
		taus(z, 3, 11, 17, 4294967280) ^ (w*1664525 + 1013904223)
}
