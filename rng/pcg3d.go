package rng

// PCG3D is Jarzynski & Olano's pcg3d: three words in, three out; a draw is
// the first. One-word keyings give the key to all three; native keying
// hashes (t, d, S).
var PCG3D = newHash(hashSpec{
	name:   "pcg3d",
	doc:    "pcg3d (Jarzynski & Olano 2020): 3-word input and output, PCG-style LCG and cross-multiplications; native keying hashes (stream, draw, seed)",
	native: true,
	in:     3,
	lanes:  3,
	funcs: func(Config) hashFuncs {
		return hashFuncs{
			one:    func(x uint32) uint32 { return pcg3d(x, x, x) },
			native: pcg3d,
			wide: func(v [4]uint32) [4]uint32 {
				x, y, z := pcg3dWide(v[0], v[1], v[2])
				return [4]uint32{x, y, z}
			},
		}
	},
})

func pcg3d(x, y, z uint32) uint32 {
	x, y, z = x*1664525+1013904223, y*1664525+1013904223, z*1664525+1013904223
	x += y * z
	y += z * x
	z += x * y
	x, y, z = x^x>>16, y^y>>16, z^z>>16
	x += y * z
	return x // y and z go on (y += z*x; z += x*y), unused by a draw
}

// pcg3dWide is pcg3d's three output words.
func pcg3dWide(x, y, z uint32) (uint32, uint32, uint32) {
	x, y, z = x*1664525+1013904223, y*1664525+1013904223, z*1664525+1013904223
	x += y * z
	y += z * x
	z += x * y
	x, y, z = x^x>>16, y^y>>16, z^z>>16
	x += y * z
	y += z * x
	z += x * y
	return x, y, z
}
