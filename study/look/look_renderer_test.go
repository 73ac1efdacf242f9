package look

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/render"
	"speckle/rng"
	"speckle/study"
)

// lookRendererOrder is a small render's layout for the tests.
func lookRendererOrder(p render.Pass) *study.RendererOrder {
	return &study.RendererOrder{Scene: "cornell", Pass: p, Width: 8, Height: 4, Photons: 1024, PerPhoton: p.DrawsPerPath()}
}

// wantRendererWords is what slots 0..slots-1 draw, count each, slot after
// slot, as the renderer's words, straight from rng.RendererStream.
func wantRendererWords(t *testing.T, sp rng.Spec, r *study.RendererOrder, seed uint32, slots, count int) []uint32 {
	t.Helper()
	lay := r.PassLayout(sp.Config(1, seed).Seed, sp.Options)
	inst, err := sp.Gen.New(lay.Cfg)
	if err != nil {
		t.Fatal(err)
	}
	var out []uint32
	for s := 0; s < slots; s++ {
		next := rng.RendererStream(inst, lay.Cfg.Streams, s, r.PerPhoton, lay.SlotSequences)
		for m := 0; m < count; m++ {
			out = append(out, rng.RendererWord(next()))
		}
	}
	return out
}

// In the renderer order every view's sample is the slots' draws through
// the render (rng.RendererStream), on the Go reference and on the GPU (the
// renderer's own calls): the same words, for both passes, stream and
// quasi-random generators alike.
func TestLookRendererSampleIsTheSlotsDraws(t *testing.T) {
	views := []Look{
		{View: ViewPairs, Stream: 2, Points: 50, Lag: 3},
		{View: ViewTriples, Stream: 1, Points: 30, Lag: 2},
		{View: ViewStreams, Points: 40},
		{View: ViewBitplanes, Size: 16, Points: 1, Bit: 5},
	}
	type run struct {
		l    Look
		sp   rng.Spec
		want []uint32
	}
	var runs []run
	for _, name := range []string{"rand48", "lehmer", "philox", "sobol", "ca"} {
		sp := spec(t, name)
		for _, p := range render.Passes {
			for _, v := range views {
				l := v
				l.Seed, l.Renderer, l.Zoom = 7, lookRendererOrder(p), [3]float64{0, 0, 1}
				if l.Size == 0 {
					l.Size = 32
				}
				slots, count := l.shape()
				want := wantRendererWords(t, sp, l.Renderer, l.Seed, slots, count)
				got, err := l.Sample(nil, sp)
				if err != nil || !slices.Equal(got.Values, want) {
					t.Fatalf("%s %s pass %s: the Go reference's sample differs from the slots' draws (%v)", name, p, l.View, err)
				}
				runs = append(runs, run{l, sp, want})
			}
		}
	}
	gltest.On(t, func(c *gpu.Context) error {
		for _, r := range runs {
			r.l.OnGPU = true
			got, err := r.l.Sample(c, r.sp)
			if err != nil {
				return err
			}
			if !slices.Equal(got.Values, r.want) {
				return fmt.Errorf("%s %s pass %s: the GPU's words differ from the Go reference's", r.sp.Label(), r.l.Renderer.Pass, r.l.View)
			}
		}
		return nil
	})
}

// The photon views take the floats of draws Decision and Decision+1 of
// each slot's first path, in the pass's layout.
func TestLookRendererPhotonsAreTheFirstPaths(t *testing.T) {
	for _, name := range []string{"rand48", "sobol"} {
		sp := spec(t, name)
		l := Look{View: ViewPhotons, Seed: 3, Points: 100, Decision: PhotonDecisions["bounce"], Renderer: lookRendererOrder(render.PhotonPass)}
		got, err := l.Sample(nil, sp)
		if err != nil {
			t.Fatal(err)
		}
		lay := l.Renderer.PassLayout(3, nil)
		inst, _ := sp.Gen.New(lay.Cfg)
		for i := 0; i < l.Points; i++ {
			next := rng.RendererStream(inst, lay.Cfg.Streams, i, 7, false)
			for k := 0; k < 5; k++ {
				next()
			}
			if got.Values[2*i] != math.Float32bits(next()) || got.Values[2*i+1] != math.Float32bits(next()) {
				t.Fatalf("%s: photon %d's sample is not its draws 5 and 6", name, i)
			}
		}
	}
}

// rand48 leapfrogged over 2^20 photons: a photon's draws n and n+2 lie on
// a few lines (the picture the lab's screenshot shows); philox's fill the
// square. Counted as the pixels the points reach.
func TestLookRendererRand48Lag2Lines(t *testing.T) {
	order := &study.RendererOrder{Scene: "cornell", Pass: render.PhotonPass, Width: 960, Height: 540, Photons: 1 << 20, PerPhoton: 7}
	l := Look{Specs: []rng.Spec{spec(t, "rand48"), spec(t, "philox")}, Seed: 1, View: ViewPairs, Size: 256, Points: 1 << 18,
		Lag: 2, Zoom: [3]float64{0, 0, 1}, Renderer: order}
	looked, err := l.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	reached := func(lk Looked) (n int) {
		for i := 0; i < len(lk.Image.Pix); i += 4 {
			if lk.Image.Pix[i] != 255 {
				n++
			}
		}
		return n
	}
	if r, p := reached(looked[0]), reached(looked[1]); r*3 > p || p < 256*256/2 {
		t.Fatalf("lag-2 pairs reach %d pixels for rand48, %d for philox: want rand48's lines far fewer", r, p)
	}
}

// What the renderer order cannot show is refused with the reason.
func TestLookRendererRefuses(t *testing.T) {
	base := Look{Specs: []rng.Spec{spec(t, "philox")}, Seed: 1, View: ViewPairs, Size: 64, Points: 100, Zoom: [3]float64{0, 0, 1},
		Renderer: lookRendererOrder(render.PhotonPass)}
	eye := lookRendererOrder(render.EyePass)
	for _, c := range []struct {
		change func(*Look)
		want   string
	}{
		{func(l *Look) { l.Scan = 1e6 }, "--scan is not in the renderer order"},
		{func(l *Look) { l.View, l.Bit = ViewBitplanes, 24 }, "--bit 24: the renderer order's words"},
		{func(l *Look) { l.View, l.Renderer = ViewPhotons, eye }, "needs --pass photon"},
		{func(l *Look) { l.View, l.Decision, l.Renderer.PerPhoton = ViewPhotons, 5, 4 }, "--draws-per-photon at least 7"},
		{func(l *Look) { l.View, l.Points = ViewSpectrum, 2048 }, "first iteration has 1024 photons"},
		{func(l *Look) { l.Stream = 1024 }, "--stream 1024: the photon pass has only 1024 slots"},
		{func(l *Look) { l.View, l.Lag = ViewStreams, 2 }, "--lag is the step of pairs and triples"},
		{func(l *Look) { l.Stream, l.Points, l.OnGPU = 10, 1<<21, true }, "the renderer order on the GPU holds"},
	} {
		l := base
		r := *base.Renderer
		l.Renderer = &r
		c.change(&l)
		if err := l.Check(); err == nil || !study.IsInputError(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want an input error saying %q, got %v", c.want, err)
		}
	}
}
