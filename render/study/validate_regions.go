package study

import (
	"math"

	"speckle/imageio"
	"speckle/scenes"
)

// A Region is a set of pixels compared by its mean: those whose every
// sub-pixel sample (regionSamples² per pixel) sees a surface Match accepts,
// so that edges, where a pixel mixes surfaces, stay out.
type Region struct {
	Name  string
	Match func(scenes.Seen) bool // nil: every pixel
	Tol   float64                // relative tolerance of the mean, before Cycles' noise
}

const regionSamples = 3

// MinRegionPixels is the fewest pixels a region is compared on.
const MinRegionPixels = 20

// Regions are the regions compared on s: the whole image, each material's
// surfaces, and, for the built-ins, named parts (walls, the caustics).
//
// Tolerances: the whole image and diffuse surfaces 1.5 % (the issue measured
// Cycles and Speckle within 1 % on cornell's walls), mirrors 2 % (a sphere's
// rim mixes what it reflects), glass 3 % (its rim totally reflects
// what lies behind, sharp features SPPM's radius blurs), the caustic patches
// 4 % (SPPM's density estimate blurs them by its radius). The light is its
// radiance on both sides.
func Regions(s *scenes.Scene) []Region {
	rs := []Region{{Name: "image", Tol: 0.015}}
	for i, m := range s.Materials {
		tol := map[scenes.MaterialKind]float64{scenes.Diffuse: 0.015, scenes.Mirror: 0.02, scenes.Glass: 0.03, scenes.Light: 0.001}[m.Kind]
		rs = append(rs, Region{Name: m.Name + " (" + m.Kind.String() + ")", Match: func(h scenes.Seen) bool { return h.Prim != "" && h.Material == i }, Tol: tol})
	}
	quad := func(i int) func(scenes.Seen) bool {
		return func(h scenes.Seen) bool { return h.Prim == "quad" && h.Index == i }
	}
	near := func(q int, c [3]float64, r float64) func(scenes.Seen) bool {
		return func(h scenes.Seen) bool {
			return h.Prim == "quad" && h.Index == q && math.Hypot(math.Hypot(h.Point[0]-c[0], h.Point[1]-c[1]), h.Point[2]-c[2]) < r
		}
	}
	switch s.Name {
	case "plane":
		rs = append(rs, Region{Name: "under the light", Match: near(0, [3]float64{0.5, 0, -1}, 0.75), Tol: 0.015})
	case "cornell":
		rs = append(rs,
			Region{Name: "floor", Match: quad(0), Tol: 0.015},
			Region{Name: "ceiling", Match: quad(1), Tol: 0.015},
			Region{Name: "back wall", Match: quad(2), Tol: 0.015},
			Region{Name: "caustic under the glass sphere", Match: near(0, [3]float64{0.55, 0, 0.45}, 0.15), Tol: 0.04})
	case "caustics":
		rs = append(rs,
			Region{Name: "floor beyond the cup", Match: func(h scenes.Seen) bool {
				return near(0, [3]float64{-0.5, 0, 1.5}, 0.6)(h)
			}, Tol: 0.015})
	}
	return rs
}

// regionMasks lists each region's pixels (indices y*w + x) at w x h.
func regionMasks(s *scenes.Scene, rs []Region, w, h int) [][]int {
	masks := make([][]int, len(rs))
	seen := make([]scenes.Seen, regionSamples*regionSamples)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			for k := range seen {
				px := float32(x) + (float32(k%regionSamples)+0.5)/regionSamples
				py := float32(y) + (float32(k/regionSamples)+0.5)/regionSamples
				o, d := s.Camera.Ray(px, py, w, h)
				seen[k] = s.FirstSeen(o, d)
			}
			for i, r := range rs {
				in := true
				for _, h := range seen {
					in = in && (r.Match == nil || r.Match(h))
				}
				if in {
					masks[i] = append(masks[i], y*w+x)
				}
			}
		}
	}
	return masks
}

// regionMean is the mean over the pixels of the mean of R, G and B.
func regionMean(img *imageio.Image, pixels []int) float64 {
	var sum float64
	for _, p := range pixels {
		sum += float64(img.Pix[4*p]+img.Pix[4*p+1]+img.Pix[4*p+2]) / 3
	}
	return sum / float64(len(pixels))
}
