package render

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/imageio"
	"speckle/rng"
	"speckle/scenes/flow"
	"speckle/shaders"
)

// recordPaths traces streamlines [first, first+n) with the recording variant
// of the kernel and returns their paths (up to points positions each). It
// adds to the maps like Trace.
func (s *Streamlines) recordPaths(first, n, points int) ([]flow.Path, error) {
	p, err := s.program(true)
	if err != nil {
		return nil, err
	}
	stride := 8 + 2*(points+1)
	rec, err := s.ctx.NewBuffer(n*stride*4, nil)
	if err != nil {
		return nil, err
	}
	defer rec.Delete()
	rec.Bind(shaders.StreamlineRecordBinding)
	p.SetUint("record_points", uint32(points))
	// Streamlines [first, first+n) to their ends, outside Advance's chunks.
	if err := s.ensureSlots(n); err != nil {
		return nil, err
	}
	passes, _ := s.Passes()
	if err := s.dispatchPasses(p, first, n, 0, passes); err != nil {
		return nil, err
	}
	w := make([]uint32, n*stride)
	rec.Read(0, w)
	f := func(u uint32) float32 { return math.Float32frombits(u) }
	paths := make([]flow.Path, n)
	for i := range paths {
		r := w[i*stride:]
		path := flow.Path{Steps: int(r[0]), Stop: flow.Stop(r[1]), End: [2]float32{f(r[6]), f(r[7])}}
		for k := 0; k < 4; k++ {
			path.Jitter[k] = f(r[2+k])
		}
		for k := 0; k <= min(path.Steps, points); k++ {
			path.Points = append(path.Points, [2]float32{f(r[8+2*k]), f(r[9+2*k])})
		}
		paths[i] = path
	}
	return paths, nil
}

