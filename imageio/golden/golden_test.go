package golden

import (
	"fmt"
	"image"
	"image/color"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/imageio"
)

// pattern is a 64×48 test picture: 8-pixel checks over a gradient, and a bright square.
func pattern(shift int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, 64, 48))
	for y := 0; y < 48; y++ {
		for x := 0; x < 64; x++ {
			v := uint8(30 + x)
			if ((x+shift)/8+y/8)%2 == 0 {
				v += 100
			}
			m.SetNRGBA(x, y, color.NRGBA{v, uint8(3 * y), 90, 255})
		}
	}
	return m
}

func clone(m *image.NRGBA) *image.NRGBA {
	c := image.NewNRGBA(m.Rect)
	copy(c.Pix, m.Pix)
	return c
}

func noisy(m *image.NRGBA, amp int, seed int64) *image.NRGBA {
	rng := rand.New(rand.NewSource(seed))
	c := clone(m)
	for i := range c.Pix {
		if i%4 == 3 {
			continue
		}
		v := int(c.Pix[i]) + rng.Intn(2*amp+1) - amp
		c.Pix[i] = uint8(min(max(v, 0), 255))
	}
	return c
}

func TestCompare(t *testing.T) {
	want := pattern(0)
	tol := DefaultTolerance

	ok, rep := compareWithin(clone(want), want, tol)
	if !ok || !strings.HasPrefix(rep, "match (64x48): 0 of 3072 pixels") {
		t.Errorf("identical: %v, %s", ok, rep)
	}
	ok, rep = compareWithin(noisy(want, 6, 1), want, tol)
	if !ok {
		t.Errorf("noise of ±6 levels: %s", rep)
	}
	ok, rep = compareWithin(pattern(1), want, tol)
	if ok || !strings.HasPrefix(rep, "DIFFER (64x48): ") || !strings.Contains(rep, "differ by more than 12 after a 3x3 blur") {
		t.Errorf("checks shifted by one pixel: %v, %s", ok, rep)
	}
	changed := clone(want)
	for y := 20; y < 30; y++ {
		for x := 30; x < 40; x++ {
			changed.SetNRGBA(x, y, color.NRGBA{255, 255, 255, 255})
		}
	}
	ok, rep = compareWithin(changed, want, tol)
	if ok || !strings.Contains(rep, "DIFFER") {
		t.Errorf("a white square added: %v, %s", ok, rep)
	}
	// Everything 4 levels brighter: under MaxPixel everywhere, caught by MaxMean.
	brighter := clone(want)
	for i := range brighter.Pix {
		if i%4 != 3 {
			brighter.Pix[i] += 4
		}
	}
	ok, rep = compareWithin(brighter, want, tol)
	if ok || !strings.Contains(rep, "0 of 3072 pixels") || !strings.Contains(rep, "mean blurred difference 3.000") {
		t.Errorf("4 levels brighter: %v, %s", ok, rep)
	}
	// A single wrong pixel: blurred to 255/9 = 28 in 9 pixels, within a generous fraction.
	one := clone(want)
	one.SetNRGBA(10, 10, color.NRGBA{0, 0, 0, 255})
	if ok, rep := compareWithin(one, want, Tolerance{MaxPixel: 12, MaxBadFraction: 0.01, MaxMean: 1}); !ok {
		t.Errorf("one pixel, 1%% allowed: %s", rep)
	}
	if ok, rep := compareWithin(one, want, Tolerance{MaxPixel: 12, MaxBadFraction: 0, MaxMean: 1}); ok {
		t.Errorf("one pixel, none allowed: %s", rep)
	}
	ok, rep = compareWithin(pattern(0).SubImage(image.Rect(0, 0, 32, 48)).(*image.NRGBA), want, tol)
	if ok || rep != "sizes differ: got 32x48, want 64x48" {
		t.Errorf("size mismatch: %v, %s", ok, rep)
	}
	// A sub-image with an offset compares by content.
	big := image.NewNRGBA(image.Rect(0, 0, 80, 60))
	for y := 0; y < 48; y++ {
		copy(big.Pix[(y+5)*big.Stride+4*7:], want.Pix[y*want.Stride:(y+1)*want.Stride])
	}
	if ok, rep := compareWithin(big.SubImage(image.Rect(7, 5, 71, 53)).(*image.NRGBA), want, Tolerance{}); !ok {
		t.Errorf("offset sub-image: %s", rep)
	}
}

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	errs, fatals, logs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatals = append(r.fatals, fmt.Sprintf(format, args...))
}
func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func TestGoldenTest(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "testdata")
	ref := filepath.Join(dir, "scene.png")
	gotPath := filepath.Join(dir, "failed", "scene.got.png")
	diffPath := filepath.Join(dir, "failed", "scene.diff.png")
	img := pattern(0)

	// Missing reference: fails, saves the image, says how to create it.
	t.Setenv(UpdateEnv, "")
	r := &recorder{TB: t}
	MatchDir(r, dir, "scene", img, DefaultTolerance)
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "is missing") || !strings.Contains(r.errs[0], UpdateEnv+"=1") ||
		!strings.Contains(r.errs[0], gotPath) || !exists(gotPath) {
		t.Fatalf("missing reference: %q (got image saved: %v)", r.errs, exists(gotPath))
	}

	// Update mode writes the reference and passes; the stale failure goes.
	t.Setenv(UpdateEnv, "1")
	r = &recorder{TB: t}
	MatchDir(r, dir, "scene", img, DefaultTolerance)
	if len(r.errs)+len(r.fatals) != 0 || !exists(ref) || exists(gotPath) {
		t.Fatalf("update: errors %q %q, reference written %v, stale got %v", r.errs, r.fatals, exists(ref), exists(gotPath))
	}
	if back, err := imageio.ReadPNG(ref); err != nil || string(back.Pix) != string(img.Pix) {
		t.Fatalf("the reference does not hold the image: %v", err)
	}
	// Update again with the same pixels: left alone.
	r = &recorder{TB: t}
	MatchDir(r, dir, "scene", img, DefaultTolerance)
	if len(r.logs) != 1 || !strings.Contains(r.logs[0], "unchanged") {
		t.Errorf("second update: %q", r.logs)
	}

	// Compare mode: the same image and a noisy one pass.
	t.Setenv(UpdateEnv, "0")
	for _, m := range []*image.NRGBA{img, noisy(img, 5, 2)} {
		r = &recorder{TB: t}
		MatchDir(r, dir, "scene", m, DefaultTolerance)
		if len(r.errs)+len(r.fatals) != 0 {
			t.Errorf("matching image failed: %q %q", r.errs, r.fatals)
		}
	}

	// A changed image fails with the report and both paths, and saves both files.
	r = &recorder{TB: t}
	MatchDir(r, dir, "scene", pattern(3), DefaultTolerance)
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "DIFFER (64x48)") || !strings.Contains(r.errs[0], gotPath) ||
		!strings.Contains(r.errs[0], diffPath) {
		t.Fatalf("changed image: %q", r.errs)
	}
	got, err := imageio.ReadPNG(gotPath)
	if err != nil || string(got.Pix) != string(pattern(3).Pix) {
		t.Errorf("failed image not saved: %v", err)
	}
	diff, err := imageio.ReadPNG(diffPath)
	if err != nil || diff.Rect != img.Rect {
		t.Fatalf("diff image: %v", err)
	}
	red := 0
	for i := 0; i < len(diff.Pix); i += 4 {
		if diff.Pix[i] == 255 && diff.Pix[i+1] == 32 {
			red++
		}
	}
	if red == 0 {
		t.Error("the diff image marks no pixel red")
	}
	// Passing again removes the failure files.
	r = &recorder{TB: t}
	MatchDir(r, dir, "scene", img, DefaultTolerance)
	if len(r.errs) != 0 || exists(gotPath) || exists(diffPath) {
		t.Errorf("pass after a failure: %q; stale files %v %v", r.errs, exists(gotPath), exists(diffPath))
	}
	// A different size fails, saving the image.
	r = &recorder{TB: t}
	MatchDir(r, dir, "scene", image.NewNRGBA(image.Rect(0, 0, 8, 8)), DefaultTolerance)
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "sizes differ") || !exists(gotPath) || exists(diffPath) {
		t.Errorf("size mismatch: %q", r.errs)
	}
	// Bad names are refused.
	for _, name := range []string{"", "a/b", "..", `a\b`} {
		r = &recorder{TB: t}
		MatchDir(r, dir, name, img, DefaultTolerance)
		if len(r.fatals) != 1 {
			t.Errorf("name %q accepted", name)
		}
	}
}

func TestGoldenTestUsesGoldenDir(t *testing.T) {
	old := Dir
	Dir = t.TempDir()
	defer func() { Dir = old }()
	t.Setenv(UpdateEnv, "true")
	Match(t, "plot", pattern(0), DefaultTolerance)
	if !exists(filepath.Join(Dir, "plot.png")) {
		t.Fatal("Match did not write into Dir")
	}
	t.Setenv(UpdateEnv, "")
	Match(t, "plot", pattern(0), DefaultTolerance)
}

func TestUpdatingGolden(t *testing.T) {
	for v, want := range map[string]bool{"": false, "0": false, "false": false, "FALSE": false, "1": true, "yes": true} {
		t.Setenv(UpdateEnv, v)
		if Updating() != want {
			t.Errorf("%s=%q: %v", UpdateEnv, v, !want)
		}
	}
}
