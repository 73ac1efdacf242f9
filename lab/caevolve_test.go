package lab

import (
	"bytes"
	"math"
	"slices"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/internal/stats"
	"speckle/render"
	"speckle/rng"
)

var testGenomes = []rng.CAGenome{
	rng.CAPresetGenome("paper"),
	rng.CAPresetGenome("linear"),
	{K: [4]int{0, 32, 17, 63}, Rule: 0x35AC},
	{K: [4]int{2, 4, 6, 8}, Rule: 0x6666}, // even taps: dies out
}

// A population's GPU dump equals its Go reference bit for bit, whether the
// dump seeds the streams (no warm-up) or rng_init and rng_warmup.comp do
// (the genome index then travels through the pool).
func TestCAPopulationGPUEqualsGo(t *testing.T) {
	for _, opts := range []map[string]string{nil, {"ca-warmup": "0", "ca-steps": "3"}} {
		cfg := rng.Config{Seed: 5, Options: opts}
		inst, err := rng.NewCAPopulation(testGenomes, 3, cfg)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Streams = 3 * len(testGenomes)
		var cpu, gpuOut bytes.Buffer
		if err := rng.Dump(inst, cfg.Streams, 700, false, &cpu, nil); err != nil {
			t.Fatal(err)
		}
		gltest.On(t, func(c *gpu.Context) error {
			r, err := render.NewRNGOf(c, rng.CA, cfg, inst)
			if err != nil {
				return err
			}
			defer r.Close()
			return Dump(r, 700, false, &gpuOut, nil)
		})
		if d := firstMismatch(gpuOut.Bytes(), cpu.Bytes(), 700); d != "" {
			t.Fatalf("%v: GPU and Go differ: %s", opts, d)
		}
	}
}

// EvaluateCA's counts are the Go reference's: each candidate's battery
// sample (stream order) through stats.Tally, its symbols through
// symbolCounts; blocks are cut small so samples straddle them.
func TestEvaluateCAEqualsGo(t *testing.T) {
	saved := dumpChunkBytes
	defer func() { dumpChunkBytes = saved }()
	dumpChunkBytes = 4 * 8 * 1024
	for _, n := range []int{4, 8} {
		e := CAEvaluation{StreamsPerGenome: 2, PerStream: 1536, SymbolBits: n, Tests: stats.Tests, Config: rng.Config{Seed: 9}}
		var got CAScores
		gltest.On(t, func(c *gpu.Context) (err error) {
			got, err = EvaluateCA(c, testGenomes, e, nil)
			return err
		})
		inst, _ := rng.NewCAPopulation(testGenomes, 2, e.Config)
		size := e.size(len(testGenomes))
		for i, test := range stats.Tests {
			want := batteryOnCPU(inst, 32, 2*len(testGenomes), size, StreamOrder, test)
			if !slices.Equal(got.Battery.Counts[StreamOrder][i], want) {
				t.Errorf("%s: GPU counts differ from Go's at %d", test, firstDiff(got.Battery.Counts[StreamOrder][i], want))
			}
		}
		if got.Battery.Counts[ConsumedOrder] != nil {
			t.Error("the consumed order was counted, which ρ does not use")
		}
		for g := range testGenomes {
			want := make([]uint64, 1<<n)
			for s := 2 * g; s < 2*g+2; s++ {
				st := inst.Stream(s)
				x := make([]uint32, e.PerStream)
				for i := range x {
					x[i] = st.U32()
				}
				symbolCounts(x, n, want)
			}
			if !slices.Equal(got.Symbols[g], want) {
				t.Errorf("n=%d candidate %s: GPU symbol counts differ from Go's at %d", n, testGenomes[g], firstDiff(got.Symbols[g], want))
			}
		}
		// The even-tap rule dies to all zeros: one symbol, entropy 0, every test failed.
		if e, r := Entropy(got.Symbols[3]), Rho(got.P[3]); e != 0 || r != 0 {
			t.Errorf("the dying CA scores e = %g, rho = %g", e, r)
		}
	}
}

// scoreOf is e (8-bit symbols) and rho of x as one sample, on the CPU.
func scoreOf(x []uint32) (e, rho float64) {
	sym := make([]uint64, 256)
	symbolCounts(x, 8, sym)
	var ps []float64
	for _, t := range stats.Tests {
		c := make([]uint64, t.Bins())
		stats.Tally(t, x, 32, c)
		ps = append(ps, stats.P(t, c, stats.Layout{Segments: 1, Length: int64(len(x))}, 32))
	}
	return Entropy(sym), Rho(ps)
}

// Entropy and rho of known inputs: all zeros score 0 and 0; a counter
// 0..2^16-1 has the entropy of its bytes (two uniform, two zero) and fails
// the battery; Philox's numbers score near 1 on both.
func TestEntropyAndRhoOfKnownInputs(t *testing.T) {
	const n = 1 << 16
	zeros, counter := make([]uint32, n), make([]uint32, n)
	for i := range counter {
		counter[i] = uint32(i)
	}
	if e, r := scoreOf(zeros); e != 0 || r != 0 {
		t.Errorf("zeros: e = %g, rho = %g; want 0, 0", e, r)
	}
	// Bytes of the counter: 0 with probability 1/2 + 2/(4*256), each other byte 2/(4*256).
	p0, p1 := 0.5+2.0/1024, 2.0/1024
	want := -(p0*math.Log2(p0) + 255*p1*math.Log2(p1)) / 8
	if e, r := scoreOf(counter); math.Abs(e-want) > 1e-12 || r > 0.2 {
		t.Errorf("counter: e = %.15f (want %.15f), rho = %g (want near 0)", e, want, r)
	}
	inst, _ := rng.Philox.New(rng.Config{Seed: 1, Streams: 1})
	s := inst.Stream(0)
	x := make([]uint32, n)
	for i := range x {
		x[i] = s.U32()
	}
	if e, r := scoreOf(x); e < 0.999 || r < 0.85 {
		t.Errorf("philox: e = %g, rho = %g; want both near 1", e, r)
	}
	if r := Rho([]float64{0.5, stats.FailBelow / 2, 1, math.NaN()}); math.Abs(r-1.0/3) > 1e-12 {
		t.Errorf("rho of a pass and two failures: %g, want 1/3", r)
	}
	if r := Rho([]float64{math.Sqrt(stats.FailBelow * stats.SuspectBelow)}); math.Abs(r-0.5) > 1e-12 {
		t.Errorf("rho halfway (log scale) between fail and suspect: %g, want 0.5", r)
	}
}

// symbolCounts adds to counts (2^n long) the n-bit symbols of each value,
// all 32/n of them: the CPU reference of ca_symbols.comp.
func symbolCounts(x []uint32, n int, counts []uint64) {
	mask := uint32(1)<<n - 1
	for _, u := range x {
		for s := 0; s < 32; s += n {
			counts[u>>s&mask]++
		}
	}
}
