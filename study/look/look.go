package look

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"math"
	"strings"
	"time"

	"speckle/gpu"
	"speckle/internal/suggest"
	"speckle/lab"
	"speckle/render"
	"speckle/rng"
	"speckle/study"
)

// Look draws one view of each generator, side by side.
type Look struct {
	Specs  []rng.Spec
	Seed   uint32 // of each generator without a seed of its own
	View   string // the name of one of Views
	Size   int    // each picture's side in pixels
	Points int    // pairs, triples, streams and photons: how many points (a deep zoom: the most kept)
	Bit    int    // bitplanes: which bit, 0 the lowest
	// Zoom is the square shown of the unit square: corner (Zoom[0],
	// Zoom[1]) and side Zoom[2] (triples: with ZoomZ, a cube); not for
	// bitplanes and the spectrum.
	Zoom   [3]float64
	OnGPU  bool // else the Go reference
	Stream int  // pairs and triples: which stream
	// Decision is the photon views' first draw (PhotonDecisions).
	Decision int
	// ZoomZ is the third corner of the triples' cube (its side is Zoom[2]).
	ZoomZ float64
	// Rotate turns the triples' cube by a yaw about the picture's vertical
	// axis, then a pitch about its horizontal one, in degrees; 0, 0 looks
	// along the third value (x_i+2), as the pairs view shows (x_i, x_i+1).
	Rotate [2]float64
	// Scan, if not 0, is the deep zoom of pairs and triples: about Scan
	// values are drawn from many streams (scanShape), on the GPU, and only
	// the tuples of successive values of one stream that fall in the zoom
	// square (cube) are kept, at most Points of them (rng.ScanBox).
	Scan int64
	// Lag is the step of pairs and triples: (x_n, x_n+Lag) (triples: and
	// x_n+2Lag); 0 is 1, successive values.
	Lag int
	// Renderer, if not nil, reads every view's numbers in the renderer
	// order (look_renderer.go): slot s's draws through a render of the
	// pass, as the renderer's floats, in place of the dump's stream s.
	Renderer *study.RendererOrder
}

// Looked is one generator's picture and the points that fell in the view.
type Looked struct {
	Spec          rng.Spec
	Image         *image.NRGBA
	Shown, Points int
	// LowPower is the spectrum's mean power at frequencies 1..8 (white
	// noise about 1, stratified points less, a lattice's peaks more).
	LowPower float64
	// Radial is the spectrum's radial average as pbrt-v4's pspec takes
	// it: Radial[f-1] is the mean power at distance f = 1 .. spectrumHalf-1
	// from DC (radialAverage).
	Radial []float64
	// InBox and Scanned are a deep zoom's tuples in the box (Points of
	// them kept, at most) and values drawn.
	InBox, Scanned int64
}

// Limits of the lab's views.
const (
	MaxLookSize   = 2048
	MaxLookPoints = 1 << 24
	// maxLookValues bounds the values a view dumps (pairs of stream T dump
	// streams 0..T): 2^25 values are 128 MiB in Go, twice while read.
	maxLookValues = 1 << 25
	// MaxLookScan bounds a deep zoom's values (2^40: minutes on an H200);
	// MaxScanKept the tuples it keeps (48 MiB of triples on the GPU).
	MaxLookScan = 1 << 40
	MaxScanKept = 1 << 22
	// maxScanStreams is how many streams a deep zoom draws from at most.
	maxScanStreams = 1 << 16
	// maxLookPictureBytes bounds the pictures and their montage, held at once: without it
	// 1,000 generators at --size 2048 ask for 32 GiB and die in Go's out-of-memory trace.
	maxLookPictureBytes = 2 << 30
)

// PictureBytes is about what the pictures and their montage take: each side x side at 4
// bytes a pixel, twice (the pictures, then the montage drawn from them).
func (l Look) PictureBytes() int64 {
	return 2 * 4 * int64(len(l.Specs)) * int64(l.Size) * int64(l.Size)
}

