package rng

// City is Pike & Alakuijala's CityHash32 of the key word's four bytes
// (city.cc's Hash32Len0to4; its bytes are signed chars, as there; the
// paper's Shadertoy, XlGcRh, reads them unsigned, which differs for bytes
// of 0x80 and above).
var City = newHash(hashSpec{
	name:  "city",
	doc:   "CityHash32 (Pike & Alakuijala, Google 2011; Jarzynski & Olano 2020) of the key word's 4 bytes (Hash32Len0to4), keyed by --hash-key",
	funcs: func(Config) hashFuncs { return hashFuncs{one: cityHash32Word} },
})

// cityMur is city.cc's Mur: one Murmur3 step with right rotations.
func cityMur(a, h uint32) uint32 {
	a = rotr32(a*murmurC1, 17) * murmurC2
	return rotr32(h^a, 19)*5 + 0xe6546b64
}

// cityHash32Word is city.cc's Hash32Len0to4 of x's little-endian bytes.
func cityHash32Word(x uint32) uint32 {
	var b uint32
	c := uint32(9)
	for i := range 4 {
		v := (x>>(8*i)&0xff ^ 0x80) - 0x80 // a signed char, widened
		b = b*murmurC1 + v
		c ^= b
	}
	return murmur3Fmix(cityMur(b, cityMur(4, c)))
}
