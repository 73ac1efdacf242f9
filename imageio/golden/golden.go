// Package golden compares rendered images with references under testdata/,
// Gio-style: a flag to regenerate them, the failing image saved beside. Only
// tests import it, so package testing stays out of the binary.
//
// Floor: just above the leaves, test-only (layers_test.go's testOnly): it
// imports imageio alone, and only _test.go files may import it.
package golden

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/imageio"
)

// Tolerance says how different two 8-bit images may be and still count as equal.
// Both images are blurred with a 3×3 box filter (edges clamped), so per-pixel noise averages
// out while shifted edges, missing objects and colour changes remain. Differences are in
// 8-bit levels (0..255) per channel, R, G, B and A.
type Tolerance struct {
	// MaxPixel is the largest blurred difference a pixel may have in any channel; a pixel above
	// it is bad.
	MaxPixel int
	// MaxBadFraction is the fraction of pixels (0..1) allowed to be bad.
	MaxBadFraction float64
	// MaxMean is the largest allowed mean of the blurred absolute difference over all pixels
	// and channels: it catches small shifts of the whole image (exposure, colour) that stay
	// under MaxPixel everywhere.
	MaxMean float64
}

// DefaultTolerance suits renders of the same scene, generator and seed on different drivers:
// noise-level differences pass, a visible change does not.
var DefaultTolerance = Tolerance{MaxPixel: 12, MaxBadFraction: 0.002, MaxMean: 1.5}

// compareWithin reports whether got matches want within tol, and a one-line report of the numbers
// (the bad pixels and their fraction, the largest blurred difference and where, the blurred and
// raw mean differences, the limits). Images of different sizes never match.
func compareWithin(got, want *image.NRGBA, tol Tolerance) (ok bool, report string) {
	c := compare(got, want)
	return c.ok(tol), c.report(tol)
}

type comparison struct {
	w, h       int
	sizeErr    string
	blur       []float32 // per pixel: the largest |blurred difference| over the channels
	raw        []uint8   // per pixel: the largest |difference| over the channels
	sumBlur    float64   // Σ over pixels and channels of |blurred difference|
	sumRaw     float64   // Σ over pixels and channels of |difference|
	maxBlur    float32
	maxX, maxY int
}

func compare(got, want *image.NRGBA) *comparison {
	g, w := imageio.ToNRGBA(got), imageio.ToNRGBA(want)
	c := &comparison{w: w.Rect.Dx(), h: w.Rect.Dy()}
	if g.Rect.Size() != w.Rect.Size() {
		c.sizeErr = fmt.Sprintf("sizes differ: got %dx%d, want %dx%d", g.Rect.Dx(), g.Rect.Dy(), c.w, c.h)
		return c
	}
	W, H := c.w, c.h
	n := W * H
	// Signed differences, then a separable 3×3 box blur with clamped edges.
	d := make([]float32, 4*n)
	c.raw = make([]uint8, n)
	for y := 0; y < H; y++ {
		gr := g.Pix[y*g.Stride : y*g.Stride+4*W]
		wr := w.Pix[y*w.Stride : y*w.Stride+4*W]
		for i := 0; i < 4*W; i++ {
			v := int(gr[i]) - int(wr[i])
			d[4*y*W+i] = float32(v)
			a := uint8(max(v, -v))
			c.sumRaw += float64(a)
			p := y*W + i/4
			c.raw[p] = max(c.raw[p], a)
		}
	}
	clamp := func(v, hi int) int { return min(max(v, 0), hi) }
	h := make([]float32, 4*n)
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			for ch := 0; ch < 4; ch++ {
				var s float32
				for dx := -1; dx <= 1; dx++ {
					s += d[4*(y*W+clamp(x+dx, W-1))+ch]
				}
				h[4*(y*W+x)+ch] = s
			}
		}
	}
	c.blur = make([]float32, n)
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			var m float32
			for ch := 0; ch < 4; ch++ {
				var s float32
				for dy := -1; dy <= 1; dy++ {
					s += h[4*(clamp(y+dy, H-1)*W+x)+ch]
				}
				a := float32(math.Abs(float64(s / 9)))
				c.sumBlur += float64(a)
				m = max(m, a)
			}
			c.blur[y*W+x] = m
			if m > c.maxBlur {
				c.maxBlur, c.maxX, c.maxY = m, x, y
			}
		}
	}
	return c
}

func (c *comparison) bad(tol Tolerance) int {
	n := 0
	for _, m := range c.blur {
		if m > float32(tol.MaxPixel) {
			n++
		}
	}
	return n
}

func (c *comparison) means() (blur, raw float64) {
	n := float64(4 * len(c.blur))
	if n == 0 {
		return 0, 0
	}
	return c.sumBlur / n, c.sumRaw / n
}

func (c *comparison) ok(tol Tolerance) bool {
	if c.sizeErr != "" {
		return false
	}
	if len(c.blur) == 0 {
		return true
	}
	mb, _ := c.means()
	return float64(c.bad(tol)) <= tol.MaxBadFraction*float64(len(c.blur)) && mb <= tol.MaxMean
}

func (c *comparison) report(tol Tolerance) string {
	if c.sizeErr != "" {
		return c.sizeErr
	}
	n := len(c.blur)
	if n == 0 {
		return "both images are empty"
	}
	bad := c.bad(tol)
	mb, mr := c.means()
	verdict := "match"
	if !c.ok(tol) {
		verdict = "DIFFER"
	}
	return fmt.Sprintf("%s (%dx%d): %d of %d pixels (%.3f%%) differ by more than %d after a 3x3 blur "+
		"(allowed %.3f%%); largest blurred difference %.1f at (%d,%d); mean blurred difference %.3f "+
		"(allowed %.3f); mean raw difference %.3f",
		verdict, c.w, c.h, bad, n, 100*float64(bad)/float64(n), tol.MaxPixel,
		100*tol.MaxBadFraction, c.maxBlur, c.maxX, c.maxY, mb, tol.MaxMean, mr)
}

