package imageio

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/internal/fuzzcheck"
)

// pfmBytes is a header and n little-endian floats of value v.
func pfmBytes(header string, n int, v float32) []byte {
	var b bytes.Buffer
	b.WriteString(header)
	for range n {
		binary.Write(&b, binary.LittleEndian, v)
	}
	return b.Bytes()
}

// Hostile PFM files: each is refused with one line naming the file and what
// is wrong, never read as an image, never a panic.
func TestPFMHostile(t *testing.T) {
	dir := t.TempDir()
	data := string(pfmBytes("", 12, 0.5)) // 2x2 colour
	for _, c := range []struct{ name, data, want string }{
		{"magic P7", "P7\n2 2\n-1\n" + data, `not a PFM file: starts with "P7"`},
		{"magic pf", "pf\n2 2\n-1\n" + data, `not a PFM file: starts with "pf"`},
		{"magic PFM", "PFM\n2 2\n-1\n" + data, `not a PFM file: starts with "PFM"`},
		{"magic NUL", "\x00PF\n2 2\n-1\n" + data, `not a PFM file: starts with "\x00PF"`},
		{"escape in header", "PF\n\x1b[2J 2\n-1\n" + data, `width "\x1b[2J" is not`},
		{"huge width", "PF\n268435457 1\n-1\n", "width \"268435457\" is not a positive integer up to 268435456"},
		{"huge both", "PF\n65536 65536\n-1\n", "65536x65536 is more than 268435456 pixels"},
		{"overflowing width", "PF\n99999999999999999999 1\n-1\n", `width "9999999999999999..." is not`},
		{"float width", "PF\n2.0 2\n-1\n" + data, `width "2.0" is not`},
		{"hex width", "PF\n0x2 2\n-1\n" + data, `width "0x2" is not`},
		{"non-numeric height", "PF\n2 two\n-1\n" + data, `height "two" is not`},
		{"long token", "PF\n" + strings.Repeat("9", 100) + " 2\n-1\n", "where the width should be"},
		{"scale NaN", "PF\n2 2\nNaN\n" + data, `scale "NaN" is not a non-zero number`},
		{"scale -Inf", "PF\n2 2\n-Inf\n" + data, `scale "-Inf" is not a non-zero number`},
		{"scale -0", "PF\n2 2\n-0\n" + data, `scale "-0" is not a non-zero number`},
		{"scale -1e400", "PF\n2 2\n-1e400\n" + data, `scale "-1e400" is not a non-zero number`},
		{"scale word", "PF\n2 2\n-one\n" + data, `scale "-one" is not a non-zero number`},
		{"trailing byte", "PF\n2 2\n-1\n" + data + "\n", "long PFM file: 49 bytes of pixel data, want 48 for 2x2 PF"},
		{"CRLF header", "PF\r\n2 2\r\n-1\r\n" + data, "long PFM file: 49 bytes of pixel data, want 48"},
		{"header says 1x1", "PF\n1 1\n-1\n" + data, "long PFM file: 48 bytes of pixel data, want 12 for 1x1 PF"},
		{"grey header, colour data", "Pf\n2 2\n-1\n" + data, "long PFM file: 48 bytes of pixel data, want 16 for 2x2 Pf"},
		{"header says 4x4", "PF\n4 4\n-1\n" + data, "short PFM file: 48 bytes of pixel data, want 192 for 4x4 PF"},
		{"truncated mid-float", "PF\n2 2\n-1\n" + data[:47], "short PFM file: 47 bytes"},
		{"header only", "PF\n2 2\n", "file ends before the scale"},
	} {
		p := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".pfm")
		if err := os.WriteFile(p, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadPFM(p)
		if err == nil || !strings.HasPrefix(err.Error(), p+": ") || !strings.Contains(err.Error(), c.want) || strings.ContainsAny(err.Error(), "\n\r\x1b") {
			t.Errorf("%s: %v; want one line naming the file with %q", c.name, err, c.want)
		}
		// The same bytes as a stream (no size known) are refused too.
		if _, err := readPFM(&countingReader{r: bufioReader(c.data)}, -1); err == nil {
			t.Errorf("%s, streamed: accepted", c.name)
		}
	}
	// A folder is not a PFM file either.
	if _, err := ReadPFM(dir); err == nil {
		t.Error("a folder read as a PFM file")
	}
}

