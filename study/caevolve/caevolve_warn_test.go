package caevolve

import (
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/rng"
	"speckle/study"
)

// ca evolve warns about the candidates it renders as render does: a
// genome the search found whose every stream is constant (the AND of its
// neighbours) is said so, the paper's configuration is not warned about.
func TestCAEvolveWarnsOfDegenerateCandidates(t *testing.T) {
	var got []string
	o := CAEvolve{Setup: study.Setup{Width: 32, Height: 16, Seed: 1}, Photons: 1e5, PhotonsHigh: 1e6, Warn: func(s string) { got = append(got, s) }}
	info := gpu.Info{Renderer: "llvmpipe (LLVM 15.0.6, 256 bits)"}
	o.warnDegenerate(info, "Generation 3", rng.CAGenome{K: [4]int{56, 2, 21, 49}, Rule: 0x8000}.Spec())
	if len(got) != 1 || !strings.HasPrefix(got[0], "Generation 3: ca ") || !strings.Contains(got[0], "every stream is constant") {
		t.Errorf("AND rule: %q", got)
	}
	got = nil
	o.warnDegenerate(info, "Paper (control)", rng.CAPresetGenome("paper").Spec())
	if len(got) != 0 {
		t.Errorf("paper: %q", got)
	}
}
