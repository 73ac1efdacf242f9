package rng

// JKISS32 is one step of David Jones' JKISS32 as a hash of two words, as
// the paper has it: x and y from the key (the key in both), z, w and c
// Jones' initial values. With those fixed, the add-with-carry part is a
// constant and the hash is x + xorshift(y) + a constant: poor on purpose.
var JKISS32 = newHash(hashSpec{
	name: "jkiss32",
	doc:  "one JKISS32 step (Jones, Good Practice in (Pseudo) Random Number Generation, 2010; Jarzynski & Olano 2020), the key in x and y, keyed by --hash-key",
	in:   2,
	funcs: func(Config) hashFuncs {
		return hashFuncs{
			one:  func(k uint32) uint32 { return jkiss32(k, k) },
			wide: func(v [4]uint32) [4]uint32 { return [4]uint32{jkiss32(v[0], v[1])} },
		}
	},
})

func jkiss32(x, y uint32) uint32 {
	z, w, c := uint32(345678912), uint32(456789123), uint32(0)
	y ^= y << 5
	y ^= y >> 7
	y ^= y << 22
	t := int32(z + w + c)
	w = uint32(t) & 2147483647 // z = w, c = t < 0 go on, unused
	x += 1411392427
	return x + y + w
}
