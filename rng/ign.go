package rng

import "math"

// IGN is Jimenez's interleaved gradient noise (Next Generation Post
// Processing in Call of Duty: Advanced Warfare, SIGGRAPH 2014), a float hash
// of a pixel: fract(52.9829189 fract(0.06711056 x + 0.00583715 y)). The key
// word k is the pixel (x, y) = (k mod 2^16, k div 2^16). Each operation is a
// correctly rounded float32 operation (GLSL's precise: no fused
// multiply-add), so the GPU matches Go bit for bit. u32 = f·2^32, exact.
//
// It is made for a pixel's position on a screen: past a few thousand pixels
// float32 keeps few bits of 0.06711056 x, and far-apart keys give the same
// values, so streams repeat one another by design (SharedStreams).
var IGN = newHash(hashSpec{
	name: "ign",
	doc:  "interleaved gradient noise (Jimenez 2014; Jarzynski & Olano 2020): fract(52.9829189·fract(0.06711056x + 0.00583715y)) of the key as a pixel (k mod 2^16, k div 2^16), float32",
	in:   2,
	funcs: func(Config) hashFuncs {
		return hashFuncs{one: ignHash, wide: func(v [4]uint32) [4]uint32 { return [4]uint32{ign2(v[0], v[1])} }}
	},
	shared: "a float hash of a pixel: float32 keeps about 2^11 values of its inner fraction for keys past 2^16, so far-apart keys, and streams, repeat one another",
})

func ignHash(k uint32) uint32 { return ign2(k&0xffff, k>>16) }

// ign2 is IGN of the pixel (x, y), f·2^32.
func ign2(px, py uint32) uint32 {
	x, y := float32(px), float32(py)
	f := fract32(float32(0.06711056*x) + float32(0.00583715*y))
	return uint32(float64(fract32(float32(52.9829189*f))) * (1 << 32))
}

// fract32 is GLSL's fract, x - floor(x), exact in float32.
func fract32(x float32) float32 { return x - float32(math.Floor(float64(x))) }
