package lesson

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"

	"speckle/gpu"
	"speckle/lab"
	"speckle/render"
	"speckle/rng"
)

// The sin hash (rng/trig.go): fract(sin(dot(p, (12.9898, 78.233))) ·
// 43758.5453) in float32. Its facts: how coarse its values are where the
// product is large (computed from the Go model), and how far this GPU's
// sin takes it from the model (measured on the GPU the page runs on).

// TrigLevels draws n numbers of photon slot 0 of spec over T streams
// (seed 1), as the renderer's floats, and counts those that are whole
// multiples of 2^-8 and of 2^-9, and the distinct values: a product
// sin·43758.5453 above 2^15 keeps 8 fraction bits in float32, above 2^14
// nine, so most draws lie on a grid of 512 values.
func TrigLevels(spec string, T, n int) (by8, by9, distinct int, err error) {
	sp, err := rng.ParseSpec(spec)
	if err != nil {
		return 0, 0, 0, err
	}
	inst, err := sp.New(T, 1)
	if err != nil {
		return 0, 0, 0, err
	}
	s, seen := inst.Stream(0), map[float32]bool{}
	for range n {
		f := s.F32()
		seen[f] = true
		if g := f * 256; g == float32(math.Trunc(float64(g))) {
			by8++
		}
		if g := f * 512; g == float32(math.Trunc(float64(g))) {
			by9++
		}
	}
	return by8, by9, len(seen), nil
}

func trigFacts(r ExplainRun) []string {
	T := r.PhotonsPerIteration
	var out []string
	for _, spec := range []string{r.Specs[0], r.Specs[len(r.Specs)-1]} {
		by8, by9, distinct, err := TrigLevels(spec, T, 1<<16)
		if err != nil {
			return []string{err.Error()}
		}
		out = append(out, fmt.Sprintf("%s, 65536 draws of photon slot 0 (Go model): %d are multiples of 2^-8, %d of 2^-9; %d distinct values.", spec, by8, by9, distinct))
	}
	return append(out,
		"Keyed by a word, the key is the pixel (k mod 2^16, k div 2^16): the dot product runs into the millions, sin's argument keeps few fraction bits, and sin·43758.5453 (up to 2^15.4) keeps 8 or 9: the draws are a coarse grid, which the render does not show at these photon counts.",
		"GLSL's sin is each GPU's own approximation: the same shader gives other numbers on another GPU. The page measures this GPU against the Go float32 model (a correctly rounded sin) below.")
}

// TrigGPUDiff dumps `count` values of each of `streams` streams of trig
// with the keying on the GPU and in the Go model, and counts those that
// differ, and the largest difference on the circle.
func TrigGPUDiff(c *gpu.Context, key string, seed uint32, streams, count int) (differ, n int, largest float64, err error) {
	cfg := rng.Config{Seed: seed, Streams: streams, Options: map[string]string{"hash-key": key}}
	inst, err := rng.Trig.New(cfg)
	if err != nil {
		return 0, 0, 0, err
	}
	var cpu, dev bytes.Buffer
	if err := rng.Dump(inst, streams, count, false, &cpu, nil); err != nil {
		return 0, 0, 0, err
	}
	r, err := render.NewRNG(c, rng.Trig, cfg)
	if err != nil {
		return 0, 0, 0, err
	}
	defer r.Close()
	if err := lab.Dump(r, count, false, &dev, nil); err != nil {
		return 0, 0, 0, err
	}
	if dev.Len() != cpu.Len() {
		return 0, 0, 0, fmt.Errorf("trig: the GPU wrote %d bytes, Go %d", dev.Len(), cpu.Len())
	}
	a, b := dev.Bytes(), cpu.Bytes()
	for i := 0; i+4 <= len(b); i += 4 {
		x, y := binary.LittleEndian.Uint32(a[i:]), binary.LittleEndian.Uint32(b[i:])
		n++
		if x != y {
			differ++
			d := math.Abs(float64(x)-float64(y)) / (1 << 32)
			largest = math.Max(largest, math.Min(d, 1-d))
		}
	}
	return differ, n, largest, nil
}

// trigGPUFacts measures this GPU's trig against the model, as lab's
// TestTrigGPUAgainstModel: pixel-sized arguments and all keys.
func trigGPUFacts(c *gpu.Context, _ ExplainRun) ([]string, error) {
	var out []string
	for _, k := range []struct {
		name, key string
		seed      uint32
	}{{"pixel-sized arguments (linear keying, seed 0)", "linear", 0}, {"all keys (counter keying, seed 1)", "counter", 1}} {
		differ, n, largest, err := TrigGPUDiff(c, k.key, k.seed, 64, 4096)
		if err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprintf("Measured on %s, %s: %d of %d values (%.1f%%) differ from the Go model, the largest by %.2g.",
			c.Info.Renderer, k.name, differ, n, 100*float64(differ)/float64(n), largest))
	}
	return out, nil
}