// diffImage is a visual diff: the reference darkened to grey, pixels that differ at all in
// orange (brighter for larger raw differences), pixels over tol.MaxPixel after the blur in red.
func (c *comparison) diffImage(want *image.NRGBA, tol Tolerance) *image.NRGBA {
	w := imageio.ToNRGBA(want)
	out := image.NewNRGBA(image.Rect(0, 0, c.w, c.h))
	for y := 0; y < c.h; y++ {
		for x := 0; x < c.w; x++ {
			s := w.Pix[y*w.Stride+4*x : y*w.Stride+4*x+3]
			g := (int(s[0])*3 + int(s[1])*6 + int(s[2])) / 40 // a quarter of the luma
			p := y*c.w + x
			r, gg, b := g, g, g
			switch {
			case c.blur[p] > float32(tol.MaxPixel):
				r, gg, b = 255, 32, 32
			case c.raw[p] > 0:
				a := int(c.raw[p])
				r, gg, b = min(255, g+96+4*a), min(255, g+48+2*a), g
			}
			o := out.Pix[4*p : 4*p+4]
			o[0], o[1], o[2], o[3] = uint8(r), uint8(gg), uint8(b), 255
		}
	}
	return out
}

// Dir is the directory of reference images used by Match.
var Dir = "testdata"

// UpdateEnv names the environment variable that makes Match (re)write references.
const UpdateEnv = "SPECKLE_UPDATE_GOLDEN"

// Updating reports whether SPECKLE_UPDATE_GOLDEN is set to anything but "", "0" or
// "false".
func Updating() bool {
	v := strings.TrimSpace(os.Getenv(UpdateEnv))
	return v != "" && v != "0" && !strings.EqualFold(v, "false")
}

// Match compares got with Dir/<name>.png; see MatchDir.
func Match(tb testing.TB, name string, got *image.NRGBA, tol Tolerance) {
	tb.Helper()
	MatchDir(tb, Dir, name, got, tol)
}

// MatchDir compares got with the reference dir/<name>.png within tol.
//
// With SPECKLE_UPDATE_GOLDEN=1 in the environment it writes got as the reference instead
// (unless the file already holds exactly these pixels) and passes. Otherwise a missing
// reference or a mismatch fails the test (tb.Errorf, so the test goes on) with the comparison's report,
// having written dir/failed/<name>.got.png and, for a mismatch of equal sizes,
// dir/failed/<name>.diff.png (see the diff legend in the message); a match removes stale files
// of an earlier failure. name is a file name without extension, no path separators.
func MatchDir(tb testing.TB, dir, name string, got *image.NRGBA, tol Tolerance) {
	tb.Helper()
	if name == "" || strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		tb.Fatalf("golden image name %q: want a plain file name without extension", name)
		return
	}
	got = imageio.ToNRGBA(got)
	ref := filepath.Join(dir, name+".png")
	failDir := filepath.Join(dir, "failed")
	gotPath := filepath.Join(failDir, name+".got.png")
	diffPath := filepath.Join(failDir, name+".diff.png")

	want, err := imageio.ReadPNG(ref)
	missing := errors.Is(err, fs.ErrNotExist)
	if Updating() {
		if err == nil && want.Rect == got.Rect && bytes.Equal(want.Pix, got.Pix) {
			tb.Logf("golden image %s unchanged", ref)
			return
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			tb.Fatalf("golden image %s: %v", ref, err)
			return
		}
		if err := imageio.WritePNG(ref, got); err != nil {
			tb.Fatalf("golden image: %v", err)
			return
		}
		os.Remove(gotPath)
		os.Remove(diffPath)
		tb.Logf("wrote golden image %s (%s set)", ref, UpdateEnv)
		return
	}
	writeFailed := func(imgs map[string]*image.NRGBA) {
		if err := os.MkdirAll(failDir, 0o755); err != nil {
			tb.Errorf("golden image %s: saving the failed image: %v", ref, err)
			return
		}
		for path, m := range imgs {
			if err := imageio.WritePNG(path, m); err != nil {
				tb.Errorf("golden image %s: saving the failed image: %v", ref, err)
			}
		}
	}
	if err != nil {
		writeFailed(map[string]*image.NRGBA{gotPath: got})
		if missing {
			tb.Errorf("golden image %s is missing; the image is in %s; run with %s=1 to create the reference",
				ref, gotPath, UpdateEnv)
		} else {
			tb.Errorf("golden image: %v; the image is in %s; run with %s=1 to rewrite the reference",
				err, gotPath, UpdateEnv)
		}
		return
	}
	c := compare(got, want)
	if c.ok(tol) {
		os.Remove(gotPath)
		os.Remove(diffPath)
		return
	}
	if c.sizeErr != "" {
		os.Remove(diffPath)
		writeFailed(map[string]*image.NRGBA{gotPath: got})
		tb.Errorf("golden image %s: %s; the image is in %s; run with %s=1 to accept it",
			ref, c.report(tol), gotPath, UpdateEnv)
		return
	}
	writeFailed(map[string]*image.NRGBA{gotPath: got, diffPath: c.diffImage(want, tol)})
	tb.Errorf("golden image %s: %s; the image is in %s, the difference in %s "+
		"(red: over the tolerance, orange: differs within it); run with %s=1 to accept it",
		ref, c.report(tol), gotPath, diffPath, UpdateEnv)
}
