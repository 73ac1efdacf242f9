package lab

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/render"
	"speckle/rng"
	"speckle/shaders"
)

// optionSets is every generator's defaults plus its TestOptions.
func optionSets(g *rng.Generator) []map[string]string {
	return append([]map[string]string{nil}, g.TestOptions...)
}

// paperSets is g's defaults plus its TestOptions of --hash-key paper: the
// suites that run every generator once (the renderer order, the battery's
// counts) run those too, the keying whose state steps through a hash's
// output words.
func paperSets(g *rng.Generator) []map[string]string {
	sets := []map[string]string{nil}
	for _, o := range g.TestOptions {
		if o["hash-key"] == "paper" {
			sets = append(sets, o)
		}
	}
	return sets
}

func describe(opts map[string]string) string {
	if len(opts) == 0 {
		return "defaults"
	}
	var parts []string
	for k, v := range opts {
		parts = append(parts, "--"+k+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

// firstMismatch names the first differing value of two dumps.
func firstMismatch(gpuOut, cpuOut []byte, count int) string {
	if len(gpuOut) != len(cpuOut) {
		return fmt.Sprintf("GPU wrote %d bytes, CPU %d", len(gpuOut), len(cpuOut))
	}
	for i := 0; i+4 <= len(gpuOut); i += 4 {
		a := binary.LittleEndian.Uint32(gpuOut[i:])
		b := binary.LittleEndian.Uint32(cpuOut[i:])
		if a != b {
			k := i / 4
			return fmt.Sprintf("stream %d, value %d: GPU %08x, CPU %08x", k/count, k%count, a, b)
		}
	}
	return ""
}

// TestDumpGPUEqualsCPU: for every generator, option set and format, the GLSL
// port's dump is byte-identical to the Go reference's.
func TestDumpGPUEqualsCPU(t *testing.T) {
	const streams, count = 64, 4096
	for _, g := range exactGenerators() {
		for _, opts := range optionSets(g) {
			for _, f32 := range []bool{false, true} {
				for _, seed := range []uint32{0, 0x9E3779B9} {
					name := fmt.Sprintf("%s/%s/f32=%v/seed=%x", g.Name, describe(opts), f32, seed)
					t.Run(name, func(t *testing.T) { dumpEqualsGo(t, g, opts, seed, streams, count, f32) })
				}
			}
		}
	}
}

// TestRendererDrawsContinue: the renderer's path (seed a pool, then
// dispatches of load, draw, store) gives what the Go reference gives, u32 and
// f32 alike, each dispatch continuing every stream where the last stopped.
// The odd draw counts leave block generators (ranlux's float4s, philox's
// 4-lane blocks) stored at every position within a block.
//
// With slot sequences (the eye pass), quasi-random generators give each slot
// a sequence of its own and the others are unaffected.
func TestRendererDrawsContinue(t *testing.T) {
	const slots = 300 // not a multiple of the work group: a partial group
	counts := []int{97, 1, 2, 3, 1, 6, 5}
	for _, g := range exactGenerators() {
		for _, opts := range optionSets(g) {
			for _, perSlot := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%s/slot-sequences=%v", g.Name, describe(opts), perSlot), func(t *testing.T) {
					cfg := rng.Config{Seed: 12345, Streams: slots, Options: opts}
					inst, err := g.New(cfg)
					if err != nil {
						t.Fatal(err)
					}
					got := drawOnGPU(t, g, cfg, DrawRecord, counts, perSlot)
					checkDraws(t, inst, got, counts, 0, slots, perSlot)
				})
			}
		}
	}
}