// Check refuses bad options before any GPU work.
func (l Look) Check() error {
	_, known := FindView(l.View)
	v := l.ViewDef()
	switch {
	case len(l.Specs) == 0:
		return study.Inputf("no generator to look at")
	case !known:
		return study.Inputf("--view must be one of %s %s", strings.Join(ViewNames(), ", "), suggest.Got(l.View, ViewNames()))
	case v.MaxPoints > 0 && l.Points > v.MaxPoints:
		return study.Inputf("--points for the %s: at most %d (got %d)", v.Name, v.MaxPoints, l.Points)
	case l.Size < 16 || l.Size > MaxLookSize:
		return study.Inputf("--size must be 16..%d (got %d)", MaxLookSize, l.Size)
	case l.Points < 1 || l.Points > MaxLookPoints:
		return study.Inputf("--points must be 1..%d (got %d)", MaxLookPoints, l.Points)
	case l.Bit < 0 || l.Bit > 31:
		return study.Inputf("--bit must be 0..31 (got %d)", l.Bit)
	case !(l.Zoom[2] > 0) || l.Zoom[2] > 1 || !(l.Zoom[0] >= 0) || !(l.Zoom[1] >= 0) || l.Zoom[0]+l.Zoom[2] > 1 || l.Zoom[1]+l.Zoom[2] > 1:
		return study.Inputf("--zoom X,Y,SIDE must be a square inside the unit square, SIDE > 0 (got %v)", l.Zoom)
	case !(l.ZoomZ >= 0) || l.ZoomZ+l.Zoom[2] > 1:
		return study.Inputf("--zoom X,Y,Z,SIDE must be a cube inside the unit cube (got Z %v, SIDE %v)", l.ZoomZ, l.Zoom[2])
	case l.ZoomZ != 0 && !v.Takes(OptCube):
		return study.Inputf("%s", CubeRefusal(l.View))
	case math.IsNaN(l.Rotate[0]+l.Rotate[1]) || math.IsInf(l.Rotate[0]+l.Rotate[1], 0):
		return study.Inputf("--rotate must be two finite angles in degrees (got %v)", l.Rotate)
	case l.Stream < 0 || l.Stream >= 1<<20:
		return study.Inputf("--stream must be 0..%d (got %d)", 1<<20-1, l.Stream)
	case l.Scan < 0 || l.Scan > MaxLookScan:
		return study.Inputf("--scan must be 0..%d values (got %d)", int64(MaxLookScan), l.Scan)
	case l.Scan > 0 && !v.Takes(OptScan):
		return study.Inputf("--scan is the deep zoom of %s, not of %s", ViewsTaking(OptScan), l.View)
	case l.Scan > 0 && l.Points > MaxScanKept:
		return study.Inputf("--points with --scan: at most %d kept (got %d)", MaxScanKept, l.Points)
	case l.Lag < 0 || l.Lag > MaxLookLag:
		return study.Inputf("--lag must be 1..%d (got %d)", MaxLookLag, l.Lag)
	case l.Lag > 1 && !v.Takes(OptLag):
		return study.Inputf("--lag is the step of %s, not of %s", ViewsTaking(OptLag), l.View)
	case l.Lag > 1 && l.Scan > 0:
		return study.Inputf("--lag with --scan: the deep zoom scans successive values only")
	}
	if l.Renderer != nil {
		if err := l.checkRenderer(); err != nil {
			return err
		}
	}
	if b := l.PictureBytes(); b > maxLookPictureBytes {
		return study.Inputf("%d pictures of %dx%d and their montage need %d MiB: at most %d MiB (fewer --gens or a smaller --size)",
			len(l.Specs), l.Size, l.Size, b>>20, maxLookPictureBytes>>20)
	}
	if streams, count := l.shape(); l.Scan == 0 && int64(streams)*int64(count) > maxLookValues {
		return study.Inputf("%s of %d points from stream %d needs %d values: at most %d (fewer --points or a lower --stream)",
			l.View, l.Points, l.Stream, int64(streams)*int64(count), maxLookValues)
	}
	for _, sp := range l.Specs {
		streams, count := l.shape()
		if l.Scan > 0 {
			streams, count = l.scanShape(sp.Gen)
			if count > math.MaxUint32 { // a stream's values are counted in 32 bits on the GPU
				return study.Inputf("--scan %d is too many values for %s's %d streams: at most %d", l.Scan, sp.Gen.Name, streams, int64(streams)*math.MaxUint32)
			}
		}
		if err := sp.Gen.CheckDump(streams, count); err != nil && !v.Photons && l.Renderer == nil {
			return study.Inputf("%v", err)
		}
	}
	if l.Renderer != nil && l.OnGPU {
		if err := l.checkRendererGPU(); err != nil {
			return err
		}
	}
	return study.DrawnOnce("--gens", l.Specs, l.Seed)
}

