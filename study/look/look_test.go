package look

import (
	"math"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/rng"
	"speckle/study"
)

// A bitplane's pixel (m, t) is bit Bit of value m of stream t.
func TestLookBitplanesAreTheBits(t *testing.T) {
	l := Look{Specs: []rng.Spec{spec(t, "lehmer")}, Seed: 9, View: ViewBitplanes, Size: 16, Points: 1, Bit: 3, Zoom: [3]float64{0, 0, 1}}
	looked, err := l.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	inst, _ := rng.Lehmer.New(rng.Config{Seed: 9, Streams: 16})
	img := looked[0].Image
	for s := 0; s < 16; s++ {
		st := inst.Stream(s)
		for m := 0; m < 16; m++ {
			want := uint8(0)
			if st.U32()>>3&1 == 1 {
				want = 255
			}
			if got := img.NRGBAAt(m, s).R; got != want {
				t.Fatalf("pixel (%d, %d) is %d, bit 3 of stream %d value %d says %d", m, s, got, s, m, want)
			}
		}
	}
}

// pairs counts exactly the pairs that fall in the zoomed square, and the
// GPU's picture is the Go reference's.
func TestLookPairsCountAndGPU(t *testing.T) {
	l := Look{Specs: []rng.Spec{spec(t, "rand48")}, Seed: 2, View: ViewPairs, Size: 64, Points: 5000, Zoom: [3]float64{0.25, 0.5, 0.25}, Stream: 3}
	looked, err := l.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	inst, _ := rng.Rand48.New(rng.Config{Seed: 2, Streams: 4})
	st := inst.Stream(3)
	prev, in := float64(st.U32())/(1<<31), 0
	for i := 0; i < 5000; i++ {
		x := float64(st.U32()) / (1 << 31)
		if prev >= 0.25 && prev < 0.5 && x >= 0.5 && x < 0.75 {
			in++
		}
		prev = x
	}
	if lk := looked[0]; lk.Points != 5000 || lk.Shown != in || in == 0 {
		t.Fatalf("%d of %d points shown, %d fall in the square", lk.Shown, lk.Points, in)
	}
	onGPU := runOnGPU(t, l)
	if string(onGPU[0].Image.Pix) != string(looked[0].Image.Pix) {
		t.Fatal("the GPU's picture differs from the Go reference's")
	}
}

func TestLookCheck(t *testing.T) {
	ok := Look{Specs: []rng.Spec{spec(t, "philox")}, View: ViewPairs, Size: 64, Points: 10, Zoom: [3]float64{0, 0, 1}}
	if err := ok.Check(); err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string]func(*Look){
		"view":  func(l *Look) { l.View = "lattice" },
		"zoom":  func(l *Look) { l.Zoom = [3]float64{0.9, 0, 0.2} },
		"side":  func(l *Look) { l.Zoom = [3]float64{0, 0, 0} },
		"size":  func(l *Look) { l.Size = 4 },
		"bit":   func(l *Look) { l.Bit = 32 },
		"huge":  func(l *Look) { l.Points, l.Stream = 1<<24, 1<<20-1 },
		"sobol": func(l *Look) { l.Specs = []rng.Spec{spec(t, "sobol")}; l.View = ViewBitplanes; l.Size = 2048 },
	} {
		l := ok
		bad(&l)
		if err := l.Check(); err == nil || !study.IsInputError(err) {
			t.Errorf("%s: %v, want an input error", name, err)
		}
	}
}