// checkDraws compares what drawOnGPUFrom recorded (iterations first, first+1,
// ...) with the Go reference.
func checkDraws(t *testing.T, inst rng.Instance, got [][]uint32, counts []int, first uint32, slots int, perSlot bool) {
	t.Helper()
	quasi, isQuasi := inst.(rng.QuasiRandom)
	slotSeq, hasSlotSeq := inst.(rng.SlotSequences)
	streams := make([]rng.Stream, slots)
	for it, count := range counts {
		iteration := uint64(first) + uint64(it)
		for i := 0; i < slots; i++ {
			if perSlot && hasSlotSeq {
				streams[i] = slotSeq.SlotPoint(i, iteration)
			} else if isQuasi {
				streams[i] = quasi.Point(iteration*uint64(slots) + uint64(i))
			} else if it == 0 {
				streams[i] = inst.Stream(i)
			}
			for m := 0; m < count; m++ {
				var want uint32
				kind := "u32"
				if m%2 == 0 {
					want = streams[i].U32()
				} else {
					want, kind = math.Float32bits(streams[i].F32()), "f32"
				}
				if gpu := got[it][i*count+m]; gpu != want {
					t.Fatalf("dispatch %d, slot %d, draw %d (%s): GPU %08x, Go %08x", it, i, m, kind, gpu, want)
				}
			}
		}
	}
}

// drawOnGPU seeds a pool of cfg.Streams slots, then runs Draw once per
// count (iterations 0, 1, ...) and returns what each wrote.
func drawOnGPU(t *testing.T, g *rng.Generator, cfg rng.Config, mode DrawMode, counts []int, slotSequences bool) [][]uint32 {
	t.Helper()
	return drawOnGPUFrom(t, g, cfg, mode, counts, slotSequences, 0)
}

// drawOnGPUFrom is drawOnGPU from iteration first on.
func drawOnGPUFrom(t *testing.T, g *rng.Generator, cfg rng.Config, mode DrawMode, counts []int, slotSequences bool, first uint32) [][]uint32 {
	t.Helper()
	got := make([][]uint32, len(counts))
	gltest.On(t, func(c *gpu.Context) error {
		r, err := render.NewRNG(c, g, cfg)
		if err != nil {
			return err
		}
		defer r.Close()
		r.SlotSequences = slotSequences
		if err := r.Seed(); err != nil {
			return err
		}
		out, err := c.NewBuffer(DrawWords(mode, cfg.Streams, slices.Max(counts))*4, nil)
		if err != nil {
			return err
		}
		defer out.Delete()
		for it, count := range counts {
			if _, err := Draw(r, mode, count, first+uint32(it), 1, out); err != nil {
				return err
			}
			got[it] = make([]uint32, DrawWords(mode, cfg.Streams, count))
			out.Read(0, got[it])
		}
		return nil
	})
	return got
}

// TestFloatFoursFromAnyPosition: the bench's draws four at a time
// (rng_f32x4, a block generator's whole block at once) continue a stream
// left at any position within a block: records of 1, 2 or 3 draws, then
// stored fours, equal the Go reference's floats.
func TestFloatFoursFromAnyPosition(t *testing.T) {
	const slots, four = 5, 12
	for _, g := range exactGenerators() {
		for lead := 1; lead <= 3; lead++ {
			t.Run(fmt.Sprintf("%s/lead=%d", g.Name, lead), func(t *testing.T) {
				cfg := rng.Config{Seed: 11, Streams: slots}
				inst, err := g.New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				if _, quasi := inst.(rng.QuasiRandom); quasi {
					t.Skip("a quasi-random point starts afresh each iteration")
				}
				var stored []uint32
				gltest.On(t, func(c *gpu.Context) error {
					r, err := render.NewRNG(c, g, cfg)
					if err != nil {
						return err
					}
					defer r.Close()
					if err := r.Seed(); err != nil {
						return err
					}
					out, err := c.NewBuffer(slots*four*4, nil)
					if err != nil {
						return err
					}
					defer out.Delete()
					if _, err := Draw(r, DrawRecord, lead, 0, 1, out); err != nil {
						return err
					}
					if _, err := Draw(r, DrawStore, four, 1, 1, out); err != nil {
						return err
					}
					stored = make([]uint32, slots*four)
					out.Read(0, stored)
					return nil
				})
				for i := 0; i < slots; i++ {
					s := inst.Stream(i)
					for m := 0; m < lead; m++ {
						if m%2 == 0 {
							s.U32()
						} else {
							s.F32()
						}
					}
					for m := 0; m < four; m++ {
						if w, want := stored[(m/4*slots+i)*4+m%4], math.Float32bits(s.F32()); w != want {
							t.Fatalf("slot %d, stored draw %d after %d: GPU %08x, Go %08x", i, m, lead, w, want)
						}
					}
				}
			})
		}
	}
}

