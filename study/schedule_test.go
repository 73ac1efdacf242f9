package study

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes"
)

func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "study tests")) }

func TestDividingIteration(t *testing.T) {
	for _, c := range []struct {
		limit int
		stops []int64
		want  int
	}{
		{65536, []int64{1e5, 1e6, 1e7}, 50000},
		{1 << 20, []int64{1e6, 1e7, 1e8}, 1000000},
		{1 << 20, []int64{3}, 3},
		{1 << 16, []int64{1 << 20}, 1 << 16},
		{100, []int64{97}, 97},
		{50, []int64{97}, 50}, // no divisor of at least 25: 50 and a last iteration of 47
		{100, []int64{1e3, 2e3}, 100},
	} {
		got := DividingIteration(c.limit, c.stops)
		if got != c.want {
			t.Errorf("dividingIteration(%d, %v) = %d, want %d", c.limit, c.stops, got, c.want)
		}
		if got > c.limit {
			t.Errorf("dividingIteration(%d, %v) = %d, past the limit", c.limit, c.stops, got)
		}
	}
}

// A render may take render.MaxIterations iterations and no more; the
// shorter iterations that end at stops count too.
func TestCheckIterations(t *testing.T) {
	const max = render.MaxIterations
	if err := CheckIterations(max-1, 1, 1); err != nil {
		t.Errorf("2^32 - 2 photons, one at a time, and a stop: %v", err)
	}
	err := CheckIterations(max, 1, 1)
	if err == nil || !IsInputError(err) {
		t.Errorf("2^32 - 1 photons, one at a time, and a stop: %v; want an input error", err)
	}
	if err := CheckIterations(4*(max-3), 4, 3); err != nil {
		t.Errorf("2^32 - 4 iterations of 4 and 3 stops: %v", err)
	}
	if err := CheckIterations(4*(max-3), 4, 4); err == nil {
		t.Error("2^32 - 4 iterations of 4 and 4 stops accepted")
	}
}

func builtin(t *testing.T, name string) *scenes.Scene {
	t.Helper()
	s, err := scenes.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Progressive stops at each count exactly, with iterations that do not
// divide them (700 photons: stops at 1000, 2000, 2500 end shorter ones),
// and reports the photons traced as they grow.
func TestProgressiveStopsExactly(t *testing.T) {
	stops := []int64{1000, 2000, 2500}
	cfg := render.SPPMConfig{Width: 16, Height: 12, Photons: 700, Alpha: 0.7, RNG: rng.Spec{Gen: rng.Philox, Seed: 1}}
	var seen []int64
	var last int64
	gltest.On(t, func(c *gpu.Context) error {
		s, err := render.NewSPPM(c, builtin(t, "plane"), cfg)
		if err != nil {
			return err
		}
		defer s.Close()
		return Progressive(s, stops, func(n int64) {
			if n < last {
				t.Errorf("progress went back from %d to %d", last, n)
			}
			last = n
		}, func(k int) error {
			c.Finish()
			seen = append(seen, s.Emitted)
			return CheckTraced(s, stops[k])
		})
	})
	if fmt.Sprint(seen) != fmt.Sprint(stops) || last != 2500 {
		t.Errorf("stopped at %v, last progress %d; want %v and 2500", seen, last, stops)
	}
}

// Issue #25, item 6: --at auto picks smaller counts on a CPU rasteriser (llvmpipe,
// softpipe) than on a GPU, small enough that the default capture's six generators
// trace at most 1e7 photons in all, and says why.
func TestAutoStopsSmallerOnSoftware(t *testing.T) {
	gpuStops := AutoStops(gpu.Info{Renderer: "NVIDIA H200/PCIe/SSE2"})
	for _, renderer := range []string{"llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe"} {
		info := gpu.Info{Renderer: renderer}
		cpu := AutoStops(info)
		last := cpu[len(cpu)-1] // each generator traces up to the last count
		if last >= gpuStops[len(gpuStops)-1] || 6*last > 1e7 {
			t.Errorf("%s: %v, GPU %v: want smaller counts, at most 1e7 photons over six generators", renderer, cpu, gpuStops)
		}
		if text := AutoStopsText(info, cpu); !strings.Contains(text, "CPU rasteriser") {
			t.Errorf("%s: %q does not say why", renderer, text)
		}
	}
}
