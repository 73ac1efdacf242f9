package validate

import (
	"math"
	"runtime"
	"sync"

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

const regionSamples = 2

// MinRegionPixels is the fewest pixels a region is compared on.
const MinRegionPixels = 20

// Regions are the regions compared on s: the whole image, each material's
// surfaces, and, for the built-ins, named parts (walls, the caustics a path
// tracer converges on: not the caustics scene's sphere shadow, lit only by
// light focused through the sphere, where 4 x 1,024 spp leave 30 % noise).
//
// Tolerances (relative; 3 standard errors of the Cycles mean are added):
// the whole image and diffuse surfaces 1.5 % (the issue measured Cycles and
// Speckle within 1 % on cornell's walls), mirrors 2 % (a sphere's rim mixes
// what it reflects), glass 3 % (its rim, where reflection and refraction
// change fastest, is where SPPM's radius blurs most), caustic patches 4 %
// (SPPM's density estimate blurs them by its radius: the region is larger
// than the blur, so most of the focused light stays inside). The light is
// its radiance on both sides (0.1 %).
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
			// The focused light under the glass sphere, in front of its contact point.
			Region{Name: "caustic under the glass sphere", Match: near(0, [3]float64{0.55, 0, 0.4}, 0.1), Tol: 0.04})
	case "caustics":
		rs = append(rs,
			Region{Name: "floor lit directly", Match: near(0, [3]float64{-2, 0, 0.5}, 0.8), Tol: 0.015},
			Region{Name: "the sphere's caustic spot", Match: near(0, [3]float64{-0.36, 0, -0.235}, 0.1), Tol: 0.04},
			Region{Name: "floor inside the cup", Match: near(0, [3]float64{0.85, 0, 0.25}, 0.7), Tol: 0.04})
	}
	return rs
}

// regionMasks lists each region's pixels (indices y*w + x) at w x h.
func regionMasks(s *scenes.Scene, rs []Region, w, h int) [][]int {
	rows := make([][][]int, h) // per row, per region
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seen := make([]scenes.Seen, regionSamples*regionSamples)
			for y := range next {
				rows[y] = make([][]int, len(rs))
				for x := 0; x < w; x++ {
					for k := range seen {
						px := float32(x) + (float32(k%regionSamples)+0.5)/regionSamples
						py := float32(y) + (float32(k/regionSamples)+0.5)/regionSamples
						seen[k] = s.FirstSeen(s.Camera.Ray(px, py, w, h))
					}
					for i, r := range rs {
						if r.Match == nil || all(seen, r.Match) {
							rows[y][i] = append(rows[y][i], y*w+x)
						}
					}
				}
			}
		}()
	}
	for y := 0; y < h; y++ {
		next <- y
	}
	close(next)
	wg.Wait()
	masks := make([][]int, len(rs))
	for _, row := range rows {
		for i := range masks {
			masks[i] = append(masks[i], row[i]...)
		}
	}
	return masks
}

func all(seen []scenes.Seen, match func(scenes.Seen) bool) bool {
	for _, h := range seen {
		if !match(h) {
			return false
		}
	}
	return true
}

// regionMean is the mean over the pixels of the mean of R, G and B.
func regionMean(img *imageio.Image, pixels []int) float64 {
	var sum float64
	for _, p := range pixels {
		sum += float64(img.Pix[4*p]+img.Pix[4*p+1]+img.Pix[4*p+2]) / 3
	}
	return sum / float64(len(pixels))
}