// TestRendererFloatsInUnitInterval: every renderer float is in [0,1).
func TestRendererFloatsInUnitInterval(t *testing.T) {
	for _, g := range rng.All {
		inst, err := g.New(rng.Config{Seed: 7, Streams: 16})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 16; i++ {
			s := inst.Stream(i)
			for m := 0; m < 4096; m++ {
				if f := s.F32(); !(f >= 0 && f < 1) {
					t.Fatalf("%s stream %d draw %d: renderer float %v outside [0,1)", g.Name, i, m, f)
				}
			}
		}
	}
}

// TestBenchStoreWritesRendererFloats: the bench's stored mode writes exactly
// the renderer's floats, so what it times is what the renderer draws.
func TestBenchStoreWritesRendererFloats(t *testing.T) {
	const slots, count = 200, 12
	for _, g := range exactGenerators() {
		t.Run(g.Name, func(t *testing.T) {
			cfg := rng.Config{Seed: 3, Streams: slots}
			inst, err := g.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			got := drawOnGPU(t, g, cfg, DrawStore, []int{count}, false)[0]
			for i := 0; i < slots; i++ {
				var s rng.Stream
				if q, ok := inst.(rng.QuasiRandom); ok {
					s = q.Point(uint64(i))
				} else {
					s = inst.Stream(i)
				}
				for m := 0; m < count; m++ {
					w := got[(m/4*slots+i)*4+m%4]
					if want := math.Float32bits(s.F32()); w != want {
						t.Fatalf("slot %d draw %d: stored %08x, Go %08x", i, m, w, want)
					}
				}
			}
		})
	}
}

// TestBenchReportsThroughput: the bench runs every generator and the write
// ceiling on this GPU and reports positive rates.
func TestBenchReportsThroughput(t *testing.T) {
	size := BenchSize{Invocations: 4096, StoreDraws: 16, SumInvocations: 2048, SumDraws: 16, MinReps: 1, Batch: 2}
	gltest.On(t, func(c *gpu.Context) error {
		bench, all, err := WriteCeilings(c, size)
		if err != nil {
			return err
		}
		if !(bench.PerS > 0) || bench.Invocations != size.Invocations || bench.Values != size.StoreDraws || len(all) == 0 || all[0] != bench {
			return fmt.Errorf("write ceiling: bench pattern %+v of %+v", bench, all)
		}
		if best := Best(all); best.PerS < bench.PerS {
			return fmt.Errorf("best pattern %+v slower than the bench's %+v", best, bench)
		}
		for _, g := range rng.All {
			var pools []int
			res, err := Bench(func(streams int) (*render.RNG, error) {
				pools = append(pools, streams)
				return render.NewRNG(c, g, rng.Config{Seed: 1, Streams: streams})
			}, size)
			if err != nil {
				return fmt.Errorf("%s: %v", g.Name, err)
			}
			if fmt.Sprint(pools) != fmt.Sprint([]int{size.Invocations, size.SumInvocations}) {
				return fmt.Errorf("%s: pools of %v streams, want the stored bench's then the summing bench's", g.Name, pools)
			}
			inst, err := g.New(rng.Config{Streams: 1})
			if err != nil {
				return err
			}
			_, strided := inst.(rng.StridedDump)
			if !(res.StoredPerS > 0 && res.SumPerS > 0) {
				return fmt.Errorf("%s: rates %v %v", g.Name, res.StoredPerS, res.SumPerS)
			}
			if strided != (res.DumpStoredPerS > 0) {
				return fmt.Errorf("%s: dump-order rate %v, strided dump %v", g.Name, res.DumpStoredPerS, strided)
			}
		}
		return nil
	})
}