// photons plots photon i's floats Decision and Decision+1 from its pool
// slot (Sobol: point i): the sample count in a zoomed square matches a
// direct count, for a stream generator and the quasi-random one.
func TestLookPhotonsAreTheSlotsDraws(t *testing.T) {
	for _, c := range []struct{ name, decision string }{{"lehmer", "direction"}, {"sobol", "direction"}, {"philox", "bounce"}, {"sobol", "bounce"}} {
		name, first := c.name, PhotonDecisions[c.decision]
		l := Look{Specs: []rng.Spec{spec(t, name)}, Seed: 4, View: ViewPhotons, Size: 32, Points: 3000,
			Decision: first, Zoom: [3]float64{0.5, 0, 0.5}}
		looked, err := l.Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		inst, _ := spec(t, name).New(3000, 4)
		in := 0
		for i := 0; i < 3000; i++ {
			var st rng.Stream
			if q, ok := inst.(rng.QuasiRandom); ok {
				st = q.Point(uint64(i))
			} else {
				st = inst.Stream(i)
			}
			for k := 0; k < first; k++ {
				st.F32()
			}
			x, y := st.F32(), st.F32()
			if x >= 0.5 && y < 0.5 {
				in++
			}
		}
		if lk := looked[0]; lk.Points != 3000 || lk.Shown != in {
			t.Errorf("%s %s: %d of %d shown, %d samples in [0.5, 1) x [0, 0.5)", name, c.decision, lk.Shown, lk.Points, in)
		}
	}
}

// The spectrum tells the generators apart as the lab promises: Philox's
// samples are white noise (low-frequency power near 1), Sobol's are
// stratified and Lehmer's consecutive seeds a lattice (both near 0).
func TestLookSpectrumTellsNoiseFromStructure(t *testing.T) {
	l := Look{Specs: []rng.Spec{spec(t, "philox"), spec(t, "sobol"), spec(t, "lehmer")}, Seed: 1, View: ViewSpectrum,
		Size: 64, Points: 2048, Zoom: [3]float64{0, 0, 1}}
	looked, err := l.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	if p := looked[0].LowPower; p < 0.6 || p > 1.4 {
		t.Errorf("philox: low-frequency power %v, want about 1", p)
	}
	for _, lk := range looked[1:] {
		if lk.LowPower > 0.2 {
			t.Errorf("%s: low-frequency power %v, want near 0", lk.Spec.Label(), lk.LowPower)
		}
	}
}

// triples counts exactly the triples that fall in the zoomed cube, the
// GPU's picture is the Go reference's, and turning the cube changes the
// picture and shows its edges.
func TestLookTriplesCountGPUAndTurn(t *testing.T) {
	l := Look{Specs: []rng.Spec{spec(t, "pcg32")}, Seed: 3, View: ViewTriples, Size: 64, Points: 20000,
		Zoom: [3]float64{0.25, 0, 0.5}, ZoomZ: 0.5, Stream: 2}
	looked, err := l.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	inst, _ := rng.PCG32.New(rng.Config{Seed: 3, Streams: 3})
	st := inst.Stream(2)
	w := [3]float64{0, float64(st.U32()) / (1 << 32), float64(st.U32()) / (1 << 32)}
	in := 0
	for i := 0; i < 20000; i++ {
		w = [3]float64{w[1], w[2], float64(st.U32()) / (1 << 32)}
		if w[0] >= 0.25 && w[0] < 0.75 && w[1] < 0.5 && w[2] >= 0.5 {
			in++
		}
	}
	if lk := looked[0]; lk.Points != 20000 || lk.Shown != in || in == 0 {
		t.Fatalf("%d of %d triples shown, %d fall in the cube", lk.Shown, lk.Points, in)
	}
	onGPU := runOnGPU(t, l)
	if string(onGPU[0].Image.Pix) != string(looked[0].Image.Pix) {
		t.Fatal("the GPU's picture differs from the Go reference's")
	}
	l.Rotate = [2]float64{40, 25}
	turned, err := l.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	edges := 0
	for i := 0; i < len(turned[0].Image.Pix); i += 4 {
		if turned[0].Image.Pix[i] == 170 {
			edges++
		}
	}
	if string(turned[0].Image.Pix) == string(looked[0].Image.Pix) || turned[0].Shown != in || edges < 64 {
		t.Fatalf("turned: the same picture, %d shown (want %d) or %d edge pixels", turned[0].Shown, in, edges)
	}
}