// Streams is how many of g's streams the view draws from (the renderer
// order: the streams of the pass's layout).
func (l Look) Streams(g *rng.Generator) int {
	if l.Renderer != nil {
		return l.Renderer.PassLayout(0, nil).Cfg.Streams
	}
	if l.Scan > 0 {
		s, _ := l.scanShape(g)
		return s
	}
	s, _ := l.shape()
	return s
}

// shape is the dump a view needs: streams and values per stream.
func (l Look) shape() (streams, count int) {
	if v := l.ViewDef(); v.Shape != nil {
		return v.Shape(l)
	}
	return l.Size, l.Size
}

// scanShape is a deep zoom's draw: streams 0..streams-1 of count values
// each, about Scan values in all; many streams keep a GPU busy (fewer where
// the generator's dump has fewer, Sobol's dimensions).
func (l Look) scanShape(g *rng.Generator) (streams, count int) {
	streams = int(min(maxScanStreams, max(1, l.Scan/4096)))
	if g.MaxDumpStreams > 0 {
		streams = min(streams, g.MaxDumpStreams)
	}
	return streams, int(max(3, l.Scan/int64(streams)))
}

// box is the zoom square (cube) in sp's native integers, corners
// inclusive: v is in it when its value v/2^bits is in [corner, corner+side).
func (l Look) box(g *rng.Generator) rng.Box {
	b := rng.Box{Dim: 2}
	corner := []float64{l.Zoom[0], l.Zoom[1]}
	if l.ViewDef().Takes(OptCube) {
		b.Dim, corner = 3, append(corner, l.ZoomZ)
	}
	one := math.Ldexp(1, g.Bits())
	for k, c := range corner {
		b.Lo[k] = uint32(math.Ceil(c * one))
		b.Hi[k] = uint32(math.Min(math.Ceil((c+l.Zoom[2])*one), one) - 1)
	}
	return b
}

// Run draws each generator's view; c may be nil when not OnGPU.
func (l Look) Run(c *gpu.Context) ([]Looked, error) {
	if err := l.Check(); err != nil {
		return nil, err
	}
	var out []Looked
	for _, sp := range l.Specs {
		s, err := l.Sample(c, sp)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", sp.Label(), err)
		}
		out = append(out, l.Draw(sp, s))
	}
	return out, nil
}

// Sample is the numbers a view draws: a dump (stream-major, as shape
// says), the photon pass's floats as bits (two a photon), or a deep
// zoom's kept tuples with its counts.
type Sample struct {
	Values         []uint32
	InBox, Scanned int64
}

// Sample draws the numbers sp's view needs (sp's options as they are:
// Run applies Options first); c may be nil when not OnGPU. The window
// keeps a Sample and draws it again when only the drawing changes (Draw).
func (l Look) Sample(c *gpu.Context, sp rng.Spec) (Sample, error) {
	if l.photonView() || !l.OnGPU { // drawn from the Go reference, which a user's generator has not
		what := "--device cpu"
		if l.photonView() {
			what = "the " + l.View + " view (drawn from the Go reference)"
		}
		if err := sp.Gen.NoReference(what); err != nil {
			return Sample{}, err
		}
	}
	if v := l.ViewDef(); v.Sample != nil {
		return v.Sample(l, c, sp)
	}
	if l.Renderer != nil {
		return l.rendererSample(c, sp)
	}
	if l.photonView() {
		inst, err := sp.New(l.Points, l.Seed)
		if err != nil {
			return Sample{}, err
		}
		return Sample{Values: l.photonSamples(inst, l.Points, l.Decision+2, false)}, nil
	}
	streams, count := l.shape()
	if l.Scan > 0 {
		streams, count = l.scanShape(sp.Gen)
	}
	if !l.OnGPU {
		inst, err := sp.New(streams, l.Seed)
		if err != nil {
			return Sample{}, err
		}
		if l.Scan > 0 {
			scan := rng.ScanBox(inst, streams, count, l.box(sp.Gen), l.Points)
			return Sample{Values: scan.Kept, InBox: scan.InBox, Scanned: scan.Scanned}, nil
		}
		var buf bytes.Buffer
		if err := rng.Dump(inst, streams, count, false, &buf, nil); err != nil {
			return Sample{}, err
		}
		return Sample{Values: words(buf.Bytes())}, nil
	}
	if l.Scan > 0 {
		s, err := l.NewScan(c, sp)
		if err != nil {
			return Sample{}, err
		}
		defer s.Close()
		err = s.Step(time.Time{}, 0)
		return s.Sample(), err
	}
	r, err := render.NewRNG(c, sp.Gen, sp.Config(streams, l.Seed))
	if err != nil {
		return Sample{}, err
	}
	defer r.Close()
	var buf bytes.Buffer
	if err := lab.Dump(r, count, false, &buf, nil); err != nil {
		return Sample{}, err
	}
	return Sample{Values: words(buf.Bytes())}, nil
}

