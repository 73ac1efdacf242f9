package rng

// PCG4D is Jarzynski & Olano's pcg4d: four words in and out; the one key
// word goes to all four; native keying hashes (t, d, S, 0).
var PCG4D = newHash(hashSpec{
	name:   "pcg4d",
	doc:    "pcg4d (Jarzynski & Olano 2020): 4-word LCG step and cross-multiplications; native keying hashes (stream, draw, seed, 0)",
	native: true,
	in:     4,
	lanes:  4,
	funcs: func(Config) hashFuncs {
		return hashFuncs{
			one:    func(x uint32) uint32 { return pcg4d(x, x, x, x) },
			native: func(t, d, s uint32) uint32 { return pcg4d(t, d, s, 0) },
			wide:   func(v [4]uint32) [4]uint32 { return pcg4dWide(v) },
		}
	},
})

func pcg4d(x, y, z, w uint32) uint32 {
	x, y, z, w = x*1664525+1013904223, y*1664525+1013904223, z*1664525+1013904223, w*1664525+1013904223
	x += y * w
	y += z * x
	z += x * y
	w += y * z
	x, y, z, w = x^x>>16, y^y>>16, z^z>>16, w^w>>16
	return x + y*w // the first word; y, z and w go on, unused by a draw
}

// pcg4dWide is pcg4d's four output words.
func pcg4dWide(v [4]uint32) [4]uint32 {
	for i := range v {
		v[i] = v[i]*1664525 + 1013904223
	}
	v[0] += v[1] * v[3]
	v[1] += v[2] * v[0]
	v[2] += v[0] * v[1]
	v[3] += v[1] * v[2]
	for i := range v {
		v[i] ^= v[i] >> 16
	}
	v[0] += v[1] * v[3]
	v[1] += v[2] * v[0]
	v[2] += v[0] * v[1]
	v[3] += v[1] * v[2]
	return v
}