// edgeOn turns the cube so that parallel planes (an LCG's) are seen edge
// on: every point of one plane lands on one row of the picture, whatever
// the plane's normal.
func TestEdgeOnLinesUpPlanes(t *testing.T) {
	for _, n := range [][3]float64{{9, -6, 1}, {1, 2, 3}, {0, 0, 1}, {-1, 0.5, 0}} {
		v := newCubeView(edgeOn(n))
		for _, c := range []float64{0.1, 0.4} { // planes u.n/|n| = c
			norm := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
			var ys []float64
			for _, a := range [][2]float64{{0, 0}, {0.3, -0.2}, {-0.25, 0.4}} {
				// A point of the plane: c times the unit normal plus a step within it.
				var in1, in2 [3]float64 // two directions in the plane
				in1 = cross(n, [3]float64{1, 0.3, 0.7})
				in2 = cross(n, in1)
				var u [3]float64
				for k := range u {
					u[k] = 0.5 + c*n[k]/norm + a[0]*in1[k]/math.Sqrt(dot(in1, in1)) + a[1]*in2[k]/math.Sqrt(dot(in2, in2))
				}
				_, y := v.project(u)
				ys = append(ys, y)
			}
			if math.Abs(ys[0]-ys[1]) > 1e-12 || math.Abs(ys[0]-ys[2]) > 1e-12 {
				t.Errorf("normal %v, plane %v: rows %v, want one", n, c, ys)
			}
		}
	}
}

func cross(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// The deep zoom keeps on the GPU exactly what the Go reference keeps
// (pairs and triples, so the same picture and counts), every point it
// keeps is drawn, and a box that catches more than --points keeps only
// that many while counting them all.
func TestLookDeepZoomGPUEqualsGo(t *testing.T) {
	for _, view := range []string{ViewPairs, ViewTriples} {
		l := Look{Specs: []rng.Spec{spec(t, "rand48"), spec(t, "lehmer")}, Seed: 6, View: view, Size: 64, Points: 100000,
			Zoom: [3]float64{0.3, 0.6, 0.05}, Scan: 400000}
		if view == ViewTriples {
			l.Zoom[2], l.ZoomZ = 0.2, 0.2
		}
		cpu, err := l.Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		onGPU := runOnGPU(t, l)
		for i, lk := range cpu {
			g := onGPU[i]
			if lk.InBox < 200 || lk.Scanned < 390000 || int64(lk.Shown) != lk.InBox || g.InBox != lk.InBox || g.Scanned != lk.Scanned {
				t.Errorf("%s %s: Go %d drawn, %d in the box of %d scanned; GPU %d in the box of %d", view, lk.Spec.Label(), lk.Shown, lk.InBox, lk.Scanned, g.InBox, g.Scanned)
			}
			if string(g.Image.Pix) != string(lk.Image.Pix) {
				t.Errorf("%s %s: the GPU's picture differs from the Go reference's", view, lk.Spec.Label())
			}
		}
		l.Points = 50
		capped, err := l.Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		if capped[0].Shown != 50 || capped[0].InBox != cpu[0].InBox {
			t.Errorf("%s capped at 50: %d drawn, %d in the box (want %d)", view, capped[0].Shown, capped[0].InBox, cpu[0].InBox)
		}
	}
}

// The radial average is pspec's: one point gives 1 at every ring; a 4x4
// grid has no power below frequency 4 and some at 4; white noise about 1.
func TestRadialAverage(t *testing.T) {
	const half = 16
	for _, v := range radialAverage(periodogram([]float64{0.3}, []float64{0.7}, half), half) {
		if math.Abs(v-1) > 1e-9 {
			t.Fatalf("one point: ring power %v, want 1", v)
		}
	}
	var xs, ys []float64
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			xs, ys = append(xs, (float64(i)+0.5)/4), append(ys, (float64(j)+0.5)/4)
		}
	}
	grid := radialAverage(periodogram(xs, ys, half), half)
	if len(grid) != half-1 || grid[0] > 1e-9 || grid[1] > 1e-9 || grid[2] > 1e-9 || grid[3] < 1 {
		t.Fatalf("4x4 grid: rings 1..4 %v, want 0, 0, 0 and power", grid[:4])
	}
	l := Look{Specs: []rng.Spec{spec(t, "philox")}, Seed: 2, View: ViewSpectrum, Size: 64, Points: 4096, Zoom: [3]float64{0, 0, 1}}
	looked, err := l.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	mean := 0.0
	for _, v := range looked[0].Radial {
		mean += v / float64(len(looked[0].Radial))
	}
	if math.Abs(mean-1) > 0.1 || looked[0].Image.Rect.Dy() != 64+32 {
		t.Fatalf("philox: mean ring power %v (want about 1), picture %v (the plot under the periodogram)", mean, looked[0].Image.Rect)
	}
}