// CheckRadiance refuses what is no radiance below the bound, naming the
// first bad value and counting them; alpha is not looked at.
func TestCheckRadiance(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	for _, c := range []struct {
		name  string
		pix   []float32 // pixel 1 of a 2x1 image, RGBA; pixel 0 is 1, 1, 1, 1
		want  string    // "" accepted
		most  float32
		moreW int // extra width, all zero
	}{
		{"fine", []float32{0, 0.5, 16, 1}, "", 16, 0},
		{"negative zero", []float32{float32(math.Copysign(0, -1)), 0, 0, 1}, "", 16, 0},
		{"denormal", []float32{math.Float32frombits(1), 0, 0, 1}, "", 16, 0},
		{"alpha NaN", []float32{0, 0, 0, nan}, "", 16, 0},
		{"NaN", []float32{nan, 0, 0, 1}, "1 of 6 values are not radiance: pixel (1, 0) R is NaN (NaN)", 16, 0},
		{"Inf", []float32{0, inf, 0, 1}, "pixel (1, 0) G is +Inf (infinite)", 16, 0},
		{"-Inf", []float32{0, 0, -inf, 1}, "pixel (1, 0) B is -Inf (infinite)", 16, 0},
		{"negative", []float32{-1e-30, 0, 0, 1}, "R is -1e-30 (negative)", 16, 0},
		{"3e38", []float32{3e38, 3e38, 3e38, 1}, "3 of 6 values are not radiance: pixel (1, 0) R is 3e+38 (above 16, the most allowed)", 16, 0},
		{"just above", []float32{16.000002, 0, 0, 1}, "above 16", 16, 0},
	} {
		img := NewImage(2, 1)
		copy(img.Pix, []float32{1, 1, 1, 1})
		copy(img.Pix[4:], c.pix)
		err := CheckRadiance(img, c.most)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if err := CheckRadiance(Image{W: 2, H: 2, Pix: make([]float32, 3)}, 1); err == nil {
		t.Error("an image of the wrong length passed")
	}
}

// FuzzReadPFM: no file panics ReadPFM or makes it allocate past its bound;
// a refused one gets one line, alike from a file and a stream; an accepted
// one writes back to the same pixels.
func FuzzReadPFM(f *testing.F) {
	f.Add(pfmBytes("PF\n2 2\n-1\n", 12, 0.5))
	f.Add(pfmBytes("Pf\n3 1\n1.0\n", 3, 1))
	f.Add(pfmBytes("PF 1\t1 \n-2.5\n", 3, float32(math.NaN())))
	f.Add(pfmBytes("PF\n2 2\n-1\n", 13, 0))
	f.Add(pfmBytes("PF\n2 2\n-1\n", 11, 0))
	f.Add([]byte("PF\n65536 65536\n-1\n"))
	f.Add([]byte("PF\n2 2\nNaN\n"))
	f.Add([]byte("P6\n2 2\n255\n"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		// As ReadPFM reads a file (its size known) and as a stream; in memory,
		// so that 3 s of fuzzing runs many inputs.
		img, err := readPFM(&countingReader{r: bufioReader(string(data))}, int64(len(data)))
		streamed, serr := readPFM(&countingReader{r: bufioReader(string(data))}, -1)
		if (err == nil) != (serr == nil) {
			t.Fatalf("file %v, stream %v", err, serr)
		}
		if err != nil {
			fuzzcheck.OneLine(t, err)
			fuzzcheck.OneLine(t, serr)
			return
		}
		if img.W*img.H > maxPFMPixels || len(img.Pix) != 4*img.W*img.H || streamed.W != img.W || streamed.H != img.H {
			t.Fatalf("%dx%d with %d floats (streamed %dx%d)", img.W, img.H, len(img.Pix), streamed.W, streamed.H)
		}
		back := filepath.Join(t.TempDir(), "b.pfm")
		if err := WritePFM(back, img); err != nil {
			t.Fatal(err)
		}
		again, err := ReadPFM(back)
		if err != nil {
			t.Fatal(err)
		}
		for i := range img.Pix {
			if math.Float32bits(again.Pix[i]) != math.Float32bits(img.Pix[i]) {
				t.Fatalf("float %d: %#x, wrote %#x", i, math.Float32bits(again.Pix[i]), math.Float32bits(img.Pix[i]))
			}
		}
	})
}
