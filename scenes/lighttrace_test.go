package scenes

import (
	"math"
	"math/rand"
	"runtime"
	"sync"
)

// lightTrace is an independent CPU estimate of a scene's radiance image by
// light tracing: photons leave the lights (position uniform on the quad,
// direction cosine-distributed), scatter (diffuse, mirror, glass, Russian
// roulette on diffuse), and at every diffuse vertex are connected to the
// pinhole camera (unoccluded and on the side the photon arrived from) and
// splatted into the pixel they project to, weighted by the pinhole's
// importance so that each pixel estimates its mean radiance. Surfaces seen
// directly through mirrors or glass and the lights themselves stay black.
// It returns the w*h RGBA image and the flux that arrived at each quad
// (first and later hits alike), per photon-weight unit.
func lightTrace(s *Scene, w, h int, photons int, seed int64) (img []float64, quadFlux [][3]float64) {
	cam := s.Camera
	pos := to64(cam.Position)
	fwd := norm64(sub64(to64(cam.LookAt), pos))
	right := norm64(cross64(fwd, to64(cam.Up)))
	up := cross64(right, fwd)
	tanh := math.Tan(float64(cam.FOV) * math.Pi / 360)
	aspect := float64(w) / float64(h)
	filmArea := (2 * tanh * aspect) * (2 * tanh) // image plane at distance 1

	lights := s.Lights()
	var lw []float64
	var lsum float64
	for _, l := range lights {
		p := s.LightPower(l)
		x := float64(p[0] + p[1] + p[2])
		lw = append(lw, x)
		lsum += x
	}

	workers := runtime.GOMAXPROCS(0)
	imgs := make([][]float64, workers)
	fluxes := make([][][3]float64, workers)
	var wg sync.WaitGroup
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(seed + int64(k)*7919))
			im := make([]float64, 4*w*h)
			qf := make([][3]float64, len(s.Quads))
			n := photons / workers
			if k < photons%workers {
				n++
			}
			for i := 0; i < n; i++ {
				// Pick a light by power, a point and a cosine direction.
				r := rng.Float64() * lsum
				li := 0
				for li < len(lights)-1 && r > lw[li] {
					r -= lw[li]
					li++
				}
				q := s.Quads[lights[li]]
				pl := lw[li] / lsum
				pw := s.LightPower(lights[li])
				beta := scale64(to64(pw), 1/(pl*float64(photons)))
				a, b := rng.Float64(), rng.Float64()
				o := add64(to64(q.Corner), add64(scale64(to64(q.U), a), scale64(to64(q.V), b)))
				d := cosineDir(quadNormal(q), rng)
				for depth := 0; depth < 64; depth++ {
					hh := s.intersect(add64(o, scale64(d, 1e-7)), d)
					if hh.kind == hitNone {
						break
					}
					if hh.kind == hitQuad {
						qf[hh.idx] = add64(qf[hh.idx], beta)
					}
					m := s.Materials[hh.mat]
					c := to64(m.Color)
					n := hh.n
					cosi := -dot64(d, n)
					if m.Kind == Light {
						break
					}
					if m.Kind == Diffuse {
						if cosi < 0 {
							n = scale64(n, -1)
						}
						// Connect to the camera.
						toCam := sub64(pos, hh.pos)
						dist := len64(toCam)
						dc := scale64(toCam, 1/dist)
						if cx := dot64(dc, n); cx > 0 {
							v := scale64(dc, -1) // camera -> point
							cc := dot64(v, fwd)
							if cc > 0 {
								u := dot64(v, right) / cc
								vv := dot64(v, up) / cc
								px := (u/(aspect*tanh) + 1) * float64(w) / 2
								py := (1 - vv/tanh) * float64(h) / 2
								if px >= 0 && px < float64(w) && py >= 0 && py < float64(h) {
									occ := s.intersect(add64(hh.pos, scale64(dc, 1e-7)), dc)
									if occ.kind == hitNone || occ.t >= dist*(1-1e-9) {
										we := float64(w*h) / (filmArea * cc * cc * cc * cc)
										g := cx * cc / (dist * dist) * we / math.Pi
										j := 4 * (int(py)*w + int(px))
										for ch := 0; ch < 3; ch++ {
											im[j+ch] += beta[ch] * c[ch] * g
										}
									}
								}
							}
						}
						// Russian roulette on the albedo, then a cosine bounce.
						pr := max(c[0], c[1], c[2])
						if rng.Float64() >= pr {
							break
						}
						beta = [3]float64{beta[0] * c[0] / pr, beta[1] * c[1] / pr, beta[2] * c[2] / pr}
						d = cosineDir(n, rng)
					} else {
						d = specular(m, d, hh.n, rng)
						beta = [3]float64{beta[0] * c[0], beta[1] * c[1], beta[2] * c[2]}
					}
					o = hh.pos
				}
			}
			imgs[k], fluxes[k] = im, qf
		}(k)
	}
	wg.Wait()
	img = make([]float64, 4*w*h)
	quadFlux = make([][3]float64, len(s.Quads))
	for k := range imgs {
		for i := range img {
			img[i] += imgs[k][i]
		}
		for i := range quadFlux {
			quadFlux[i] = add64(quadFlux[i], fluxes[k][i])
		}
	}
	for i := 3; i < len(img); i += 4 {
		img[i] = 1
	}
	return img, quadFlux
}

func cosineDir(n [3]float64, rng *rand.Rand) [3]float64 {
	r1, r2 := rng.Float64(), rng.Float64()
	phi, sr := 2*math.Pi*r1, math.Sqrt(r2)
	t1 := [3]float64{1, 0, 0}
	if math.Abs(n[0]) > 0.5 {
		t1 = [3]float64{0, 1, 0}
	}
	t1 = norm64(cross64(t1, n))
	t2 := cross64(n, t1)
	return add64(add64(scale64(t1, sr*math.Cos(phi)), scale64(t2, sr*math.Sin(phi))), scale64(n, math.Sqrt(1-r2)))
}

// specular scatters d off a mirror or glass surface of geometric normal n
// (glass reflects with the exact Fresnel probability, else refracts).
func specular(m Material, d, n [3]float64, rng *rand.Rand) [3]float64 {
	if m.Kind == Mirror {
		return sub64(d, scale64(n, 2*dot64(d, n)))
	}
	ior := float64(m.IOR)
	cosi := -dot64(d, n)
	n1, n2, nn := 1.0, ior, n
	if cosi < 0 {
		n1, n2, nn, cosi = ior, 1.0, scale64(n, -1), -cosi
	}
	if rng.Float64() < fresnel(cosi, n1, n2) {
		return add64(d, scale64(nn, 2*cosi))
	}
	eta := n1 / n2
	k := 1 - eta*eta*(1-cosi*cosi)
	return add64(scale64(d, eta), scale64(nn, eta*cosi-math.Sqrt(k)))
}
