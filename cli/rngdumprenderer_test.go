package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rng dump --order renderer writes the same bytes from the GPU (the
// renderer's own kernel calls) as from the Go reference, for a stream
// generator at the renderer's 2^20 photons an iteration and for Sobol's
// points, in u32 and packed; several slots are written slot after slot.
func TestRngDumpRendererGPUEqualsCPU(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range [][]string{
		{"--gen", "rand48", "--streams", "3", "--count", "1000"},
		{"--gen", "sobol:seed=5", "--streams", "2", "--count", "700", "--draws-per-photon", "10"},
		{"--gen", "lehmer", "--pass", "eye", "--size", "16x8", "--streams", "4", "--count", "333", "--format", "packed"},
	} {
		var got [2][]byte
		for i, device := range []string{"gpu", "cpu"} {
			out := filepath.Join(dir, device+".bin")
			args := append([]string{"rng", "dump", "--order", "renderer", "--photons-per-iteration", "2^20", "--device", device, "--out", out}, tc...)
			r := speckle(t, nil, args...)
			if r.code != 0 {
				t.Fatalf("%q: exit %d: %s", args, r.code, r.stderr)
			}
			var err error
			if got[i], err = os.ReadFile(out); err != nil {
				t.Fatal(err)
			}
		}
		words := 3 * 1000
		if len(got[0]) == 0 || !bytes.Equal(got[0], got[1]) {
			t.Errorf("%q: the GPU's %d bytes differ from the CPU's %d", tc, len(got[0]), len(got[1]))
		}
		if tc[1] == "rand48" && len(got[0]) != 4*words {
			t.Errorf("rand48: %d bytes, want %d", len(got[0]), 4*words)
		}
		for i := 3; tc[1] == "rand48" && i < len(got[0]); i += 4 {
			if got[0][i] != 0 {
				t.Fatalf("rand48: word %d has bits above the 24 the renderer's floats hold", i/4)
			}
		}
	}
}

// The renderer order's dump refuses what it cannot write, before any work.
func TestRngDumpRendererRefusals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--gen", "philox", "--order", "renderer", "--format", "f32"}, "--format u32 or packed"},
		{[]string{"--gen", "philox", "--order", "renderer", "--count", "0", "--streams", "2", "--out", "-"}, "--streams 1"},
		{[]string{"--gen", "philox", "--order", "renderer", "--photons-per-iteration", "4", "--streams", "5"}, "only 4 slots"},
		{[]string{"--gen", "philox", "--pass", "eye"}, "--pass is a flag of the renderer order"},
		{[]string{"--gen", "philox", "--order", "backwards"}, "--order must be stream, interleaved or renderer"},
	} {
		r := speckle(t, nil, append([]string{"rng", "dump", "--out", filepath.Join(t.TempDir(), "x.bin")}, tc.args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%q: exit %d, %q (want %q)", tc.args, r.code, r.stderr, tc.want)
		}
	}
}