// testField is the DEM, the field with every kind of stop.
func testField(t *testing.T) flow.Field {
	t.Helper()
	f, err := flow.Open("dem")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// slmLehmer is the configuration of slm: Lehmer with its per-pixel seeding.
func slmLehmer(cfg StreamlineConfig) StreamlineConfig {
	cfg.RNG.Gen = rng.Lehmer
	cfg.RNG.Options = map[string]string{"lehmer-seeding": "slm"}
	return cfg
}

// traceAll runs a whole trace on the GPU and returns its maps and statistics.
func traceAll(t *testing.T, field flow.Field, cfg StreamlineConfig, chunk int) (dens []uint64, lens []uint32, st flow.Stats) {
	t.Helper()
	onGL(t, func(c *gpu.Context) error {
		s, err := NewStreamlines(c, field, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		for !s.Done() {
			if _, err := s.Trace(chunk); err != nil {
				return err
			}
		}
		if dens, err = s.Density(); err != nil {
			return err
		}
		if lens, err = s.LengthSteps(); err != nil {
			return err
		}
		st = s.Stats()
		return nil
	})
	return
}

// comparePaths checks GPU paths against the Go reference: the random numbers
// bit for bit, step counts and stop reasons exactly, positions within tol
// pixels.
//
// Where sqrt and division round exactly, as Go's and llvmpipe's do, step
// counts and stop reasons are exact and positions agree within tol all the
// way. NVIDIA's are a few ulp off (GLSL allows it) and the jitter's draws
// feed each step's rounding into the next: on an H200 paths part by 1e-3 px
// after 12 to 200 steps (near the crater's sink, where the flow turns
// fastest), so there the first nearSteps steps are compared
// (the random vectors are bit for bit everywhere).
func comparePaths(t *testing.T, what string, gpuPaths, cpuPaths []flow.Path, tol float64) {
	t.Helper()
	const nearSteps = 8
	exact := gltest.Context().Info.Software()
	for i, g := range gpuPaths {
		c := cpuPaths[i]
		if g.Jitter != c.Jitter {
			t.Errorf("%s streamline %d: first jitter vectors GPU %v, Go %v", what, i, g.Jitter, c.Jitter)
		}
		if exact && (g.Steps != c.Steps || g.Stop != c.Stop || g.End != c.End) {
			t.Errorf("%s streamline %d: GPU %d steps (%v) to %v, Go %d steps (%v) to %v", what, i, g.Steps, g.Stop, g.End, c.Steps, c.Stop, c.End)
		}
		n := min(len(g.Points), len(c.Points))
		if !exact {
			n = min(n, nearSteps+1)
		}
		for k := 0; k < n; k++ {
			dx := float64(g.Points[k][0] - c.Points[k][0])
			dy := float64(g.Points[k][1] - c.Points[k][1])
			if math.Hypot(dx, dy) > tol {
				t.Errorf("%s streamline %d, step %d: GPU %v, Go %v", what, i, k, g.Points[k], c.Points[k])
				break
			}
		}
	}
}

// goPaths traces streamlines [first, first+n) of cfg with the Go reference
// (record: with their points).
func goPaths(t *testing.T, field flow.Field, cfg StreamlineConfig, first, n int, record bool) []flow.Path {
	t.Helper()
	if err := cfg.Check(); err != nil {
		t.Fatal(err)
	}
	inst, err := cfg.RNG.Gen.New(rng.Config{Seed: cfg.RNG.Seed, Streams: cfg.Params.Streams(cfg.Width, cfg.Height), Options: cfg.RNG.Options})
	if err != nil {
		t.Fatal(err)
	}
	tr := &flow.Tracer{G: field.Grid(cfg.Width, cfg.Height), P: cfg.Params}
	var out []flow.Path
	for k := first; k < first+n; k++ {
		x, y := cfg.Params.Seed(k, cfg.Width)
		out = append(out, tr.Trace(x, y, flow.JitterSource(cfg.RNG.Gen, inst.Stream(cfg.Params.StreamOf(k))), nil, record))
	}
	return out
}

// TestStreamlinesGPUEqualsGo: for every generator and option set, a few
// streamlines of the jittered DEM trace agree step by step between the GPU
// and the Go reference, shared and independent streams alike; the whole
// trace's statistics agree.
func TestStreamlinesGPUEqualsGo(t *testing.T) {
	field := testField(t)
	const w, h, points = 48, 34, 400
	for _, g := range rng.All {
		if g.Inexact {
			continue // trig: GPU sin is not Go's (lab's TestTrigGPUAgainstModel measures it)
		}
		for _, opts := range append([]map[string]string{nil}, g.TestOptions...) {
			for _, independent := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/independent=%v", rng.Spec{Gen: g, Options: opts}, independent), func(t *testing.T) {
					cfg := defaultStreamlineConfig(w, h, g)
					cfg.RNG.Options, cfg.RNG.Seed, cfg.IndependentStreams, cfg.MaxSteps = opts, 7, independent, points
					// Two neighbouring seed pixels on the flank, two inside the rim.
					var gpuPaths []flow.Path
					firsts := []int{(10*w + 12) * 9, (17*w + 18) * 9}
					onGL(t, func(c *gpu.Context) error {
						s, err := NewStreamlines(c, field, cfg)
						if err != nil {
							return err
						}
						defer s.Close()
						for _, f := range firsts {
							p, err := s.recordPaths(f, 18, points)
							if err != nil {
								return err
							}
							gpuPaths = append(gpuPaths, p...)
						}
						return nil
					})
					var cpuPaths []flow.Path
					for _, f := range firsts {
						cpuPaths = append(cpuPaths, goPaths(t, field, cfg, f, 18, true)...)
					}
					comparePaths(t, g.Name, gpuPaths, cpuPaths, 1e-3)
					steps := 0
					for _, p := range cpuPaths {
						steps += p.Steps
					}
					if steps < 100 {
						t.Fatalf("the test streamlines took only %d steps", steps)
					}
				})
			}
		}
	}
}

