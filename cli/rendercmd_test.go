package cli

import (
	"bytes"
	"image/gif"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Bad render, capture and scene input: one line, exit 2.
func TestRenderBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"name": "x", "camera": {`), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"render", "--scene", "nosuch"}, "nosuch"},
		{[]string{"render", "--scene", bad}, "bad.json"},
		{[]string{"render", "--gen", "nope"}, `unknown generator "nope"`},
		{[]string{"render", "--photons", "0"}, "--photons must be"},
		{[]string{"render", "--size", "10"}, "--size must be"},
		{[]string{"render", "--alpha", "2"}, "--alpha must be"},
		{[]string{"render", "--gen", "ranlux", "--lux", "9"}, "--lux must be 0..4"},
		{[]string{"render", "--photons-per-iteration", "1e9"}, "too large"},
		// The kernels take the iteration as a uint32: more would wrap and replay.
		{[]string{"render", "--photons", "1e15", "--photons-per-iteration", "2", "--size", "8x8"}, "more than a render holds (2^32 - 1)"},
		{[]string{"capture", "--scene", "plane", "--at", "1e14,1e15", "--photons-per-iteration", "3", "--size", "8x8"}, "more than a render holds (2^32 - 1)"},
		{[]string{"render", "--gen", "lehmer", "--lux", "2"}, "option --lux does not apply to lehmer"},
		{[]string{"capture", "--gens", "rand48,philox", "--ca-preset", "linear"}, "option --ca-preset does not apply to rand48, philox"},
		{[]string{"render", "--exposure", "-1"}, "--exposure must be 0 (the scene's) or in [1e-6, 1e6] (got -1)"},
		{[]string{"render", "--out", "/nonexistent/dir/x.png", "--photons", "1000", "--size", "8x8"}, "cannot write /nonexistent/dir/x.png"},
		{[]string{"capture", "--gens", "rand48,nope"}, `unknown generator "nope"`},
		{[]string{"capture", "--at", "1e5,0"}, "--at must be"},
		{[]string{"reference", "--scene", "plane"}, "analytic"},
		{[]string{"bench", "render", "--scenes", "nosuch"}, "nosuch"},
		{[]string{"render", "--seed", "x"}, "--seed must be a whole number 0..4294967295"},
		{[]string{"capture", "--gens", "philox:lux=3"}, "--gens option --lux does not apply to generator philox"},
		{[]string{"capture", "--gens", "lehmer:seed=1,lehmer:seed=0x1"}, "--gens lehmer:seed=1 is named twice"},
		{[]string{"reference", "--gen", "ranlux:lux=9"}, "--gen"},
		{[]string{"bench", "render", "--gens", "lehmer", "--lux", "2"}, "option --lux does not apply to lehmer"},
		{[]string{"render", "extra"}, `unexpected argument "extra"`},
		{[]string{"render", "--deposit", "bogus"}, `--deposit must be auto or inline or`},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			r := speckle(t, nil, c.args...)
			if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 and one line with %q", r.code, r.stderr, c.want)
			}
		})
	}
}

// A small render writes its PNG and says photons/s; a capture writes every
// cell, the montage, the CSV and, for a scene with an exact image, the plot.
func TestRenderAndCaptureWriteTheirFiles(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.png")
	r := speckle(t, nil, "render", "--scene", "plane", "--gen", "pcg32", "--photons", "2e4", "--size", "32x24", "--out", out)
	if r.code != 0 || !strings.Contains(r.stdout, "photons/s") || !strings.Contains(r.stdout, "median rel. error: ") || !strings.Contains(r.stdout, "; RMSE ") || !strings.Contains(r.stdout, "(reference: analytic)") {
		t.Fatalf("render: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatal(err)
	}
	capDir := filepath.Join(dir, "cap")
	r = speckle(t, nil, "capture", "--scene", "plane", "--gens", "lehmer,philox", "--at", "1e4,2e4", "--size", "32x24", "--out", capDir)
	if r.code != 0 {
		t.Fatalf("capture: exit %d, %s", r.code, r.stderr)
	}
	for _, f := range []string{"lehmer-1e4.png", "lehmer-2e4.png", "philox-1e4.png", "philox-2e4.png", "montage.png", "convergence.csv", "convergence.png"} {
		if _, err := os.Stat(filepath.Join(capDir, f)); err != nil {
			t.Error(err)
		}
	}
	csv, _ := os.ReadFile(filepath.Join(capDir, "convergence.csv"))
	// Two counts: no slope (NaN), every error finite.
	if lines := strings.Count(string(csv), "\n"); lines != 5 || strings.Count(string(csv), "NaN") != 4*3 {
		t.Errorf("convergence.csv has %d lines:\n%s", lines, csv)
	}
}

// Generators in the full spec grammar: capture names each image by the
// spec's file name; a spec's own seed renders what --seed renders, bit for
// bit, and names render's default output.
func TestSpecGrammarInRenderAndCapture(t *testing.T) {
	dir := t.TempDir()
	capDir := filepath.Join(dir, "cap")
	r := speckle(t, nil, "capture", "--scene", "plane", "--gens", "lehmer:lehmer-seeding=slm,lehmer", "--at", "1e3", "--size", "16x12", "--out", capDir)
	if r.code != 0 {
		t.Fatalf("capture: exit %d, %s", r.code, r.stderr)
	}
	for _, f := range []string{"lehmer-slm-1e3.png", "lehmer-1e3.png"} {
		if _, err := os.Stat(filepath.Join(capDir, f)); err != nil {
			t.Error(err)
		}
	}
	run := func(args ...string) []byte {
		t.Helper()
		pfm := filepath.Join(dir, strings.Join(args, "_")+".pfm")
		r := speckleAt(t, dir, nil, time.Minute, nil, append([]string{"render", "--scene", "plane", "--photons", "2e3", "--size", "16x12", "--pfm", pfm}, args...)...)
		if r.code != 0 {
			t.Fatalf("render %v: exit %d, %s", args, r.code, r.stderr)
		}
		b, err := os.ReadFile(pfm)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	own := run("--gen", "philox:seed=3")
	if _, err := os.Stat(filepath.Join(dir, "screenshots", "plane-philox-seed3.png")); err != nil {
		t.Error(err)
	}
	if !bytes.Equal(own, run("--gen", "philox", "--seed", "3", "--out", "s3.png")) {
		t.Error("--gen philox:seed=3 renders otherwise than --gen philox --seed 3")
	}
	if bytes.Equal(own, run("--gen", "philox", "--out", "s1.png")) {
		t.Error("--gen philox:seed=3 renders as --gen philox (seed 1)")
	}
}

// Each command's help comes from its cobra command: what it does, examples
// in the spec grammar, and defaults only where there are some.
func TestRenderCommandsHelp(t *testing.T) {
	for _, args := range [][]string{{"render", "--help"}, {"help", "capture"}, {"reference", "-h"}, {"bench", "render", "--help"}} {
		r := speckle(t, nil, args...)
		if r.code != 0 || r.stderr != "" || !strings.Contains(r.stdout, "Examples:") || !strings.Contains(r.stdout, "--photons-per-iteration") ||
			strings.Contains(r.stdout, `(default "")`) || strings.Contains(r.stdout, "(default )") || !strings.Contains(r.stdout, "--seed uint32") {
			t.Errorf("%v: exit %d, stderr %q, stdout:\n%s", args, r.code, r.stderr, r.stdout)
		}
	}
}

// capture --seeds 2 --views image,heatmap --animate --hdr --metric relmse:
// the montages, the plots in three formats, the GIF with a frame per count
// and a PFM per cell; the CSV names the metric and the seeds, says that
// the exact image was computed, and is the same when run again.
func TestCaptureFiguresFromTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	capture := func(out string) []string {
		t.Helper()
		r := speckle(t, nil, "capture", "--scene", "plane", "--gens", "philox,lehmer", "--at", "1e3,2e3", "--size", "16x12",
			"--seeds", "2", "--views", "image,heatmap", "--animate", "--hdr", "--metric", "relmse", "--out", out)
		if r.code != 0 || !strings.Contains(r.stdout, "4 images, montage.png, heatmap.png, convergence.csv, convergence.png, convergence.svg, convergence.pdf, animation.gif") ||
			!strings.Contains(r.stderr, "computing plane's exact image at 16x12") {
			t.Fatalf("capture: exit %d, %q %q", r.code, r.stdout, r.stderr)
		}
		csv, err := os.ReadFile(filepath.Join(out, "convergence.csv"))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
		if len(lines) != 5 || lines[0] != "scene,generator,photons,seeds,relmse,relmse_min,relmse_max,slope,slope_min,slope_max,rmse,rmse_min,rmse_max,fireflies,fireflies_max,seconds,reference" || !strings.HasPrefix(lines[1], "plane,philox,1000,2,") || !strings.HasSuffix(lines[1], ",analytic") {
			t.Fatalf("convergence.csv:\n%s", csv)
		}
		var errs []string
		for _, l := range lines[1:] {
			f := strings.Split(l, ",")
			errs = append(errs, strings.Join(f[:len(f)-2], ",")) // all but the seconds (and the reference)
		}
		return errs
	}
	first := capture(filepath.Join(dir, "a"))
	if again := capture(filepath.Join(dir, "b")); strings.Join(again, "\n") != strings.Join(first, "\n") {
		t.Errorf("a second capture differs:\n%s\nthen\n%s", first, again)
	}
	for _, f := range []string{"heatmap.png", "philox-1e3.pfm", "lehmer-2e3.pfm", "convergence.pdf"} {
		if _, err := os.Stat(filepath.Join(dir, "a", f)); err != nil {
			t.Error(err)
		}
	}
	g, err := os.Open(filepath.Join(dir, "a", "animation.gif"))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if a, err := gif.DecodeAll(g); err != nil || len(a.Image) != 2 {
		t.Errorf("animation.gif: %v, want 2 frames", err)
	}
}

// --deposit on render changes where photons deposit, never the image: the
// radiance (PFM) of caustics with points is the default's, byte for byte.
func TestRenderDepositKeepsTheImage(t *testing.T) {
	dir := t.TempDir()
	var pfm [][]byte
	for _, d := range []string{"inline", "points"} {
		out := filepath.Join(dir, d+".pfm")
		r := speckle(t, nil, "render", "--scene", "caustics", "--size", "48x27", "--photons", "1e5", "--gen", "philox", "--deposit", d, "--out", filepath.Join(dir, d+".png"), "--pfm", out)
		b, err := os.ReadFile(out)
		if r.code != 0 || err != nil {
			t.Fatalf("--deposit %s: exit %d, %s, %v", d, r.code, r.stderr, err)
		}
		pfm = append(pfm, b)
	}
	if !bytes.Equal(pfm[0], pfm[1]) {
		t.Errorf("--deposit points wrote another radiance than inline")
	}
}