// runOnGPU runs l on the GPU port (OnGPU).
func runOnGPU(t *testing.T, l Look) []Looked {
	t.Helper()
	l.OnGPU = true
	var looked []Looked
	gltest.On(t, func(c *gpu.Context) (err error) {
		looked, err = l.Run(c)
		return err
	})
	return looked
}

// A deep zoom counts a stream's values in 32 bits on the GPU: a scan that
// would draw more from each of the generator's streams is refused (here a
// Lehmer that dumps one stream only).
func TestLookScanBeyondAStream(t *testing.T) {
	one := *rng.Lehmer
	one.MaxDumpStreams = 1
	l := Look{Specs: []rng.Spec{{Gen: &one}}, View: ViewPairs, Size: 64, Points: 10, Zoom: [3]float64{0, 0, 1}, Scan: math.MaxUint32}
	if err := l.Check(); err != nil {
		t.Fatalf("2^32-1 values of one stream refused: %v", err)
	}
	l.Scan++
	if err := l.Check(); err == nil || !study.IsInputError(err) {
		t.Fatalf("2^32 values of one stream: %v, want an input error", err)
	}
}

// edgeOn is the Rotate that shows planes with normal n edge on, as rows
// of the picture: an LCG's triples on a few planes (RANDU's, normal
// (9, -6, 1)) then show as a few lines.
func edgeOn(n [3]float64) [2]float64 {
	norm := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
	// The picture's vertical axis, turned back, is (sin p sin y, cos p,
	// -sin p cos y): make it the normal.
	pitch := math.Acos(n[1] / norm)
	yaw := math.Atan2(n[0], -n[2])
	if n[0] == 0 && n[2] == 0 {
		yaw = 0
	}
	return [2]float64{yaw * 180 / math.Pi, pitch * 180 / math.Pi}
}

// The cube's outline at no turn is the unit square's face (the whole
// picture less the fit's margin); turned, a hexagon larger than a face.
func TestCubeOutlineArea(t *testing.T) {
	face := newCubeView([2]float64{0, 0}).area(512)
	if want := math.Pow(512*0.999/math.Sqrt(3), 2); math.Abs(face-want) > 1 {
		t.Errorf("face-on cube: %.0f pixels, want %.0f", face, want)
	}
	if turned := newCubeView([2]float64{30, 20}).area(512); turned <= face || turned > 512*512 {
		t.Errorf("turned cube: %.0f pixels, face %.0f", turned, face)
	}
}

// rng look's default order shows rand48's structure where a view has one:
// the renderer's for pairs and triples, unless zoomed; the streams' else.
func TestDefaultLookOrder(t *testing.T) {
	for _, c := range []struct {
		view   string
		zoomed bool
		want   string
	}{{ViewPairs, false, "renderer"}, {ViewTriples, false, "renderer"}, {ViewPairs, true, "stream"},
		{ViewStreams, false, "stream"}, {ViewBitplanes, false, "stream"}, {ViewPhotons, false, "stream"}, {ViewSpectrum, false, "stream"}} {
		if got := DefaultLookOrder(c.view, c.zoomed); got != c.want {
			t.Errorf("%s (zoomed %v): %s, want %s", c.view, c.zoomed, got, c.want)
		}
	}
}