// TestStreamlinesWholeTraceEqualsGo: a whole small trace (slm's Lehmer and
// philox) gives the Go reference's maps and statistics.
func TestStreamlinesWholeTraceEqualsGo(t *testing.T) {
	field := testField(t)
	for _, cfg := range []StreamlineConfig{
		slmLehmer(defaultStreamlineConfig(40, 28, nil)),
		defaultStreamlineConfig(40, 28, rng.Philox),
	} {
		t.Run(cfg.RNG.Gen.Name, func(t *testing.T) {
			cfg.Density = 2
			dens, lens, st := traceAll(t, field, cfg, 1000)
			if err := cfg.Check(); err != nil {
				t.Fatal(err)
			}
			inst, err := cfg.RNG.Gen.New(rng.Config{Seed: cfg.RNG.Seed, Streams: cfg.Params.Streams(40, 28), Options: cfg.RNG.Options})
			if err != nil {
				t.Fatal(err)
			}
			ref := flow.TraceAll(field.Grid(40, 28), cfg.Params, cfg.RNG.Gen, inst)
			// llvmpipe rounds sqrt and division exactly, as Go does: the
			// trace is the same to the visit. NVIDIA's are within a few ulp
			// (GLSL allows it), and a jittered path that passes a pixel edge
			// or the stall threshold by less than that goes elsewhere
			// (measured on an H200: 15 of 68,274 steps, 83 visits moved).
			exact := gltest.Context().Info.Software()
			moved := uint64(0)
			for i := range dens {
				moved += max(dens[i], ref.Density[i]) - min(dens[i], ref.Density[i])
			}
			within := func(a, b int64, rel float64) bool {
				return math.Abs(float64(a-b)) <= rel*float64(max(a, b))
			}
			switch {
			case exact && st != ref.Stats:
				t.Errorf("statistics: GPU %+v, Go %+v", st, ref.Stats)
			case exact && moved != 0:
				t.Errorf("density maps differ by %d of %d visits", moved, st.Steps)
			case exact && !slices.Equal(lens, ref.LengthSteps):
				t.Errorf("length maps differ")
			case st.Streamlines != ref.Stats.Streamlines || !within(st.Steps, ref.Stats.Steps, 1e-3) ||
				!within(st.Stalled, ref.Stats.Stalled, 5e-3) || !within(st.Left, ref.Stats.Left, 5e-3):
				t.Errorf("statistics: GPU %+v, Go %+v (beyond 0.1%% of steps, 0.5%% of stops)", st, ref.Stats)
			case moved*200 > uint64(st.Steps):
				t.Errorf("density maps differ by %d of %d visits (more than 0.5%%)", moved, st.Steps)
			}
			if st.Stalled == 0 || st.Left == 0 || st.MaxSteps == 0 {
				t.Errorf("the DEM should have every kind of stop: %+v", st)
			}
		})
	}
}

// TestStreamlinesNoJitterSameForAllGenerators: with jitter 0 the generator
// does not matter: every generator's density and length maps are the same
// bytes (the draws still happen and must not leak into the paths). With
// jitter they differ.
func TestStreamlinesNoJitterSameForAllGenerators(t *testing.T) {
	field := testField(t)
	var first []uint64
	var firstLen []uint32
	for _, jitter := range []float32{0, 1} {
		for i, g := range rng.All {
			if !rng.Representative(g) {
				continue // another hash's GLSL around another function
			}
			cfg := defaultStreamlineConfig(36, 25, g)
			cfg.Jitter = jitter
			dens, lens, st := traceAll(t, field, cfg, 5000)
			if st.Steps == 0 {
				t.Fatalf("%s: no steps", g.Name)
			}
			if i == 0 {
				first, firstLen = dens, lens
				continue
			}
			same := slices.Equal(dens, first) && slices.Equal(lens, firstLen)
			if jitter == 0 && !same {
				t.Errorf("jitter 0: %s's maps differ from %s's", g.Name, rng.All[0].Name)
			}
			if jitter != 0 && slices.Equal(dens, first) {
				t.Errorf("jitter %v: %s's density map equals %s's", jitter, g.Name, rng.All[0].Name)
			}
		}
	}
}

// TestStreamlinesSlmSeedingKnownAnswers: with slm's seeding, seed pixels 0, 1
// and 2 start at the spec's c160a810, a1aafbd1, 86f44e93 (seed 0): the first
// jitter component of each of their streamlines is lehmer_rand_vec's x of the
// state after it. Every sub-pixel streamline of a pixel starts there (shared
// streams); with independent streams streamlines 0, 1, 2 do.
func TestStreamlinesSlmSeedingKnownAnswers(t *testing.T) {
	known := []uint32{0xc160a810, 0xa1aafbd1, 0x86f44e93}
	vec := func(state uint32) [2]float32 { // lehmer_rand_vec
		a := rng.LehmerStep(state)
		b := rng.LehmerStep(a)
		return [2]float32{float32(a)/float32(0xfffffffb) - 0.5, float32(b)/float32(0xfffffffb) - 0.5}
	}
	if got := rng.LehmerStep(known[0]); got != 0xa2f73bea {
		t.Fatalf("step(c160a810) = %08x, want the spec's a2f73bea", got)
	}
	field := testField(t)
	for _, independent := range []bool{false, true} {
		cfg := slmLehmer(defaultStreamlineConfig(20, 14, nil))
		cfg.IndependentStreams = independent
		var paths []flow.Path
		checked := make([]int, len(known))
		onGL(t, func(c *gpu.Context) error {
			s, err := NewStreamlines(c, field, cfg)
			if err != nil {
				return err
			}
			defer s.Close()
			paths, err = s.recordPaths(0, 27, 1)
			return err
		})
		for k, p := range paths {
			stream := k / 9
			if independent {
				stream = k
			}
			if stream >= len(known) || p.Jitter == [4]float32{} {
				continue
			}
			checked[stream]++
			want := vec(known[stream])
			if [2]float32{p.Jitter[0], p.Jitter[1]} != want {
				t.Errorf("independent=%v streamline %d (stream %d): first jitter vector %v, want %v from state %08x",
					independent, k, stream, p.Jitter[:2], want, known[stream])
			}
		}
		for i, n := range checked {
			if n == 0 {
				t.Errorf("independent=%v: no streamline of stream %d drew a number", independent, i)
			}
		}
	}
}