// Scan is a deep zoom in progress on the GPU, for a caller that spreads it
// over frames (the window): Step, then Sample what it has found so far.
type Scan struct {
	rng *render.RNG
	box *lab.BoxScanner
}

// NewScan starts sp's deep zoom (Scan > 0).
func (l Look) NewScan(c *gpu.Context, sp rng.Spec) (*Scan, error) {
	streams, count := l.scanShape(sp.Gen)
	r, err := render.NewRNG(c, sp.Gen, sp.Config(streams, l.Seed))
	if err != nil {
		return nil, err
	}
	box, err := lab.NewBoxScanner(r, l.box(sp.Gen), count, l.Points)
	if err != nil {
		r.Close()
		return nil, err
	}
	return &Scan{r, box}, nil
}

// Step scans on until the deadline has passed (a zero one: to the end),
// in dispatches sized to take at most about budget (lab.BoxScanner).
func (s *Scan) Step(deadline time.Time, budget time.Duration) error {
	return s.box.Step(deadline, budget)
}

// Done says whether every value is scanned.
func (s *Scan) Done() bool { return s.box.Done() }

// Sample is what the scan has kept so far, and its counts.
func (s *Scan) Sample() Sample {
	r := s.box.Result()
	return Sample{Values: r.Kept, InBox: r.InBox, Scanned: r.Scanned}
}

// Close frees the scan.
func (s *Scan) Close() {
	s.box.Close()
	s.rng.Close()
}

// words reads little-endian 32-bit words.
func words(b []byte) []uint32 {
	v := make([]uint32, len(b)/4)
	for i := range v {
		v[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return v
}

// photonView says whether the view shows the photon pass's samples.
func (l Look) photonView() bool { return l.ViewDef().Photons }

// photonSamples are the photon pass's floats for the decision, two a
// photon, as float bits: slot i's draws Decision and Decision+1 of its
// first path (rng.RendererStream: a quasi-random generator's point i), of
// inst laid out over `streams` slots.
func (l Look) photonSamples(inst rng.Instance, streams, perPhoton int, slotSequences bool) []uint32 {
	v := make([]uint32, 2*l.Points)
	for i := 0; i < l.Points; i++ {
		next := rng.RendererStream(inst, streams, i, perPhoton, slotSequences)
		for k := 0; k < l.Decision; k++ {
			next()
		}
		v[2*i], v[2*i+1] = math.Float32bits(next()), math.Float32bits(next())
	}
	return v
}

// SampleKey names everything Sample's numbers depend on apart from the
// generator, so a caller keeps a Sample while only the drawing changes
// (a turn, a zoom without a scan, a bit).
func (l Look) SampleKey() string {
	key := fmt.Sprintf("%s|%d|%d|%d|%d|%d|%v|%d", l.View, l.Seed, l.Points, l.Stream, l.Decision, l.Scan, l.OnGPU, l.lag())
	if l.Renderer != nil {
		key += fmt.Sprintf("|%+v", *l.Renderer)
	}
	if l.ViewDef().SizedSample {
		key += fmt.Sprintf("|%d", l.Size)
	}
	if l.Scan > 0 {
		key += fmt.Sprintf("|%v|%v", l.Zoom, l.ZoomZ)
	}
	return key
}
