package study

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"math"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/render"
	"speckle/rng"
)

// The generator lab's views (`speckle rng look`): what a generator's own
// numbers look like, from the exact streams the renderer draws (the dump:
// on the GPU, or the Go reference, which is the same bytes).
const (
	// ViewPairs: successive values (x_i, x_i+1) of one stream, as points.
	ViewPairs = "pairs"
	// ViewStreams: value i of stream t against value i of stream t+1: what
	// two neighbouring invocations (photons) draw.
	ViewStreams = "streams"
	// ViewBitplanes: bit Bit of consecutive values (columns) of
	// consecutive streams (rows), black 0, white 1.
	ViewBitplanes = "bitplanes"
	// ViewPhotons: the 2-D samples the photon pass takes for one decision
	// (Decision: the light position, draws 0 and 1, or the emission
	// direction, draws 2 and 3) in its first iteration of Points photons:
	// photon i draws from pool slot i (Sobol: point i), floats as the
	// renderer makes them, from the Go reference (the renderer's draws
	// equal it, TestRendererDrawsContinue).
	ViewPhotons = "photons"
	// ViewSpectrum: the periodogram of ViewPhotons' samples (pbrt-v4's
	// pspec), frequencies -spectrumHalf..spectrumHalf each way, DC in the
	// centre, log scale (white noise mid grey).
	ViewSpectrum = "spectrum"
	spectrumHalf = 64
	// maxSpectrumPoints bounds the spectrum's samples: it costs points x
	// 129^2 complex products.
	maxSpectrumPoints = 1 << 16
)

// LookViews are the views, in the order help lists them.
var LookViews = []string{ViewPairs, ViewStreams, ViewBitplanes, ViewPhotons, ViewSpectrum}

// The photon pass's decisions that ViewPhotons shows, by their first draw.
var PhotonDecisions = map[string]int{"light": 0, "direction": 2}

// Look draws one view of each generator, side by side.
type Look struct {
	Specs   []rng.Spec
	Seed    uint32            // of each generator without a seed of its own
	Options map[string]string // generator options for every spec that has them
	View    string
	Size    int // each picture's side in pixels
	Points  int // pairs and streams: how many points
	Bit     int // bitplanes: which bit, 0 the lowest
	// Zoom is the square shown of the unit square: corner (Zoom[0],
	// Zoom[1]) and side Zoom[2]; pairs and streams only.
	Zoom   [3]float64
	OnGPU  bool // else the Go reference
	Stream int  // pairs: which stream
	// Decision is ViewPhotons' first draw (PhotonDecisions).
	Decision int
}

// Looked is one generator's picture and the points that fell in the view.
type Looked struct {
	Spec          rng.Spec
	Image         *image.NRGBA
	Shown, Points int
	// LowPower is the spectrum's mean power at frequencies 1..8 (white
	// noise about 1, stratified points less, a lattice's peaks more).
	LowPower float64
}

// Limits of the lab's views.
const (
	MaxLookSize   = 2048
	MaxLookPoints = 1 << 24
	// maxLookValues bounds the values a view dumps (pairs of stream T dump
	// streams 0..T): 2^25 values are 128 MiB in Go, twice while read.
	maxLookValues = 1 << 25
)

// Check refuses bad options before any GPU work.
func (l Look) Check() error {
	switch {
	case len(l.Specs) == 0:
		return inputf("no generator to look at")
	case l.View != ViewPairs && l.View != ViewStreams && l.View != ViewBitplanes && l.View != ViewPhotons && l.View != ViewSpectrum:
		return inputf("--view must be pairs, streams, bitplanes, photons or spectrum (got %q)", l.View)
	case l.View == ViewSpectrum && l.Points > maxSpectrumPoints:
		return inputf("--points for the spectrum: at most %d (got %d)", maxSpectrumPoints, l.Points)
	case l.Size < 16 || l.Size > MaxLookSize:
		return inputf("--size must be 16..%d (got %d)", MaxLookSize, l.Size)
	case l.Points < 1 || l.Points > MaxLookPoints:
		return inputf("--points must be 1..%d (got %d)", MaxLookPoints, l.Points)
	case l.Bit < 0 || l.Bit > 31:
		return inputf("--bit must be 0..31 (got %d)", l.Bit)
	case !(l.Zoom[2] > 0) || l.Zoom[2] > 1 || !(l.Zoom[0] >= 0) || !(l.Zoom[1] >= 0) || l.Zoom[0]+l.Zoom[2] > 1 || l.Zoom[1]+l.Zoom[2] > 1:
		return inputf("--zoom X,Y,SIDE must be a square inside the unit square, SIDE > 0 (got %v)", l.Zoom)
	case l.Stream < 0 || l.Stream >= 1<<20:
		return inputf("--stream must be 0..%d (got %d)", 1<<20-1, l.Stream)
	}
	if streams, count := l.shape(); int64(streams)*int64(count) > maxLookValues {
		return inputf("%s of %d points from stream %d needs %d values: at most %d (fewer --points or a lower --stream)",
			l.View, l.Points, l.Stream, int64(streams)*int64(count), maxLookValues)
	}
	for _, sp := range l.Specs {
		streams, count := l.shape()
		if err := sp.Gen.CheckDump(streams, count); err != nil && !l.photonView() {
			return InputError{err.Error()}
		}
		if _, err := sp.With(l.Options).New(1, l.Seed); err != nil {
			return InputError{err.Error()}
		}
	}
	return nil
}