// TestStreamlinesSharedVsIndependent: giving each sub-pixel streamline its
// own stream changes the maps; at density 1 there is nothing to share and
// the maps are the same.
func TestStreamlinesSharedVsIndependent(t *testing.T) {
	field := testField(t)
	for _, d := range []int{3, 1} {
		var maps [2][]uint64
		for i, independent := range []bool{false, true} {
			cfg := slmLehmer(defaultStreamlineConfig(36, 25, nil))
			cfg.Density, cfg.IndependentStreams = d, independent
			maps[i], _, _ = traceAll(t, field, cfg, 4096)
		}
		if same := slices.Equal(maps[0], maps[1]); same != (d == 1) {
			t.Errorf("density %d: shared and independent maps equal: %v", d, same)
		}
	}
}

// TestStreamlinesRK2OnGPU: with no jitter in solid-body rotation, the GPU's
// streamline stays on its circle and runs ahead of the exact path by the
// midpoint rule's prediction; in a uniform field it is the exact straight
// line.
func TestStreamlinesRK2OnGPU(t *testing.T) {
	const w, h, steps = 64, 64, 300
	cfg := defaultStreamlineConfig(w, h, rng.Philox)
	cfg.Jitter, cfg.Density, cfg.MaxSteps = 0, 1, steps
	k := 32*w + 48 // pixel (48, 32): radius 16.5 about (32, 32)
	var rot, uni []flow.Path
	onGL(t, func(c *gpu.Context) error {
		for _, f := range []struct {
			field flow.Field
			out   *[]flow.Path
		}{{flow.Rotation(32, 32), &rot}, {flow.Uniform(0.6, 0.8), &uni}} {
			s, err := NewStreamlines(c, f.field, cfg)
			if err != nil {
				return err
			}
			*f.out, err = s.recordPaths(k, 1, steps)
			s.Close()
			if err != nil {
				return err
			}
		}
		return nil
	})
	p := rot[0]
	if p.Steps != steps || p.Stop != flow.MaxSteps {
		t.Fatalf("rotation: %d steps (%v), want %d (max-steps)", p.Steps, p.Stop, steps)
	}
	x0, y0 := float64(p.Points[0][0])-32, float64(p.Points[0][1])-32
	r := math.Hypot(x0, y0)
	hh := float64(cfg.Step)
	// Along the circle, pixels: the midpoint rule's lead, less the lag of
	// the slowly growing radius (flow's TestRK2FollowsCircles derives both).
	lead := steps*math.Pow(hh, 3)/(24*r*r) - steps*steps*math.Pow(hh, 5)/(32*math.Pow(r, 4))
	end := p.Points[steps]
	ex, ey := float64(end[0])-32, float64(end[1])-32
	if dr := math.Abs(math.Hypot(ex, ey) - r); dr > 2e-3 {
		t.Errorf("rotation: radius drifted by %.2g pixels in %d steps", dr, steps)
	}
	// The angle travelled (clockwise on screen, counter-clockwise in the
	// y-down coordinates), summed step by step.
	got := 0.0
	for i := 1; i <= steps; i++ {
		a, b := p.Points[i-1], p.Points[i]
		d := math.Atan2(float64(b[1])-32, float64(b[0])-32) - math.Atan2(float64(a[1])-32, float64(a[0])-32)
		got += math.Remainder(d, 2*math.Pi)
	}
	exact := steps * hh / r
	if ahead := (got - exact) * r; math.Abs(ahead-lead) > 0.1*lead+5e-4 {
		t.Errorf("rotation: %.4g pixels ahead of the exact path, the midpoint rule predicts %.4g", ahead, lead)
	}
	u := uni[0]
	if u.Stop != flow.Left {
		t.Errorf("uniform: stopped %v, want left", u.Stop)
	}
	for i, q := range u.Points {
		ex, ey := float64(u.Points[0][0])+0.6*hh*float64(i), float64(u.Points[0][1])+0.8*hh*float64(i)
		if math.Hypot(float64(q[0])-ex, float64(q[1])-ey) > 1e-4*float64(i+1) {
			t.Fatalf("uniform: step %d at %v, exact (%.5f, %.5f)", i, q, ex, ey)
		}
	}
}

