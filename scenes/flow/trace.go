package flow

import (
	"fmt"
	"math"

	"speckle/internal/numcheck"
	"speckle/rng"
)

// Params fix how streamlines are seeded and integrated (see Check).
type Params struct {
	// Density: every pixel is a seed pixel with Density x Density seed points
	// at the centres of its sub-pixels.
	Density int
	// Jitter is the magnitude of the random vector added to the unit flow
	// vector before each half step (slm: 1.0). 0 gives plain streamlines.
	Jitter float32
	// Step is the integration step in pixels.
	Step float32
	// MaxSteps ends a streamline that has not stalled or left the image.
	MaxSteps int
	// IndependentStreams gives each sub-pixel streamline a generator stream of
	// its own (stream pixel*Density^2 + sub-pixel); by default, as in slm, all
	// streamlines of a seed pixel start from the seed pixel's stream.
	IndependentStreams bool
}

// Limits of Params.
const (
	MaxDensity  = 16
	MaxMaxSteps = 1 << 20
	// MinSpeed: a (bilinear) field vector shorter than this stalls the
	// streamline. Fields are scaled so that the longest node vector is 1.
	MinSpeed = 1e-3
)

// JitterRange bounds Params.Jitter: up to 1e6, where float32 rounding of
// u + jitter*r (2^-24 x 1e6 = 0.06) still leaves the unit flow vector u
// visible, and squares stay far inside float32; from 1e-6, below which the
// jitter vanishes in rounding of the unit vector (0 turns it off).
var JitterRange = numcheck.Range{Lo: 1e-6, Hi: 1e6, Zero: "plain streamlines"}

// Check rejects impossible parameters.
func (p Params) Check() error {
	switch {
	case p.Density < 1 || p.Density > MaxDensity:
		return fmt.Errorf("--density must be 1..%d (got %d)", MaxDensity, p.Density)
	case !JitterRange.Contains(float64(p.Jitter)):
		return fmt.Errorf("--jitter %v", JitterRange.Check32(p.Jitter))
	case !(p.Step > 0) || math.IsInf(float64(p.Step), 0):
		return fmt.Errorf("--step must be more than 0 pixels (got %v)", p.Step)
	case p.MaxSteps < 1 || p.MaxSteps > MaxMaxSteps:
		return fmt.Errorf("--max-steps must be 1..%d (got %d)", MaxMaxSteps, p.MaxSteps)
	}
	return nil
}

// AutoMaxSteps is the default step limit for a w x h image: enough to cross
// the image's longer side once; an error where that is more than
// MaxMaxSteps (computed in float64 first: a tiny step would overflow int).
func AutoMaxSteps(w, h int, step float32) (int, error) {
	side := max(w, h)
	n := math.Ceil(float64(side) / float64(step))
	if !(n <= MaxMaxSteps) {
		return 0, fmt.Errorf("--step %v is too small for the automatic --max-steps: crossing %d pixels takes %.3g steps, more than %d (give --max-steps, or a --step of at least %g)",
			step, side, n, MaxMaxSteps, float64(side)/MaxMaxSteps)
	}
	return max(1, int(n)), nil
}

// Stop says why a streamline ended.
type Stop uint8

const (
	Running  Stop = iota // not ended (only mid-trace)
	Stalled              // the flow vector (or the jittered one) was too short
	Left                 // a (half) step left the image
	MaxSteps             // it took MaxSteps steps
)

func (s Stop) String() string {
	return [...]string{"running", "stalled", "left", "max-steps"}[s]
}

// Streams is the number of generator streams a w x h trace uses.
func (p Params) Streams(w, h int) int {
	if p.IndependentStreams {
		return w * h * p.Density * p.Density
	}
	return w * h
}

// StreamOf is the generator stream of streamline k (pixel k / Density^2,
// sub-pixel k % Density^2).
func (p Params) StreamOf(k int) int {
	if p.IndependentStreams {
		return k
	}
	return k / (p.Density * p.Density)
}

// Seed is the start of streamline k in a w-pixel-wide image: sub-pixel
// (a, b) = (s % d, s / d) of pixel (x, y) starts at its centre,
// (x + (a+0.5)/d, y + (b+0.5)/d), computed as the GPU does.
func (p Params) Seed(k, w int) (x, y float32) {
	d := p.Density
	pix, s := k/(d*d), k%(d*d)
	inv := float32(1) / float32(d)
	return float32(pix%w) + float32((float32(s%d)+0.5)*inv), float32(pix/w) + float32((float32(s/d)+0.5)*inv)
}

// JitterSource makes the generator's draws into jitter components in
// [-0.5, 0.5]: the dump float where the generator's dump floats are already
// centred (lehmer: exactly rng.cl's lehmer_rand_vec components), else the
// renderer's float minus 0.5. A rand_vec is two calls, x first.
func JitterSource(g *rng.Generator, s rng.Stream) func() float32 {
	if g.DumpF32Centred {
		return s.DumpF32
	}
	return func() float32 { return s.F32() - 0.5 }
}

// Path is one traced streamline.
type Path struct {
	Points []([2]float32) // the seed, then every position a step landed on (if recorded)
	End    [2]float32     // where it stopped (the seed if it took no step)
	Steps  int
	Stop   Stop
	// Jitter is the first step's two random vectors (x1, y1, x2, y2), as far
	// as they were drawn (zero otherwise).
	Jitter [4]float32
}

// Tracer integrates streamlines over a grid, as shaders/streamlines.comp does.
type Tracer struct {
	G *Grid
	P Params
}