// shape is the dump a view needs: streams and values per stream.
func (l Look) shape() (streams, count int) {
	switch l.View {
	case ViewPairs:
		return l.Stream + 1, l.Points + 1
	case ViewStreams:
		streams = min(1024, l.Points+1)
		return streams, (l.Points + streams - 2) / (streams - 1)
	case ViewPhotons, ViewSpectrum:
		return l.Points, 2
	default:
		return l.Size, l.Size
	}
}

// Run draws each generator's view; c may be nil when not OnGPU.
func (l Look) Run(c *gpu.Context) ([]Looked, error) {
	if err := l.Check(); err != nil {
		return nil, err
	}
	var out []Looked
	for _, sp := range l.Specs {
		sp = sp.With(l.Options)
		values, err := l.values(c, sp)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", sp.Label(), err)
		}
		out = append(out, l.draw(sp, values))
	}
	return out, nil
}

// values dumps the streams the view needs, stream-major.
func (l Look) values(c *gpu.Context, sp rng.Spec) ([]uint32, error) {
	if l.photonView() {
		return l.photonSamples(sp)
	}
	streams, count := l.shape()
	var buf bytes.Buffer
	if l.OnGPU {
		r, err := render.NewRNG(c, sp.Gen, sp.Config(streams, l.Seed))
		if err != nil {
			return nil, err
		}
		defer r.Close()
		if err := r.Dump(count, false, &buf, nil); err != nil {
			return nil, err
		}
	} else {
		inst, err := sp.New(streams, l.Seed)
		if err != nil {
			return nil, err
		}
		if err := rng.Dump(inst, streams, count, false, &buf, nil); err != nil {
			return nil, err
		}
	}
	b := buf.Bytes()
	v := make([]uint32, len(b)/4)
	for i := range v {
		v[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return v, nil
}

// photonView says whether the view shows the photon pass's samples.
func (l Look) photonView() bool { return l.View == ViewPhotons || l.View == ViewSpectrum }

// photonSamples are the photon pass's floats for the decision, two a
// photon, as float bits: photon i's draws Decision and Decision+1.
func (l Look) photonSamples(sp rng.Spec) ([]uint32, error) {
	inst, err := sp.New(l.Points, l.Seed)
	if err != nil {
		return nil, err
	}
	quasi, isQuasi := inst.(rng.QuasiRandom)
	v := make([]uint32, 2*l.Points)
	for i := 0; i < l.Points; i++ {
		var st rng.Stream
		if isQuasi {
			st = quasi.Point(uint64(i))
		} else {
			st = inst.Stream(i)
		}
		for k := 0; k < l.Decision; k++ {
			st.F32()
		}
		v[2*i], v[2*i+1] = math.Float32bits(st.F32()), math.Float32bits(st.F32())
	}
	return v, nil
}

// draw makes the picture of values (stream-major, as shape says).
func (l Look) draw(sp rng.Spec, v []uint32) Looked {
	streams, count := l.shape()
	img := image.NewNRGBA(image.Rect(0, 0, l.Size, l.Size))
	if l.View == ViewBitplanes {
		for t := 0; t < streams; t++ {
			for m := 0; m < count; m++ {
				c := uint8(0)
				if v[t*count+m]>>l.Bit&1 == 1 {
					c = 255
				}
				img.SetNRGBA(m, t, color.NRGBA{c, c, c, 255})
			}
		}
		return Looked{Spec: sp, Image: img, Shown: streams * count, Points: streams * count}
	}
	if l.View == ViewSpectrum {
		xs, ys := make([]float64, streams), make([]float64, streams)
		for i := range xs {
			xs[i], ys[i] = float64(math.Float32frombits(v[2*i])), float64(math.Float32frombits(v[2*i+1]))
		}
		p := periodogram(xs, ys, spectrumHalf)
		low, n := 0.0, 0
		for ky := -8; ky <= 8; ky++ {
			for kx := -8; kx <= 8; kx++ {
				if kx != 0 || ky != 0 {
					low += p[(ky+spectrumHalf)*(2*spectrumHalf+1)+kx+spectrumHalf]
					n++
				}
			}
		}
		return Looked{Spec: sp, Image: spectrumImage(p, spectrumHalf, l.Size), Shown: streams, Points: streams, LowPower: low / float64(n)}
	}
	scale := 1 / math.Ldexp(1, sp.Gen.Bits()) // the native integer to [0, 1)
	hits := make([]int, l.Size*l.Size)
	shown, points := 0, 0
	plotXY := func(fx, fy float64) {
		points++
		x := (fx - l.Zoom[0]) / l.Zoom[2]
		y := (fy - l.Zoom[1]) / l.Zoom[2]
		if x < 0 || y < 0 || x >= 1 || y >= 1 {
			return
		}
		shown++
		hits[(l.Size-1-int(y*float64(l.Size)))*l.Size+int(x*float64(l.Size))]++
	}
	plot := func(a, b uint32) { plotXY(float64(a)*scale, float64(b)*scale) }
	plotF := func(a, b float32) { plotXY(float64(a), float64(b)) }
	if l.View == ViewPhotons {
		for i := 0; i < streams; i++ {
			plotF(math.Float32frombits(v[2*i]), math.Float32frombits(v[2*i+1]))
		}
	} else if l.View == ViewPairs {
		s := v[l.Stream*count : (l.Stream+1)*count]
		for i := 0; i+1 < count && points < l.Points; i++ {
			plot(s[i], s[i+1])
		}
	} else {
		for m := 0; m < count && points < l.Points; m++ {
			for t := 0; t+1 < streams && points < l.Points; t++ {
				plot(v[t*count+m], v[(t+1)*count+m])
			}
		}
	}
	// A point darkens its pixel; a pixel hit often is black.
	for i, n := range hits {
		c := uint8(255)
		if n > 0 {
			c = uint8(max(0, 200-40*(n-1)))
		}
		img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = c, c, c, 255
	}
	return Looked{Spec: sp, Image: img, Shown: shown, Points: points}
}

// Montage puts the pictures side by side, labelled with each generator and
// how many points fell in the view.
func (l Look) Montage(looked []Looked) *image.NRGBA {
	cells := [][]*image.NRGBA{make([]*image.NRGBA, len(looked))}
	labels := make([]string, len(looked))
	for i, lk := range looked {
		cells[0][i] = lk.Image
		labels[i] = lk.Spec.Label()
		if l.View == ViewSpectrum {
			labels[i] += fmt.Sprintf(" (low-frequency power %.2f)", lk.LowPower)
		} else if l.View != ViewBitplanes {
			labels[i] += fmt.Sprintf(" (%d of %d)", lk.Shown, lk.Points)
		}
	}
	return imageio.Montage(cells, nil, labels, l.title())
}

func (l Look) title() string {
	zoom := ""
	if l.Zoom != [3]float64{0, 0, 1} {
		zoom = fmt.Sprintf(", zoom [%g, %g] x [%g, %g]", l.Zoom[0], l.Zoom[0]+l.Zoom[2], l.Zoom[1], l.Zoom[1]+l.Zoom[2])
	}
	switch l.View {
	case ViewPairs:
		return fmt.Sprintf("successive values of stream %d, seed %d%s", l.Stream, l.Seed, zoom)
	case ViewStreams:
		return fmt.Sprintf("value i of stream t against stream t+1, seed %d%s", l.Seed, zoom)
	case ViewPhotons, ViewSpectrum:
		what := "light position (draws 0, 1)"
		if l.Decision == PhotonDecisions["direction"] {
			what = "emission direction (draws 2, 3)"
		}
		if l.View == ViewSpectrum {
			return fmt.Sprintf("power spectrum of the photon pass's %s, %d photons, frequencies -%d..%d, seed %d", what, l.Points, spectrumHalf, spectrumHalf, l.Seed)
		}
		return fmt.Sprintf("the photon pass's %s, first iteration of %d photons, seed %d%s", what, l.Points, l.Seed, zoom)
	default:
		return fmt.Sprintf("bit %d: values across, streams down, seed %d", l.Bit, l.Seed)
	}
}
