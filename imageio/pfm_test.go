package imageio

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPFMRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	img := NewImage(37, 23)
	for i := range img.Pix {
		img.Pix[i] = math.Float32frombits(rng.Uint32()) // every bit pattern: NaNs, Infs, denormals
	}
	special := []float32{0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)),
		math.Float32frombits(0x7fc00001), math.Float32frombits(1), math.MaxFloat32, 1, 0.5}
	copy(img.Pix, special)
	path := filepath.Join(t.TempDir(), "x.pfm")
	if err := WritePFM(path, img); err != nil {
		t.Fatal(err)
	}
	back, err := ReadPFM(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.W != img.W || back.H != img.H || len(back.Pix) != len(img.Pix) {
		t.Fatalf("size %dx%d (%d floats), want %dx%d", back.W, back.H, len(back.Pix), img.W, img.H)
	}
	for i := range img.Pix {
		want := math.Float32bits(img.Pix[i])
		if i%4 == 3 {
			want = math.Float32bits(1) // alpha is not stored
		}
		if got := math.Float32bits(back.Pix[i]); got != want {
			t.Fatalf("float %d (pixel %d, channel %d): %#08x, want %#08x", i, i/4, i%4, got, want)
		}
	}
}

func TestPFMLayout(t *testing.T) {
	// 2×2: top row 1, 2; bottom row 3, 4 (in R; G = 10·R, B = 100·R).
	img := NewImage(2, 2)
	for i, v := range []float32{1, 2, 3, 4} {
		img.set(i%2, i/2, v, 10*v, 100*v, 1)
	}
	path := filepath.Join(t.TempDir(), "l.pfm")
	if err := WritePFM(path, img); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	header := "PF\n2 2\n-1.0\n"
	if !strings.HasPrefix(string(b), header) {
		t.Fatalf("header %q, want %q", b[:min(len(b), 16)], header)
	}
	data := b[len(header):]
	if len(data) != 2*2*3*4 {
		t.Fatalf("%d bytes of pixels, want 48", len(data))
	}
	// Bottom row first, little-endian.
	for i, v := range []float32{3, 30, 300, 4, 40, 400, 1, 10, 100, 2, 20, 200} {
		if got := math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:])); got != v {
			t.Errorf("float %d of the file is %v, want %v", i, got, v)
		}
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", st.Mode().Perm())
	}
}

func TestPFMReadVariants(t *testing.T) {
	dir := t.TempDir()
	// Big-endian colour, with the header split over spaces and a CRLF-free odd layout.
	var be bytes.Buffer
	be.WriteString("PF 1\t2 \n2.5\n")
	for _, v := range []float32{7, 8, 9, 1, 2, 3} { // bottom pixel (7,8,9), top pixel (1,2,3)
		binary.Write(&be, binary.BigEndian, v)
	}
	p := filepath.Join(dir, "be.pfm")
	os.WriteFile(p, be.Bytes(), 0o644)
	img, err := ReadPFM(p)
	if err != nil {
		t.Fatal(err)
	}
	if r, g, b, a := img.at(0, 0); r != 1 || g != 2 || b != 3 || a != 1 {
		t.Errorf("big-endian top pixel %v %v %v %v", r, g, b, a)
	}
	if r, g, b, _ := img.at(0, 1); r != 7 || g != 8 || b != 9 {
		t.Errorf("big-endian bottom pixel %v %v %v", r, g, b)
	}
	// Greyscale.
	var gr bytes.Buffer
	gr.WriteString("Pf\n2 1\n-1\n")
	binary.Write(&gr, binary.LittleEndian, []float32{0.25, 4})
	p = filepath.Join(dir, "g.pfm")
	os.WriteFile(p, gr.Bytes(), 0o644)
	img, err = ReadPFM(p)
	if err != nil {
		t.Fatal(err)
	}
	want := []float32{0.25, 0.25, 0.25, 1, 4, 4, 4, 1}
	for i := range want {
		if img.Pix[i] != want[i] {
			t.Fatalf("greyscale pixels %v, want %v", img.Pix, want)
		}
	}
}

func TestPFMErrors(t *testing.T) {
	dir := t.TempDir()
	ok := "PF\n2 2\n-1.0\n" + strings.Repeat("\x00", 48)
	for _, c := range []struct{ name, data, want string }{
		{"empty", "", "bad PFM header: file ends before the PF or Pf magic"},
		{"ppm", "P6\n2 2\n255\n", `not a PFM file: starts with "P6", want PF or Pf`},
		{"text", "hello world", `not a PFM file: starts with "hello", want PF or Pf`},
		{"width", "PF\nx 2\n-1\n", `bad PFM header: width "x" is not a positive integer`},
		{"zero", "PF\n0 2\n-1\n", `bad PFM header: width "0" is not a positive integer`},
		{"negative", "PF\n2 -2\n-1\n", `bad PFM header: height "-2" is not a positive integer`},
		{"huge", "PF\n100000 100000\n-1\n", "bad PFM header: 100000x100000 is more than"},
		{"noscale", "PF\n2 2\n", "bad PFM header: file ends before the scale"},
		{"scale", "PF\n2 2\nabc\n", `bad PFM header: scale "abc" is not a non-zero number`},
		{"scale0", "PF\n2 2\n0\n", `bad PFM header: scale "0" is not a non-zero number`},
		{"nodata", "PF\n2 2\n-1.0", "short PFM file: 0 bytes of pixel data, want 48 for 2x2 PF"},
		{"short", ok[:len(ok)-5], "short PFM file: 43 bytes of pixel data, want 48 for 2x2 PF"},
	} {
		p := filepath.Join(dir, c.name+".pfm")
		if err := os.WriteFile(p, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadPFM(p)
		if err == nil || !strings.HasPrefix(err.Error(), p+": "+c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, p+": "+c.want)
		}
	}
	// The short-file check also works without a file size (a pipe): through readPFM.
	r := &countingReader{r: bufioReader(ok[:len(ok)-5])}
	if _, err := readPFM(r, -1); err == nil || err.Error() != "short PFM file: 43 bytes of pixel data, want 48 for 2x2 PF" {
		t.Errorf("streamed short file: %v", err)
	}
	if _, err := ReadPFM(filepath.Join(dir, "none.pfm")); err == nil || !os.IsNotExist(err) {
		t.Errorf("missing file: %v", err)
	}
	bad := filepath.Join(dir, "bad.pfm")
	if err := WritePFM(bad, Image{W: 2, H: 2, Pix: make([]float32, 3)}); err == nil || !strings.HasPrefix(err.Error(), "cannot write "+bad) {
		t.Errorf("invalid image: %v", err)
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Error("a file was written for an invalid image")
	}
}

func bufioReader(s string) *bufio.Reader { return bufio.NewReader(strings.NewReader(s)) }
