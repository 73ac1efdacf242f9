package rng

// PCG2D is Jarzynski & Olano's pcg2d: two words in and out (LCG step, then
// two rounds of cross-multiplication by the LCG multiplier and xorshift);
// the one key word goes to both, a draw is the first output.
var PCG2D = newHash(hashSpec{
	name:  "pcg2d",
	doc:   "pcg2d (Jarzynski & Olano 2020): 2-word LCG step and cross-multiplications, the key in both words, keyed by --hash-key",
	in:    2,
	lanes: 2,
	funcs: func(Config) hashFuncs {
		return hashFuncs{
			one: func(x uint32) uint32 { return pcg2d(x, x) },
			wide: func(v [4]uint32) [4]uint32 {
				x, y := pcg2dWide(v[0], v[1])
				return [4]uint32{x, y}
			},
		}
	},
})

func pcg2d(x, y uint32) uint32 {
	x, y = x*1664525+1013904223, y*1664525+1013904223
	x += y * 1664525
	y += x * 1664525
	x, y = x^x>>16, y^y>>16
	x += y * 1664525
	return x ^ x>>16 // the first word; y goes on (y += x*1664525, y ^= y>>16), unused by a draw
}

// pcg2dWide is pcg2d's two output words.
func pcg2dWide(x, y uint32) (uint32, uint32) {
	x, y = x*1664525+1013904223, y*1664525+1013904223
	x += y * 1664525
	y += x * 1664525
	x, y = x^x>>16, y^y>>16
	x += y * 1664525
	y += x * 1664525
	return x ^ x>>16, y ^ y>>16
}
