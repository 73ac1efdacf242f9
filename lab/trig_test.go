package lab

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/render"
	"speckle/rng"
)

// exactGenerators are the generators whose GLSL port matches the Go
// reference bit for bit: all but the inexact (trig), which the suites
// that compare GPU and Go leave out and TestTrigGPUAgainstModel measures.
func exactGenerators() []*rng.Generator {
	var out []*rng.Generator
	for _, g := range rng.All {
		if !g.Inexact {
			out = append(out, g)
		}
	}
	return out
}

// TestTrigGPUAgainstModel measures how far the GPU's trig hash is from the
// Go model (float32 with a correctly rounded sin): GLSL's sin is the GPU's
// own, so trig is rng.Inexact and the bit-exact suites leave it out. It
// logs how many of 262,144 values differ and by how much (the distance on
// the circle [0,1), since values are fractions), for pixel-sized
// arguments (linear keying, seed 0: keys below 2^18, |p·k| below 2e4) and
// for keys over all 2^32 (counter keying, seed 1: arguments up to 6e6). It
// fails only if the GPU's values are not fractions or none were compared.
func TestTrigGPUAgainstModel(t *testing.T) {
	const streams, count = 64, 4096
	for _, c := range []struct {
		name string
		key  string
		seed uint32
	}{{"pixel-sized arguments", "linear", 0}, {"all keys", "counter", 1}} {
		cfg := rng.Config{Seed: c.seed, Streams: streams, Options: map[string]string{"hash-key": c.key}}
		inst, err := rng.Trig.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var cpu, gpuOut bytes.Buffer
		if err := rng.Dump(inst, streams, count, false, &cpu, nil); err != nil {
			t.Fatal(err)
		}
		gltest.On(t, func(ctx *gpu.Context) error {
			r, err := render.NewRNG(ctx, rng.Trig, cfg)
			if err != nil {
				return err
			}
			defer r.Close()
			return Dump(r, count, false, &gpuOut, nil)
		})
		if gpuOut.Len() != cpu.Len() || cpu.Len() != 4*streams*count {
			t.Fatalf("%s: GPU wrote %d bytes, Go %d", c.name, gpuOut.Len(), cpu.Len())
		}
		m := measureTrig(gpuOut.Bytes(), cpu.Bytes())
		t.Logf("trig on this GPU, %s: %d of %d values differ from the model (%.2f%%); |Δ| > 2^-20: %d, > 1e-3: %d, > 0.1: %d; largest %.3g, mean over the differing %.3g",
			c.name, m.differ, m.n, 100*float64(m.differ)/float64(m.n), m.above[0], m.above[1], m.above[2], m.largest, m.mean())
	}
}

// trigDiff is what measureTrig found: values that differ, how many by more
// than 2^-20, 1e-3 and 0.1, the largest and total distance on the circle.
type trigDiff struct {
	n, differ      int
	above          [3]int
	largest, total float64
}

func (m trigDiff) mean() float64 {
	if m.differ == 0 {
		return 0
	}
	return m.total / float64(m.differ)
}

func measureTrig(gpuOut, cpu []byte) trigDiff {
	var m trigDiff
	for i := 0; i+4 <= len(cpu); i += 4 {
		a, b := binary.LittleEndian.Uint32(gpuOut[i:]), binary.LittleEndian.Uint32(cpu[i:])
		m.n++
		if a == b {
			continue
		}
		m.differ++
		d := math.Abs(float64(a)-float64(b)) / (1 << 32)
		d = min(d, 1-d)
		for k, lim := range []float64{1.0 / (1 << 20), 1e-3, 0.1} {
			if d > lim {
				m.above[k]++
			}
		}
		m.largest = max(m.largest, d)
		m.total += d
	}
	return m
}
