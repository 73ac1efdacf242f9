package capture

import (
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/rng"
)

// --seeds auto gives a band (BandSeeds) where time allows: on a GPU; on a
// CPU rasteriser while the renders stay under CPUSeedPhotons; never where
// the generators would then render one seed twice. Otherwise one seed, and
// a line saying why.
func TestAutoSeeds(t *testing.T) {
	llvmpipe := gpu.Info{Renderer: "llvmpipe (LLVM 15.0.6, 256 bits)"}
	h200 := gpu.Info{Renderer: "NVIDIA H200/PCIe/SSE2"}
	two := []rng.Spec{spec(t, "philox"), spec(t, "lehmer")}
	for _, c := range []struct {
		name  string
		info  gpu.Info
		specs []rng.Spec
		last  int64
		want  int
		why   string
	}{
		{"llvmpipe, small", llvmpipe, two, 1e6, BandSeeds, ""},
		{"llvmpipe, large", llvmpipe, two, 1e8, 1, "CPU rasteriser"},
		{"GPU, large", h200, two, 1e8, BandSeeds, ""},
		{"a seed twice", h200, []rng.Spec{spec(t, "philox"), spec(t, "philox:seed=2")}, 1e6, 1, "same image"},
	} {
		o := Capture{Specs: c.specs, At: []int64{c.last / 10, c.last}}
		o.Seed = 1
		n, why := o.autoSeeds(c.info)
		if n != c.want || !strings.Contains(why, c.why) || (c.why == "") != (why == "") {
			t.Errorf("%s: %d seeds, %q; want %d, %q", c.name, n, why, c.want, c.why)
		}
	}
}
