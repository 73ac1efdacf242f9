package render

import (
	"testing"

	"speckle/gpu"
)

// One photon policy: the window never takes larger iterations than a batch
// render on the same device, a CPU rasteriser smaller ones than a GPU, and
// every size is one an iteration can hold.
func TestAutoPhotonsPerIteration(t *testing.T) {
	cpu := gpu.Info{Renderer: "llvmpipe (LLVM 15.0.7, 256 bits)"}
	gpuInfo := gpu.Info{Renderer: "NVIDIA H200/PCIe/SSE2"}
	for _, info := range []gpu.Info{cpu, gpuInfo} {
		batch, frames := AutoPhotonsPerIteration(info, ForThroughput), AutoPhotonsPerIteration(info, ForFrames)
		if frames > batch || batch > MaxPhotonsPerIteration || frames < 1 {
			t.Errorf("%s: %d for frames, %d for throughput", info.Renderer, frames, batch)
		}
	}
	if AutoPhotonsPerIteration(cpu, ForThroughput) >= AutoPhotonsPerIteration(gpuInfo, ForThroughput) ||
		AutoPhotonsPerIteration(cpu, ForFrames) >= AutoPhotonsPerIteration(cpu, ForThroughput) {
		t.Error("a CPU rasteriser's window should take smaller iterations than its batch renders, and those than a GPU's")
	}
}