// TestStreamlinesTraceInPieces: tracing in uneven pieces gives the same maps
// as one dispatch, Reset starts over to the same bytes, and Progress counts.
func TestStreamlinesTraceInPieces(t *testing.T) {
	field := testField(t)
	cfg := defaultStreamlineConfig(30, 21, rng.PCG32)
	whole, _, st := traceAll(t, field, cfg, 1<<20)
	pieces, _, st2 := traceAll(t, field, cfg, 977)
	if !slices.Equal(whole, pieces) || st != st2 {
		t.Fatalf("tracing in pieces changed the result: %+v vs %+v", st, st2)
	}
	if want := int64(30 * 21 * 9); st.Streamlines != want || st.Stalled+st.Left+st.MaxSteps != want {
		t.Fatalf("statistics %+v for %d streamlines", st, want)
	}
	onGL(t, func(c *gpu.Context) error {
		s, err := NewStreamlines(c, field, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		if done, total := s.Progress(); done != 0 || total != 30*21*9 {
			return fmt.Errorf("progress before tracing: %d of %d", done, total)
		}
		if _, err := s.Trace(100); err != nil {
			return err
		}
		if done, _ := s.Progress(); done != 100 || s.Done() {
			return fmt.Errorf("progress after 100: %d, done %v", done, s.Done())
		}
		s.Reset()
		if err := s.Run(); err != nil {
			return err
		}
		d, err := s.Density()
		if err != nil {
			return err
		}
		if !slices.Equal(d, whole) || s.Stats() != st {
			return fmt.Errorf("Reset and Run did not give the same trace again")
		}
		// A UI's way: chunks of 977 streamlines, one pass a call; a chunk
		// counts once its last pass has run.
		s.Reset()
		all, _ := s.Passes()
		calls := 0
		for !s.Done() {
			before, _ := s.Progress()
			ran, _, err := s.Advance(977, 1)
			if err != nil {
				return err
			}
			calls++
			after, _ := s.Progress()
			if ran != 1 || (after != before) != (s.InFlight() == 0) {
				return fmt.Errorf("Advance: %d passes ran, progress %d -> %d with %d in flight", ran, before, after, s.InFlight())
			}
		}
		if chunks := (30*21*9 + 976) / 977; calls != chunks*all {
			return fmt.Errorf("Advance: %d calls of one pass for %d chunks of %d passes", calls, chunks, all)
		}
		if d, err = s.Density(); err != nil {
			return err
		}
		if !slices.Equal(d, whole) || s.Stats() != st {
			return fmt.Errorf("Advance in passes did not give the same trace: %+v", s.Stats())
		}
		return nil
	})
}

// TestStreamlinesDisplay: the GPU colour mapping equals the CPU's
// (imageio.Colormap.At of the read-back maps) within one level, for both maps
// and scalings; MapMax is the maps' maximum.
func TestStreamlinesDisplay(t *testing.T) {
	field := testField(t)
	cfg := slmLehmer(defaultStreamlineConfig(37, 26, nil))
	onGL(t, func(c *gpu.Context) error {
		s, err := NewStreamlines(c, field, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		if err := s.Run(); err != nil {
			return err
		}
		tex, err := c.NewTexture(37, 26, gpu.RGBA8)
		if err != nil {
			return err
		}
		defer tex.Delete()
		dens, err := s.Density()
		if err != nil {
			return err
		}
		lens, err := s.Lengths()
		if err != nil {
			return err
		}
		for _, tc := range []struct {
			m   StreamlineMap
			opt MapOptions
		}{
			{DensityMap, MapOptions{}},
			{LengthMap, MapOptions{}},
			{DensityMap, MapOptions{Colormap: "viridis", Scaling: ScaleLinear, Max: 50}},
			{LengthMap, MapOptions{Colormap: "inferno", Scaling: ScaleLog}},
		} {
			vals := make([]float64, len(dens))
			top := 0.0
			for i := range vals {
				if tc.m == DensityMap {
					vals[i] = float64(dens[i])
				} else {
					vals[i] = float64(lens[i])
				}
				top = max(top, vals[i])
			}
			mx, err := s.MapMax(tc.m)
			if err != nil {
				return err
			}
			if math.Abs(float64(mx)-top) > 1e-5*top || top == 0 {
				return fmt.Errorf("%v: MapMax %v, maximum %v", tc.m, mx, top)
			}
			if tc.opt.Max > 0 {
				top = float64(tc.opt.Max)
			}
			if err := s.Display(tex, tc.m, tc.opt); err != nil {
				return err
			}
			px, err := tex.ReadBytes()
			if err != nil {
				return err
			}
			name, log := tc.opt.Resolve(tc.m)
			cm, err := imageio.LookupColormap(name)
			if err != nil {
				return err
			}
			distinct := map[[3]byte]bool{}
			for i, v := range vals {
				want := cm.At(mapScale(v, top, log))
				got := px[4*i : 4*i+4]
				distinct[[3]byte{got[0], got[1], got[2]}] = true
				for ch, wv := range []uint8{want.R, want.G, want.B, 255} {
					if d := int(got[ch]) - int(wv); d < -1 || d > 1 {
						return fmt.Errorf("%v %+v: pixel %d (value %v) is %v, want %v", tc.m, tc.opt, i, v, got, want)
					}
				}
			}
			if len(distinct) < 20 {
				return fmt.Errorf("%v %+v: only %d colours", tc.m, tc.opt, len(distinct))
			}
		}
		small, err := c.NewTexture(10, 10, gpu.RGBA8)
		if err != nil {
			return err
		}
		defer small.Delete()
		if err := s.Display(small, DensityMap, MapOptions{}); err == nil {
			return fmt.Errorf("Display into a texture of the wrong size did not fail")
		}
		return nil
	})
}

// TestStreamlinesPastLoopCap: streamlines of 70,000 steps, past llvmpipe's
// 65,535 loop passes per invocation (and, for costly generators, many times
// past what one dispatch's loop budget holds), equal the Go reference. In
// solid-body rotation about the centre of a small image, with short steps, a
// streamline circles (jitter 0: exactly; jitter 0.1: nearly), so the seeds
// well inside run to max steps and those near the corners leave. Each
// streamline's steps, stop reason and last position, and for the cheap
// generators the whole trace's maps and statistics, are the Go reference's
// byte for byte where sqrt and division round exactly (llvmpipe).
func TestStreamlinesPastLoopCap(t *testing.T) {
	const w, h, maxSteps, points = 6, 6, 70000, 16
	field := flow.Rotation(3, 3)
	for _, tc := range []struct {
		name    string
		gen     *rng.Generator
		opts    map[string]string
		jitter  float32
		density int
		whole   bool // every streamline, else one (costly generators)
	}{
		{"philox", rng.Philox, nil, 0, 1, true},
		{"lehmer-slm", rng.Lehmer, map[string]string{"lehmer-seeding": "slm"}, 0.1, 2, true},
		{"ranlux-lux4", rng.Ranlux, map[string]string{"lux": "4"}, 0.1, 1, false},
		{"ca-steps64", rng.CA, map[string]string{"ca-steps": "64"}, 0.1, 1, false},
		// CA's exact loop costs (a loop of n passes costs n + 1; measured:
		// the unresumable kernel stopped after 251 = 65,535 / (1 + 4 * 65)
		// steps): passes of 228 steps, as full as the budget allows.
		{"ca-steps64-exact-loops", withLoops(rng.CA, rng.Loops{Init: 65, Draw: 65}), map[string]string{"ca-steps": "64"}, 0.1, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := defaultStreamlineConfig(w, h, tc.gen)
			// Short steps: the midpoint rule's outward drift stays small.
			cfg.RNG.Options, cfg.Jitter, cfg.Density, cfg.Step, cfg.MaxSteps, cfg.RNG.Seed = tc.opts, tc.jitter, tc.density, 0.1, maxSteps, 3
			d2 := tc.density * tc.density
			// The last sub-pixel streamline of pixel (4, 2), 1.6 pixels
			// from the centre: with shared streams its stream was drawn
			// from by the pixel's other streamlines first.
			k := (2*w+4)*d2 + d2 - 1
			first, n := k, 1
			if tc.whole {
				first, n = 0, w*h*d2
			}
			cpu := goPaths(t, field, cfg, first, n, false)
			if c := cpu[k-first]; c.Steps != maxSteps {
				t.Fatalf("the Go reference's streamline %d took %d steps (%v), want %d", k, c.Steps, c.Stop, maxSteps)
			}
			var gpuPaths []flow.Path
			var dens []uint64
			var lens []uint32
			var st flow.Stats
			onGL(t, func(c *gpu.Context) error {
				s, err := NewStreamlines(c, field, cfg)
				if err != nil {
					return err
				}
				defer s.Close()
				if gpuPaths, err = s.recordPaths(first, n, points); err != nil {
					return err
				}
				if dens, err = s.Density(); err != nil {
					return err
				}
				lens, err = s.LengthSteps()
				st = s.Stats()
				return err
			})
			comparePaths(t, tc.name, gpuPaths, cpu, 1e-3)
			if !tc.whole {
				return
			}
			inst, err := cfg.RNG.Gen.New(rng.Config{Seed: cfg.RNG.Seed, Streams: cfg.Params.Streams(w, h), Options: cfg.RNG.Options})
			if err != nil {
				t.Fatal(err)
			}
			ref := flow.TraceAll(field.Grid(w, h), cfg.Params, cfg.RNG.Gen, inst)
			if ref.Stats.MaxSteps == 0 || ref.Stats.Left == 0 {
				t.Fatalf("the reference should have streamlines that circle and ones that leave: %+v", ref.Stats)
			}
			if !gltest.Context().Info.Software() {
				// Not exactly rounded: a circling streamline's radius
				// drifts differently, but it circles all the same.
				if st.Streamlines != ref.Stats.Streamlines || math.Abs(float64(st.MaxSteps-ref.Stats.MaxSteps)) > 0.05*float64(ref.Stats.MaxSteps) {
					t.Errorf("statistics: GPU %+v, Go %+v", st, ref.Stats)
				}
				return
			}
			if st != ref.Stats {
				t.Errorf("statistics: GPU %+v, Go %+v", st, ref.Stats)
			}
			if !slices.Equal(dens, ref.Density) {
				t.Errorf("density maps differ")
			}
			if !slices.Equal(lens, ref.LengthSteps) {
				t.Errorf("length maps differ")
			}
		})
	}
}

// loopsInstance is a generator instance with given loop costs.
type loopsInstance struct {
	rng.Instance
	loops rng.Loops
}

func (l loopsInstance) Loops() rng.Loops { return l.loops }

// withLoops is g with its loop costs (rng.LoopsOf) set to l.
func withLoops(g *rng.Generator, l rng.Loops) *rng.Generator {
	c := *g
	c.Configure = func(cfg rng.Config) (rng.Instance, error) {
		inst, err := g.Configure(cfg)
		return loopsInstance{inst, l}, err
	}
	return &c
}

// TestStreamlinePassSteps: a pass's loop passes (its fixed overhead, the
// seeding or resuming of the stream, then its steps of one loop pass and
// four draws each) stay within LOOP_BUDGET and take as many steps as fit;
// where not even one step (or the seeding) fits, NewStreamlines refuses in
// one line.
func TestStreamlinePassSteps(t *testing.T) {
	budget := shaders.LoopBudget
	for _, l := range []rng.Loops{{}, {Init: 65, Draw: 65}, {Init: 30000, Draw: 5000}, {Init: budget - slLoopOverhead - 13, Draw: 3},
		{Init: 1, Draw: (budget - slLoopOverhead - 11) / 10}, {Init: 70, Draw: 4097}} {
		first, later, err := passSteps("g", l, budget)
		if err != nil {
			t.Errorf("%+v: %v", l, err)
			continue
		}
		step := 1 + 4*l.Draw
		for _, p := range []struct{ start, steps int }{{l.Init, first}, {l.Draw, later}} {
			// n steps and the loop's failing test: n + 1 steps' loops.
			cost := func(steps int) int { return slLoopOverhead + p.start + (steps+1)*step }
			if p.steps < 0 || cost(p.steps) > budget || cost(p.steps+1) <= budget {
				t.Errorf("%+v: a pass of %d steps costs %d loop passes, budget %d", l, p.steps, cost(p.steps), budget)
			}
		}
		if later < 1 {
			t.Errorf("%+v: %d steps a pass", l, later)
		}
	}
	for _, l := range []rng.Loops{{Init: budget - slLoopOverhead - 4, Draw: 1}, {Init: 1, Draw: (budget - slLoopOverhead) / 9}} {
		cfg := defaultStreamlineConfig(8, 8, withLoops(rng.Philox, l))
		onGL(t, func(c *gpu.Context) error {
			s, err := NewStreamlines(c, testField(t), cfg)
			if err == nil {
				s.Close()
				return fmt.Errorf("%+v: NewStreamlines did not refuse", l)
			}
			if msg := err.Error(); !strings.Contains(msg, "too costly for streamlines") || strings.Contains(msg, "\n") {
				return fmt.Errorf("%+v: %q", l, msg)
			}
			return nil
		})
	}
}

// TestStreamlinesCostlyDraws: with draws of thousands of loop passes (CA,
// --ca-steps 4096, at its exact cost), a pass holds a few steps; a
// streamline of 30 steps (one unresumable pass stops within 4) equals the Go
// reference.
func TestStreamlinesCostlyDraws(t *testing.T) {
	const steps = 30
	cfg := defaultStreamlineConfig(8, 8, withLoops(rng.CA, rng.Loops{Init: 65, Draw: 4097}))
	cfg.RNG.Options, cfg.Jitter, cfg.Density, cfg.Step, cfg.MaxSteps = map[string]string{"ca-steps": "4096"}, 0.1, 1, 0.1, steps
	field := flow.Rotation(4, 4)
	k := 4*8 + 6
	var paths []flow.Path
	var passes, per int
	onGL(t, func(c *gpu.Context) error {
		s, err := NewStreamlines(c, field, cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		passes, per = s.Passes()
		paths, err = s.recordPaths(k, 1, steps)
		return err
	})
	if passes < steps/3 {
		t.Fatalf("%d passes of %d steps: the test should span many", passes, per)
	}
	cpu := goPaths(t, field, cfg, k, 1, true)
	if cpu[0].Steps != steps {
		t.Fatalf("the Go reference took %d steps (%v)", cpu[0].Steps, cpu[0].Stop)
	}
	comparePaths(t, "ca-steps 4096", paths, cpu, 1e-3)
}

// TestStreamlinePartsCutWhatTheySay: the breakdown's cut-down traces
// (render.StreamlinePart): without the density map's atomics the paths are
// the same (same steps, stops and length map) and the density map stays
// empty; with a hash for jitter the map stays empty and the paths differ
// from the generator's, yet stop as streamlines do (every one counted).
func TestStreamlinePartsCutWhatTheySay(t *testing.T) {
	field := testField(t)
	var dens [3][]uint64
	var lens [3][]uint32
	var st [3]flow.Stats
	for part := StreamlineFull; part <= StreamlineHashJitter; part++ {
		cfg := slmLehmer(defaultStreamlineConfig(36, 25, nil))
		cfg.Part = part
		dens[part], lens[part], st[part] = traceAll(t, field, cfg, 4096)
	}
	empty := func(d []uint64) bool { return !slices.ContainsFunc(d, func(v uint64) bool { return v != 0 }) }
	if empty(dens[StreamlineFull]) || !empty(dens[StreamlineNoVisits]) || !empty(dens[StreamlineHashJitter]) {
		t.Errorf("density maps empty: full %v, no visits %v, hash %v", empty(dens[0]), empty(dens[1]), empty(dens[2]))
	}
	if st[StreamlineNoVisits] != st[StreamlineFull] || !slices.Equal(lens[StreamlineNoVisits], lens[StreamlineFull]) {
		t.Errorf("without visits the paths changed: stats %+v vs %+v", st[StreamlineNoVisits], st[StreamlineFull])
	}
	h := st[StreamlineHashJitter]
	if slices.Equal(lens[StreamlineHashJitter], lens[StreamlineFull]) || h.Streamlines != st[StreamlineFull].Streamlines || h.Steps == 0 {
		t.Errorf("hash jitter: stats %+v vs the generator's %+v", h, st[StreamlineFull])
	}
}

// defaultStreamlineConfig is slm's setting for a w x h image: density 3,
// jitter 1, step 0.5 pixels, enough steps to cross the image once, shared
// streams, seed 0.
func defaultStreamlineConfig(w, h int, gen *rng.Generator) StreamlineConfig {
	return StreamlineConfig{Width: w, Height: h, RNG: rng.Spec{Gen: gen},
		Params: flow.Params{Density: 3, Jitter: 1, Step: 0.5}}
}

// mapScale is the maps' scaling of a value in [0, top] to [0, 1] in Go:
// linearly, or as log(1+v)/log(1+top) (counts spanning decades); top <= 0
// maps all to 0.
func mapScale(v, top float64, log bool) float64 {
	if top <= 0 {
		return 0
	}
	if log {
		return math.Log1p(v) / math.Log1p(top)
	}
	return v / top
}