// unit is the normalised field vector at (x, y), or false where it is
// shorter than MinSpeed.
func (t *Tracer) unit(x, y float32) (ux, uy float32, ok bool) {
	vx, vy := t.G.At(x, y)
	s := sqrt32(float32(vx*vx) + float32(vy*vy))
	if !(s >= MinSpeed) {
		return 0, 0, false
	}
	return vx / s, vy / s, true
}

// jittered adds jitter times (rx, ry) to the unit vector and renormalises; a
// sum of length (nearly) zero stalls.
func (t *Tracer) jittered(ux, uy, rx, ry float32) (float32, float32, bool) {
	wx := ux + float32(t.P.Jitter*rx)
	wy := uy + float32(t.P.Jitter*ry)
	n := sqrt32(float32(wx*wx) + float32(wy*wy))
	if !(n >= MinSpeed) {
		return 0, 0, false
	}
	return wx / n, wy / n, true
}

func (t *Tracer) inside(x, y float32) bool {
	return x >= 0 && y >= 0 && x < float32(t.G.W) && y < float32(t.G.H)
}

// Trace integrates one streamline from (x, y), drawing jitter from next, and
// calls visit(px, py) for the pixel of every step. With record the path's
// points are kept.
//
// One step (slm's compute_step_vec_jittered, second-order Runge-Kutta on the
// unit vector): u = unit field at p; w = normalise(u + jitter*rand_vec());
// midpoint m = p + step/2 w; u' = unit field at m;
// w' = normalise(u' + jitter*rand_vec()); p += step w'. The streamline stops
// (Stalled) where a field vector is shorter than MinSpeed or a jittered one
// vanishes, (Left) where m or the new p is outside the image, and (MaxSteps)
// after MaxSteps steps. Only steps that land inside count.
func (t *Tracer) Trace(x, y float32, next func() float32, visit func(px, py int), record bool) Path {
	path := Path{End: [2]float32{x, y}}
	if record {
		path.Points = append(path.Points, [2]float32{x, y})
	}
	half := t.P.Step * 0.5
	for {
		ux, uy, ok := t.unit(x, y)
		if !ok {
			path.Stop = Stalled
			return path
		}
		r1x := next()
		r1y := next()
		if path.Steps == 0 {
			path.Jitter[0], path.Jitter[1] = r1x, r1y
		}
		wx, wy, ok := t.jittered(ux, uy, r1x, r1y)
		if !ok {
			path.Stop = Stalled
			return path
		}
		mx := x + float32(half*wx)
		my := y + float32(half*wy)
		if !t.inside(mx, my) {
			path.Stop = Left
			return path
		}
		ux, uy, ok = t.unit(mx, my)
		if !ok {
			path.Stop = Stalled
			return path
		}
		r2x := next()
		r2y := next()
		if path.Steps == 0 {
			path.Jitter[2], path.Jitter[3] = r2x, r2y
		}
		wx, wy, ok = t.jittered(ux, uy, r2x, r2y)
		if !ok {
			path.Stop = Stalled
			return path
		}
		nx := x + float32(t.P.Step*wx)
		ny := y + float32(t.P.Step*wy)
		if !t.inside(nx, ny) {
			path.Stop = Left
			return path
		}
		x, y = nx, ny
		path.End = [2]float32{x, y}
		path.Steps++
		if visit != nil {
			visit(int(x), int(y))
		}
		if record {
			path.Points = append(path.Points, [2]float32{x, y})
		}
		if path.Steps >= t.P.MaxSteps {
			path.Stop = MaxSteps
			return path
		}
	}
}

func sqrt32(x float32) float32 { return float32(math.Sqrt(float64(x))) }

// Stats sum up a trace.
type Stats struct {
	Streamlines int64 // traced so far
	Steps       int64 // steps taken (visits counted)
	Stalled     int64 // streamlines that stopped on a too-short vector
	Left        int64 // streamlines that left the image
	MaxSteps    int64 // streamlines that ran out of steps
}

// MeanLength is the mean streamline length in pixels.
func (s Stats) MeanLength(step float32) float64 {
	if s.Streamlines == 0 {
		return 0
	}
	return float64(s.Steps) * float64(step) / float64(s.Streamlines)
}

// Result is a whole trace on the CPU: what the GPU's maps hold.
type Result struct {
	Density     []uint64 // steps landing in each pixel
	LengthSteps []uint32 // per seed pixel, the steps of its Density^2 streamlines summed
	Stats       Stats
}

// TraceAll traces every streamline of a grid.W x grid.H image with generator
// g (its instance configured for p.Streams streams), the Go reference of a
// whole GPU trace.
func TraceAll(grid *Grid, p Params, g *rng.Generator, inst rng.Instance) Result {
	w, h := grid.W, grid.H
	r := Result{Density: make([]uint64, w*h), LengthSteps: make([]uint32, w*h)}
	t := &Tracer{G: grid, P: p}
	visit := func(px, py int) { r.Density[py*w+px]++ }
	n := w * h * p.Density * p.Density
	for k := 0; k < n; k++ {
		x, y := p.Seed(k, w)
		path := t.Trace(x, y, JitterSource(g, inst.Stream(p.StreamOf(k))), visit, false)
		r.LengthSteps[k/(p.Density*p.Density)] += uint32(path.Steps)
		r.Stats.add(path)
	}
	return r
}

func (s *Stats) add(p Path) {
	s.Streamlines++
	s.Steps += int64(p.Steps)
	switch p.Stop {
	case Stalled:
		s.Stalled++
	case Left:
		s.Left++
	case MaxSteps:
		s.MaxSteps++
	}
}
