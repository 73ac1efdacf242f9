package rng

import "math"

// Trig is the oldest shader hash (Jarzynski & Olano's "trig", after Rey
// 1998): fract(sin(dot(p, (12.9898, 78.233))) · 43758.5453), the constant
// of the common one-liner (the paper's Shadertoy, XlGcRh, has 43757.5453),
// with the key word k as the pixel p = (k mod 2^16, k div 2^16). GLSL's sin
// is not IEEE (each GPU has its own approximation, worse far from 0), so
// the GPU cannot match a CPU bit for bit: this model is float32 throughout
// with a correctly rounded sin, and the tests measure how far the GPU is
// from it (lab's TestTrigGPUAgainstModel). u32 = f·2^32.
//
// Past a few thousand its argument keeps few fraction bits, and the product
// by 43758.5453 few more: the values take a few hundred levels at the top,
// so streams repeat one another by design (SharedStreams).
var Trig = newHash(hashSpec{
	name: "trig",
	doc:  "fract(sin(dot(p, (12.9898, 78.233)))·43758.5453) of the key as a pixel (k mod 2^16, k div 2^16) (folklore; Jarzynski & Olano 2020): GPU sin is not IEEE, so not bit-exact",
	in:   2,
	funcs: func(Config) hashFuncs {
		return hashFuncs{one: trigHash, wide: func(v [4]uint32) [4]uint32 { return [4]uint32{trig2(v[0], v[1])} }}
	},
	inexact: true,
	shared:  "a float hash: float32 keeps few bits of sin's large arguments and of the product by 43758.5453, so the values take few levels and streams repeat one another",
})

func trigHash(k uint32) uint32 { return trig2(k&0xffff, k>>16) }

// trig2 is the hash of the pixel (x, y), f·2^32.
func trig2(px, py uint32) uint32 {
	return uint32(float64(trigFloat(px, py)) * (1 << 32))
}

// trigFloat is the hash as float32 arithmetic with a correctly rounded sin.
func trigFloat(px, py uint32) float32 {
	x, y := float32(px), float32(py)
	d := float32(12.9898*x) + float32(78.233*y)
	s := float32(math.Sin(float64(d)))
	return fract32(float32(s * 43758.5453))
}