// TestDumpOrderBenchWritesTheDump: the dump-order bench of a strided
// generator stores exactly `rng dump --format f32`'s values of its first
// 1,024 streams (2 lanes a stream here, 8 values each), so it times the
// dump's own work.
func TestDumpOrderBenchWritesTheDump(t *testing.T) {
	size := BenchSize{Invocations: 2048, StoreDraws: 8, SumDraws: 4, MinReps: 1, Batch: 1}
	const streams, count = 1024, 16
	for _, g := range rng.All {
		cfg := rng.Config{Seed: 3, Streams: size.Invocations}
		inst, err := g.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := inst.(rng.StridedDump); !ok {
			continue
		}
		var want bytes.Buffer
		if err := rng.Dump(inst, streams, count, true, &want, nil); err != nil {
			t.Fatal(err)
		}
		got := make([]byte, streams*count*4)
		gltest.On(t, func(c *gpu.Context) error {
			r, err := render.NewRNG(c, g, cfg)
			if err != nil {
				return err
			}
			defer r.Close()
			out, err := c.NewBuffer(len(got), nil)
			if err != nil {
				return err
			}
			defer out.Delete()
			if _, err := dumpRate(r, size, out); err != nil {
				return err
			}
			words := make([]uint32, len(got)/4)
			out.Read(0, words)
			putWords(got, words)
			return nil
		})
		if d := firstMismatch(got, want.Bytes(), count); d != "" {
			t.Fatalf("%s: dump-order bench differs from the dump: %s", g.Name, d)
		}
	}
}

// dumpEqualsGo dumps streams x count values of g with opts on the GPU and
// fails at the first value that differs from the Go reference.
func dumpEqualsGo(t *testing.T, g *rng.Generator, opts map[string]string, seed uint32, streams, count int, f32 bool) {
	t.Helper()
	cfg := rng.Config{Seed: seed, Streams: streams, Options: opts}
	inst, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var cpu, gpuOut bytes.Buffer
	if err := rng.Dump(inst, streams, count, f32, &cpu, nil); err != nil {
		t.Fatal(err)
	}
	gltest.On(t, func(c *gpu.Context) error {
		r, err := render.NewRNG(c, g, cfg)
		if err != nil {
			return err
		}
		defer r.Close()
		return Dump(r, count, f32, &gpuOut, nil)
	})
	if d := firstMismatch(gpuOut.Bytes(), cpu.Bytes(), count); d != "" {
		t.Fatalf("GPU and CPU dumps differ: %s", d)
	}
}

// TestDumpPastLoopCap: dumps far longer than one shader loop may run on
// llvmpipe (65,535 passes per invocation in all) equal the Go reference, for
// every generator and option set (u32; f32 for the defaults), and the CA's
// long warm-up and costly steps likewise.
func TestDumpPastLoopCap(t *testing.T) {
	const streams, count = 2, 200000
	for _, g := range exactGenerators() {
		for i, opts := range optionSets(g) {
			for _, f32 := range []bool{false, true} {
				if f32 && i > 0 {
					continue
				}
				t.Run(fmt.Sprintf("%s/%s/f32=%v", g.Name, describe(opts), f32), func(t *testing.T) {
					dumpEqualsGo(t, g, opts, 0x5EED, streams, count, f32)
				})
			}
		}
	}
	for _, c := range []struct {
		opts  map[string]string
		count int
	}{
		{map[string]string{"ca-warmup": "100000"}, 1000},
		{map[string]string{"ca-steps": "64"}, 3000},
		{map[string]string{"ca-steps": "4096"}, 40},
	} {
		t.Run("ca/"+describe(c.opts), func(t *testing.T) {
			dumpEqualsGo(t, rng.CA, c.opts, 7, 3, c.count, false)
		})
	}
}

// llvmpipeLoopCap is Mesa llvmpipe's limit of loop passes per invocation.
const llvmpipeLoopCap = 65535

