package imageio

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"strconv"
)

// maxPFMPixels bounds the size a PFM header may claim (1<<28 pixels, 3 GiB of RGB floats), so a
// corrupt header cannot make ReadPFM allocate without limit.
const maxPFMPixels = 1 << 28

// WritePFM writes the RGB of img as a colour PFM file ("PF", scale −1: little-endian), rows
// bottom to top as the format says, atomically. Alpha is not stored. Values are written bit for
// bit, NaN and Inf included.
func WritePFM(path string, img Image) error {
	if err := img.Validate(); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return WriteFileAtomic(path, PFMWriter(img))
}

// PFMWriter writes img (valid) as a PFM file: for WriteFilesAtomic.
func PFMWriter(img Image) func(io.Writer) error {
	return func(w io.Writer) error {
		if _, err := fmt.Fprintf(w, "PF\n%d %d\n-1.0\n", img.W, img.H); err != nil {
			return err
		}
		row := make([]byte, 12*img.W)
		for y := img.H - 1; y >= 0; y-- {
			src := img.Pix[4*img.W*y : 4*img.W*(y+1)]
			for x := 0; x < img.W; x++ {
				for c := 0; c < 3; c++ {
					binary.LittleEndian.PutUint32(row[12*x+4*c:], math.Float32bits(src[4*x+c]))
				}
			}
			if _, err := w.Write(row); err != nil {
				return err
			}
		}
		return nil
	}
}

// ReadPFM reads a PFM file into an Image (row 0 at the top, alpha 1). It accepts colour ("PF")
// and greyscale ("Pf", copied into R, G and B) files of either byte order (negative scale:
// little-endian, positive: big-endian); the scale's magnitude is ignored. Errors name the file
// and what is wrong: not a PFM file, a bad width, height or scale, a file shorter or longer than
// its header says. Values are read bit for bit: CheckRadiance judges them.
func ReadPFM(path string) (Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return Image{}, err
	}
	return readPFMFile(f, path)
}

// ReadPFMFS is ReadPFM of a file in fsys (the references built into the binary); name in
// errors is the file's name there.
func ReadPFMFS(fsys fs.FS, name string) (Image, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return Image{}, err
	}
	return readPFMFile(f, name)
}

func readPFMFile(f fs.File, path string) (Image, error) {
	defer f.Close()
	size := int64(-1)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	img, err := readPFM(&countingReader{r: bufio.NewReaderSize(f, 1<<16)}, size)
	if err != nil {
		return Image{}, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

// countingReader counts the header bytes read through ReadByte.
type countingReader struct {
	r *bufio.Reader
	n int64
}

func (c *countingReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	return b, err
}

// readPFM reads a PFM from r; size is the whole file's size, or −1 if unknown, so that a short
// file is reported before allocating the image its header claims.
func readPFM(r *countingReader, size int64) (Image, error) {
	magic, channels, w, h, order, err := pfmHeader(r)
	if err != nil {
		return Image{}, err
	}
	// pfmToken consumed the single whitespace byte after the scale: pixel data follows.
	row := make([]byte, 4*channels*w)
	want := int64(len(row)) * int64(h)
	short := func(got int64) error {
		return fmt.Errorf("short PFM file: %d bytes of pixel data, want %d for %dx%d %s", got, want, w, h, magic)
	}
	if size >= 0 && size-r.n < want {
		return Image{}, short(max(size-r.n, 0))
	}
	// More bytes than the header says: the header lies about the size (or
	// the byte after the scale is not the one whitespace the format allows).
	if size >= 0 && size-r.n > want {
		return Image{}, long(size-r.n, want, w, h, magic)
	}
	img := NewImage(w, h)
	for y := h - 1; y >= 0; y-- {
		if n, err := io.ReadFull(r.r, row); err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return Image{}, short(int64(h-1-y)*int64(len(row)) + int64(n))
			}
			return Image{}, err
		}
		dst := img.Pix[4*w*y : 4*w*(y+1)]
		for x := 0; x < w; x++ {
			for c := 0; c < 3; c++ {
				k := c
				if channels == 1 {
					k = 0
				}
				dst[4*x+c] = math.Float32frombits(order.Uint32(row[4*(channels*x+k):]))
			}
			dst[4*x+3] = 1
		}
	}
	if size < 0 { // a stream: one more byte is one too many
		if _, err := r.r.ReadByte(); err == nil {
			n, _ := io.Copy(io.Discard, r.r)
			return Image{}, long(want+1+n, want, w, h, magic)
		}
	}
	return img, nil
}

// long is the error for pixel data past what the header says.
func long(got, want int64, w, h int, magic string) error {
	return fmt.Errorf("long PFM file: %d bytes of pixel data, want %d for %dx%d %s (the header does not describe the file)", got, want, w, h, magic)
}

// pfmHeader reads and checks a PFM header: the magic, the channels it
// means, the size and the byte order the scale's sign gives.
func pfmHeader(r *countingReader) (magic string, channels, w, h int, order binary.ByteOrder, err error) {
	if magic, err = pfmToken(r, "the PF or Pf magic"); err != nil {
		return
	}
	switch magic {
	case "PF":
		channels = 3
	case "Pf":
		channels = 1
	default:
		err = fmt.Errorf("not a PFM file: starts with %q, want PF or Pf", truncate(magic, 16))
		return
	}
	dim := func(what string) (int, error) {
		tok, err := pfmToken(r, "the "+what)
		if err != nil {
			return 0, err
		}
		n, err := strconv.Atoi(tok)
		if err != nil || n <= 0 || n > maxPFMPixels {
			return 0, fmt.Errorf("bad PFM header: %s %q is not a positive integer up to %d", what, truncate(tok, 16), maxPFMPixels)
		}
		return n, nil
	}
	if w, err = dim("width"); err != nil {
		return
	}
	if h, err = dim("height"); err != nil {
		return
	}
	if int64(w)*int64(h) > maxPFMPixels {
		err = fmt.Errorf("bad PFM header: %dx%d is more than %d pixels", w, h, maxPFMPixels)
		return
	}
	tok, err := pfmToken(r, "the scale")
	if err != nil {
		return
	}
	scale, perr := strconv.ParseFloat(tok, 64)
	if perr != nil || scale == 0 || math.IsNaN(scale) || math.IsInf(scale, 0) {
		err = fmt.Errorf("bad PFM header: scale %q is not a non-zero number", truncate(tok, 16))
		return
	}
	order = binary.LittleEndian
	if scale > 0 {
		order = binary.BigEndian
	}
	return
}

// pfmToken skips whitespace, returns the next whitespace-delimited token and consumes the one
// whitespace byte that ends it.
func pfmToken(r *countingReader, what string) (string, error) {
	var tok []byte
	for {
		b, err := r.ReadByte()
		if err != nil {
			if errors.Is(err, io.EOF) && len(tok) > 0 {
				return string(tok), nil // no pixel data: reported as a short file
			}
			if errors.Is(err, io.EOF) {
				return "", fmt.Errorf("bad PFM header: file ends before %s", what)
			}
			return "", err
		}
		if isSpace(b) {
			if len(tok) > 0 {
				return string(tok), nil
			}
			continue
		}
		if len(tok) >= 64 {
			return "", fmt.Errorf("bad PFM header: %q... where %s should be", truncate(string(tok), 16), what)
		}
		tok = append(tok, b)
	}
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\n' || b == '\r' || b == '\t' || b == '\v' || b == '\f'
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
