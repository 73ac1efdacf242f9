package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"speckle/gpu"
	"speckle/shaders"
)

// TestFloatConversionRoundsToNearestEven: the GLSL conversion of a word to
// a float (Sobol's and Lehmer's floats) gives Go's float32(u), which rounds
// to nearest even, at every bit length, for words exactly representable,
// just below, at and just above a tie with an even and an odd last kept
// bit, the largest words, and random ones.
func TestFloatConversionRoundsToNearestEven(t *testing.T) {
	words := []uint32{0, 1, 2, 255, 256, 511, 512, 513, 1<<24 - 1, 1 << 24, 1<<24 + 1, 1<<24 + 2, 1<<24 + 3, math.MaxUint32, math.MaxUint32 - 127, math.MaxUint32 - 128, math.MaxUint32 - 129}
	for bits := 25; bits <= 32; bits++ {
		drop := uint(bits - 24) // bits float32 cannot keep
		half := uint32(1) << (drop - 1)
		for _, top := range []uint32{1 << 23, 1<<23 + 1, 1<<23 + 2, 1<<24 - 2, 1<<24 - 1, 0xABCDEF | 1<<23, 0xABCDEE | 1<<23} {
			base := top << drop
			for _, low := range []uint32{0, 1, half - 1, half, half + 1, 2*half - 1} {
				words = append(words, base+low)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 1 << 16 {
		words = append(words, r.Uint32(), r.Uint32()>>uint(r.IntN(32)))
	}
	got := append([]uint32(nil), words...)
	onGL(t, func(c *gpu.Context) error {
		src, err := shaders.Build("float_probe.comp", "", nil)
		if err != nil {
			return err
		}
		p, err := c.Compute(src)
		if err != nil {
			return err
		}
		buf, err := c.NewBuffer(4*len(got), got)
		if err != nil {
			return err
		}
		defer buf.Delete()
		buf.Bind(shaders.RNGOutBinding)
		p.SetUint("invocations", uint32(len(got)))
		if err := c.Dispatch(p, len(got)); err != nil {
			return err
		}
		buf.Read(0, got)
		return nil
	})
	bad := 0
	for i, u := range words {
		if want := math.Float32bits(float32(u)); got[i] != want {
			if bad++; bad <= 5 {
				t.Errorf("float(%#08x): GPU %v (%#08x), Go %v", u, math.Float32frombits(got[i]), got[i], float32(u))
			}
		}
	}
	if bad > 5 {
		t.Errorf("%d of %d words converted wrongly", bad, len(words))
	}
}