// probeLoops seeds r's pool afresh, runs rng_probe.comp (defs pick what it
// probes) over n invocations of it and returns the loop passes each one spent, as
// llvmpipe counts them; ok is false where no loop limiter shows (not
// llvmpipe).
func probeLoops(c *gpu.Context, r *render.RNG, defs map[string]string, n int) (used []int, ok bool, err error) {
	const meter = 1 << 20
	if err := r.Seed(); err != nil {
		return nil, false, err
	}
	p, err := r.Program("rng_probe.comp", defs)
	if err != nil {
		return nil, false, err
	}
	out, err := c.NewBuffer(2*n*4, nil)
	if err != nil {
		return nil, false, err
	}
	defer out.Delete()
	r.Bind(p, 0)
	out.Bind(shaders.RNGOutBinding)
	p.SetUint("invocations", uint32(n))
	p.SetUint("meter", meter)
	if err := c.Dispatch(p, n); err != nil {
		return nil, false, err
	}
	words := make([]uint32, 2*n)
	out.Read(0, words)
	for i := 0; i < n; i++ {
		if words[2*i] >= meter {
			return nil, false, nil
		}
		used = append(used, llvmpipeLoopCap-int(words[2*i]))
	}
	return used, true, nil
}

// TestLoopsBoundMeasured: every generator's rng.Loops bounds the loop passes
// llvmpipe really counts, for every option set (and costly ones): rng_init
// (with and without its deferred warm-up), rng_warmup, and rng_load plus a
// loop of n passes with 1 or 4 draws each (n up to 52: every lane of a
// philox block, every position in a ranlux block and two skips), against
// the sizing the kernels use (render.RNG.Piece). An under-estimate fails here.
func TestLoopsBoundMeasured(t *testing.T) {
	extra := map[string][]map[string]string{
		"ca": {{"ca-steps": "64"}, {"ca-steps": "4096"}, {"ca-warmup": "5000"}},
	}
	for _, g := range rng.All {
		if !rng.Representative(g) {
			continue // no hash port loops; the keying is pcg's
		}
		for _, opts := range append(optionSets(g), extra[g.Name]...) {
			t.Run(g.Name+"/"+describe(opts), func(t *testing.T) {
				probe := 1 + min(52, (shaders.LoopBudget-1)/(4*g2loops(t, g, opts).Draw+1)-2)
				cfg := rng.Config{Seed: 99, Streams: probe, Options: opts}
				err := gltest.Do(func() error {
					c := gltest.Context()
					r, err := render.NewRNG(c, g, cfg)
					if err != nil {
						return err
					}
					defer r.Close()
					if err := r.Seed(); err != nil {
						return err
					}
					l := r.Inst.Loops()
					// check compares the passes used by invocation n with
					// bound(n) and, where step > 0, each invocation's extra
					// passes over the one before with step: a loop pass's
					// own cost, so that an under-estimate by a single pass
					// per draw shows.
					check := func(what string, defs map[string]string, bound func(n int) int, step int) error {
						used, ok, err := probeLoops(c, r, defs, probe)
						if err != nil || !ok {
							if !ok && err == nil {
								// t.Skip here would end the GL thread's goroutine (and every later test): skip once back.
								return errNoLoopLimiter
							}
							return err
						}
						if os.Getenv("PROBE_DEBUG") != "" {
							t.Logf("%s: %v", what, used)
						}
						worst := 0
						for n, u := range used {
							if u > bound(n) {
								return fmt.Errorf("%s, n = %d: llvmpipe counted %d loop passes, Loops %+v allows %d", what, n, u, l, bound(n))
							}
							if n > 0 && step > 0 && u-used[n-1] > step {
								return fmt.Errorf("%s: pass %d cost %d loop passes, Loops %+v allows %d", what, n, u-used[n-1], l, step)
							}
							worst = max(worst, u)
						}
						t.Logf("%s: at most %d passes measured (Loops %+v)", what, worst, l)
						return nil
					}
					for _, sites := range []int{1, 4} { // 4: rng_u32, rng_f32, rng_dump_f32, rng_u32
						if err := check(fmt.Sprintf("load + n passes of %d draws", sites), map[string]string{"PROBE_SITES": fmt.Sprint(sites)},
							func(n int) int { return render.PassesFor(l, sites, n) }, sites*l.Draw+1); err != nil {
							return err
						}
					}
					if l.Init < shaders.LoopBudget {
						if err := check("rng_init", map[string]string{"PROBE_INIT": "1"}, func(int) int { return l.Init }, 0); err != nil {
							return err
						}
					}
					if l.Warmup > 0 {
						if err := check("rng_init deferring the warm-up", map[string]string{"PROBE_INIT": "1", "RNG_DEFER_WARMUP": "1"},
							func(int) int { return l.Init - l.Warmup }, 0); err != nil {
							return err
						}
						if err := check("load + rng_warmup(n)", map[string]string{"PROBE_WARMUP": "1"},
							func(n int) int { return l.Draw + n + 1 }, 1); err != nil {
							return err
						}
					}
					return nil
				})
				if errors.Is(err, errNoLoopLimiter) {
					t.Skip(err)
				}
				if err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// errNoLoopLimiter: the GL ran the probe's meter to its end, so it has no
// loop limiter to measure (not llvmpipe).
var errNoLoopLimiter = errors.New("no loop limiter seen: not llvmpipe")

func g2loops(t *testing.T, g *rng.Generator, opts map[string]string) rng.Loops {
	t.Helper()
	inst, err := g.New(rng.Config{Streams: 1, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	return inst.Loops()
}

// TestRendererDrawsPastLoopCap: the renderer's draws of one iteration, far
// more than one shader loop may run on llvmpipe, equal the Go reference for
// every generator (and the CA's costly steps): recorded, stored and summed,
// each split into dispatches that continue from the pool (or, for Sobol,
// the point's dimension), then an iteration more.
func TestRendererDrawsPastLoopCap(t *testing.T) {
	const slots, long = 3, 70000
	type set struct {
		g    *rng.Generator
		opts map[string]string
	}
	sets := []set{{rng.CA, map[string]string{"ca-steps": "64"}}}
	for _, g := range exactGenerators() {
		sets = append(sets, set{g, nil})
	}
	for _, c := range sets {
		t.Run(c.g.Name+"/"+describe(c.opts), func(t *testing.T) {
			cfg := rng.Config{Seed: 77, Streams: slots, Options: c.opts}
			inst, err := c.g.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			counts := []int{long + 1, 3}
			checkDraws(t, inst, drawOnGPU(t, c.g, cfg, DrawRecord, counts, false), counts, 0, slots, false)
			stored := drawOnGPU(t, c.g, cfg, DrawStore, []int{long}, false)[0]
			summed := drawOnGPU(t, c.g, cfg, DrawSum, []int{long}, false)[0]
			for i := 0; i < slots; i++ {
				s, u := inst.Stream(i), inst.Stream(i)
				if q, ok := inst.(rng.QuasiRandom); ok {
					s, u = q.Point(uint64(i)), q.Point(uint64(i))
				}
				var sums [4]float32 // draw m into running sum m % 4, as the kernel adds them
				for m := 0; m < long; m++ {
					if w, want := stored[(m/4*slots+i)*4+m%4], math.Float32bits(s.F32()); w != want {
						t.Fatalf("stored: slot %d draw %d: GPU %08x, Go %08x", i, m, w, want)
					}
					sums[m%4] += u.F32()
				}
				for k, sum := range sums {
					if summed[4*i+k] != math.Float32bits(sum) {
						t.Fatalf("summed: slot %d, sum %d: GPU %v, Go %v", i, k, math.Float32frombits(summed[4*i+k]), sum)
					}
				}
			}
		})
	}
}

// TestSobolGPUPointPast2To32: the photon pass's point index
// iteration*N + slot is 64-bit on the GPU as in Go: iterations whose
// indices cross 2^32 equal the Go reference, and point 2^32 + i is not
// point i.
func TestSobolGPUPointPast2To32(t *testing.T) {
	const slots = 300
	first := uint32((1 << 32) / slots) // its slots 196.. are past 2^32
	counts := []int{7, 6}
	for _, seed := range []uint32{0, 12345} {
		cfg := rng.Config{Seed: seed, Streams: slots}
		inst, err := rng.Sobol.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		got := drawOnGPUFrom(t, rng.Sobol, cfg, DrawRecord, counts, false, first)
		checkDraws(t, inst, got, counts, first, slots, false)
		same, past := 0, 0
		for it, count := range counts {
			for i := 0; i < slots; i++ {
				index := (uint64(first)+uint64(it))*slots + uint64(i)
				if index < 1<<32 {
					continue
				}
				early := inst.(rng.QuasiRandom).Point(index - 1<<32)
				for m := 0; m < count; m++ {
					want := early.U32()
					if m%2 == 1 {
						want = math.Float32bits(min(float32(want)*(1.0/4294967296.0), 0.99999994))
					}
					if got[it][i*count+m] == want {
						same++
					}
					past++
				}
			}
		}
		if past == 0 || same > past/100 {
			t.Fatalf("seed %d: %d of %d GPU values past point 2^32 repeat the point 2^32 earlier", seed, same, past)
		}
	}
}

// costly is an instance whose draws cost more loop passes than it says.
type costly struct {
	rng.Instance
	loops rng.Loops
}

func (c costly) Loops() rng.Loops { return c.loops }

// TestPieceWithinBudget: the values a kernel draws per dispatch are the
// most whose loop passes (render.PassesFor) stay within the budget, for draws
// cheap and dear; a generator whose one draw does not fit is refused in
// one line rather than run.
func TestPieceWithinBudget(t *testing.T) {
	inst, err := rng.Philox.New(rng.Config{Streams: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, draw := range []int{0, 10, 65, 4097, 14999, 20000, 29998, 30000, 1 << 20} {
		l := rng.Loops{Draw: draw}
		r := &render.RNG{Gen: rng.Philox, Inst: costly{inst, l}}
		for _, c := range []struct{ sites, per int }{{1, 1}, {2, 1}, {4, 4}} {
			got, err := r.Piece(c.sites, c.per, 0)
			if render.PassesFor(l, c.sites, 1) > shaders.LoopBudget {
				if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "more than one GPU dispatch may run") {
					t.Errorf("draw %d, %d sites: %d values, %v; want a one-line refusal", draw, c.sites, got, err)
				}
				continue
			}
			if err != nil || got%c.per != 0 {
				t.Fatalf("draw %d, %d sites: %d values, %v", draw, c.sites, got, err)
			}
			passes := got / c.per
			if render.PassesFor(l, c.sites, passes) > shaders.LoopBudget || render.PassesFor(l, c.sites, passes+1) <= shaders.LoopBudget {
				t.Errorf("draw %d, %d sites: %d passes per dispatch, not the most within %d", draw, c.sites, passes, shaders.LoopBudget)
			}
		}
	}
}

// Every store pattern WriteCeilings times on a real GPU writes the whole
// buffer it claims to (here small, on any GL): columns put value m of
// invocation i at uvec4 (m/4)*N + i, grid-stride puts k at uvec4 k, for
// groups of 128 to 1024.
func TestStorePatternsWriteEveryWord(t *testing.T) {
	size := BenchSize{MinReps: 1, Batch: 1}
	gltest.On(t, func(c *gpu.Context) error {
		for _, p := range []StorePattern{
			{Invocations: 1000, Values: 64, GroupSize: 128},
			{Invocations: 2048, Values: 4, GroupSize: 256},
			{Invocations: 1024, Values: 96, GroupSize: 1024, GridStride: true},
			{Invocations: 300, Values: 40, GroupSize: 1024, GridStride: true},
			{Invocations: 500, Values: 24, GroupSize: 128, Words: true},
		} {
			words := p.Invocations * p.Values
			out, err := c.NewBuffer(words*4, make([]uint32, words))
			if err != nil {
				return err
			}
			rate, err := storeRate(c, out, p, size)
			got := make([]uint32, words)
			out.Read(0, got)
			out.Delete()
			if err != nil || !(rate > 0) {
				return fmt.Errorf("%v: rate %v, %v", p, rate, err)
			}
			for k := range words {
				want := uint32(k/4 + k%4) // grid-stride: uvec4 k holds k .. k+3
				switch {
				case p.Words: // value m of invocation i at word m*N + i holds i + m
					want = uint32(k%p.Invocations + k/p.Invocations)
				case !p.GridStride: // columns: value m of invocation i holds i + m
					m, i := k/4/p.Invocations*4+k%4, k/4%p.Invocations
					want = uint32(i + m)
				}
				if got[k] != want {
					return fmt.Errorf("%v: word %d is %d, want %d", p, k, got[k], want)
				}
			}
		}
		return nil
	})
}
