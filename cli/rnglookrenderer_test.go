package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"speckle/imageio"
	"speckle/study/look"
)

// Every view of rng look runs in the renderer order with its defaults (on
// the GPU's renderer calls where the view draws there): a montage of both
// generators and a line each.
func TestLookRendererEveryViewWithDefaults(t *testing.T) {
	dir := t.TempDir()
	for _, view := range look.ViewNames() {
		out := filepath.Join(dir, view+".png")
		r := speckle(t, nil, "rng", "look", "--order", "renderer", "--gens", "rand48,sobol", "--view", view, "--out", out)
		if r.code != 0 || strings.Count(r.stdout, "points in view") != 2 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", view, r.code, r.stdout, r.stderr)
			continue
		}
		if img, err := imageio.ReadPNG(out); err != nil || img.Rect.Dx() < 2*512 {
			t.Errorf("%s: montage %v (%v)", view, img, err)
		}
	}
}

// The picture: rand48 and philox, draws n and n+2 of a photon's
// slot at 2^20 photons an iteration, the GPU's picture the Go reference's.
func TestLookRendererLag2GPUEqualsCPU(t *testing.T) {
	dir := t.TempDir()
	look := func(device string) []byte {
		out := filepath.Join(dir, device+".png")
		r := speckle(t, nil, "rng", "look", "--order", "renderer", "--gens", "rand48,philox", "--view", "pairs", "--lag", "2",
			"--photons-per-iteration", "2^20", "--points", "65536", "--size", "128", "--device", device, "--out", out)
		if r.code != 0 {
			t.Fatalf("%s: exit %d, stderr %q", device, r.code, r.stderr)
		}
		img, err := imageio.ReadPNG(out)
		if err != nil {
			t.Fatal(err)
		}
		return img.Pix
	}
	if string(look("gpu")) != string(look("cpu")) {
		t.Fatal("the renderer order's picture on the GPU differs from the Go reference's")
	}
}

// The renderer order's bad flags: exit 2, one line saying why.
func TestLookRendererBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--view", "streams", "--scene", "cornell"}, "--scene is a flag of the renderer order: add --order renderer"},
		{[]string{"--view", "bitplanes", "--render-size", "64x64"}, "--render-size is a flag of the renderer order"},
		{[]string{"--zoom", "0.5,0.5,0.1", "--scene", "cornell"}, "--scene is a flag of the renderer order"},
		{[]string{"--order", "interleaved"}, "--order must be stream or renderer"},
		{[]string{"--order", "renderer", "--pass", "sky"}, "--pass:"},
		{[]string{"--order", "renderer", "--scene", "nowhere.json"}, "nowhere.json"},
		{[]string{"--order", "renderer", "--scan", "1e6"}, "--scan is not in the renderer order"},
		{[]string{"--order", "renderer", "--view", "bitplanes", "--bit", "24"}, "the renderer order's words hold the floats' 24 fraction bits"},
		{[]string{"--order", "renderer", "--pass", "eye", "--view", "photons"}, "--view photons shows the photon pass's decisions"},
		{[]string{"--order", "renderer", "--view", "photons", "--decision", "bounce", "--draws-per-photon", "4"}, "--draws-per-photon at least 7"},
		{[]string{"--order", "renderer", "--photons-per-iteration", "1024", "--stream", "1024"}, "the photon pass has only 1024 slots"},
		{[]string{"--order", "renderer", "--pass", "eye", "--render-size", "4x4", "--stream", "16"}, "the eye pass has only 16 slots"},
		{[]string{"--order", "renderer", "--stream", "10", "--points", "2097152"}, "the renderer order on the GPU holds"},
		{[]string{"--view", "streams", "--lag", "2"}, "--lag is the step of pairs and triples"},
		{[]string{"--lag", "2", "--scan", "1e6"}, "--lag with --scan"},
	} {
		r := speckle(t, nil, append([]string{"rng", "look", "--gens", "rand48", "--out", filepath.Join(t.TempDir(), "x.png")}, c.args...)...)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line saying %q", c.args, r.code, r.stderr, c.want)
		}
	}
}
