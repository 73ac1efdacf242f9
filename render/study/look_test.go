package study

import (
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/rng"
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
	l.OnGPU = true
	var onGPU []Looked
	gltest.On(t, func(c *gpu.Context) (err error) {
		onGPU, err = l.Run(c)
		return err
	})
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
		if err := l.Check(); err == nil || !IsInputError(err) {
			t.Errorf("%s: %v, want an input error", name, err)
		}
	}
}

// photons plots photon i's floats Decision and Decision+1 from its pool
// slot (Sobol: point i): the sample count in a zoomed square matches a
// direct count, for a stream generator and the quasi-random one.
func TestLookPhotonsAreTheSlotsDraws(t *testing.T) {
	for _, name := range []string{"lehmer", "sobol"} {
		l := Look{Specs: []rng.Spec{spec(t, name)}, Seed: 4, View: ViewPhotons, Size: 32, Points: 3000,
			Decision: PhotonDecisions["direction"], Zoom: [3]float64{0.5, 0, 0.5}}
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
			st.F32()
			st.F32()
			x, y := st.F32(), st.F32()
			if x >= 0.5 && y < 0.5 {
				in++
			}
		}
		if lk := looked[0]; lk.Points != 3000 || lk.Shown != in {
			t.Errorf("%s: %d of %d shown, %d direction samples in [0.5, 1) x [0, 0.5)", name, lk.Shown, lk.Points, in)
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
