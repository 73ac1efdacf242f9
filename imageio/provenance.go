package imageio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"gonum.org/v1/plot/vg/vgimg"
)

// writeCanvas writes a plot's canvas to path, atomically; a PNG goes through
// WritePNG, so that it records the provenance as every other PNG does.
func writeCanvas(path string, c io.WriterTo) error {
	if pc, ok := c.(vgimg.PngCanvas); ok {
		return WritePNG(path, pc.Image())
	}
	return WriteFileAtomic(path, func(w io.Writer) error {
		_, err := c.WriteTo(w)
		return err
	})
}

// Provenance is where a figure came from: what every set's manifest
// (ManifestName, its "provenance" object) and every PNG Speckle writes
// (WritePNG: text chunks, provenanceKeywords) record while one is set
// (SetProvenance). The command line sets it when it starts and fills in
// the device once it opens the GPU context.
type Provenance struct {
	Command string `json:"command"` // the command line, quoted for a POSIX shell
	Version string `json:"version"` // speckle --version's text
	// Device, Vendor and Driver are the GPU context's GL_RENDERER, GL_VENDOR
	// and GL_VERSION; Device says so where the command opened none.
	Device string `json:"device"`
	Vendor string `json:"vendor,omitempty"`
	Driver string `json:"driver,omitempty"`
	// Seeds are the seeds the command's flags gave its generators (--seed,
	// --seeds, NAME:seed=S in a spec), as flags.
	Seeds string `json:"seeds"`
	Date  string `json:"date"` // when the command started, RFC 3339, UTC
	// Reference is what errors were measured against, where they were: its
	// photon count and file ("1e10 photons, assets/reference/cornell-640x360.pfm"),
	// or "analytic".
	Reference string `json:"reference,omitempty"`
}

// RecordReference records where, the reference a command measures against,
// in the provenance set (if any).
func RecordReference(where string) {
	UpdateProvenance(func(p *Provenance) { p.Reference = where })
}

// NoDevice is Provenance.Device before a GPU context is open.
const NoDevice = "none (no GPU context opened)"

// current is the provenance set, or nil.
var current struct {
	sync.Mutex
	p *Provenance
}

// SetProvenance makes p what PNGs and set manifests record from now on; nil
// records none (PNGs then have no text chunks: byte for byte as before).
func SetProvenance(p *Provenance) {
	current.Lock()
	defer current.Unlock()
	if p != nil {
		c := *p
		p = &c
	}
	current.p = p
}

// UpdateProvenance changes the provenance set, if any, with edit.
func UpdateProvenance(edit func(*Provenance)) {
	current.Lock()
	defer current.Unlock()
	if current.p != nil {
		edit(current.p)
	}
}

// CurrentProvenance is a copy of the provenance set, or nil.
func CurrentProvenance() *Provenance {
	current.Lock()
	defer current.Unlock()
	if current.p == nil {
		return nil
	}
	c := *current.p
	return &c
}

// ShellQuote joins args as a POSIX shell would read them back: each
// argument bare where it holds only safe characters, else in single quotes.
func ShellQuote(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:=+@%") == "" {
			out[i] = a
			continue
		}
		out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(out, " ")
}

// provenanceKeywords are the PNG text keywords WritePNG records, in order:
// the PNG specification's Software, Source and Creation Time, and Speckle's
// own for the rest.
var provenanceKeywords = []string{"Software", "Source", "Creation Time", "speckle:command", "speckle:version",
	"speckle:device", "speckle:vendor", "speckle:driver", "speckle:seeds", "speckle:reference"}

// textChunks are p's PNG text entries, keyword and text, in provenanceKeywords' order.
func (p Provenance) textChunks() [][2]string {
	source := p.Device
	if p.Driver != "" {
		source += ", " + p.Driver
	}
	all := [][2]string{{"Software", "speckle " + p.Version}, {"Source", source}, {"Creation Time", p.Date},
		{"speckle:command", p.Command}, {"speckle:version", p.Version}, {"speckle:device", p.Device},
		{"speckle:vendor", p.Vendor}, {"speckle:driver", p.Driver}, {"speckle:seeds", p.Seeds}, {"speckle:reference", p.Reference}}
	out := all[:0]
	for _, kv := range all {
		if kv[1] != "" {
			out = append(out, kv)
		}
	}
	return out
}

// pngSignature opens every PNG file.
const pngSignature = "\x89PNG\r\n\x1a\n"

// withText is the PNG data with a text chunk for each entry put after its
// IHDR chunk (which comes first): tEXt where the text is printable ASCII,
// else iTXt (UTF-8).
func withText(data []byte, entries [][2]string) ([]byte, error) {
	const ihdrEnd = len(pngSignature) + 4 + 4 + 13 + 4
	if len(data) < ihdrEnd || string(data[:len(pngSignature)]) != pngSignature || string(data[12:16]) != "IHDR" {
		return nil, errors.New("not a PNG with IHDR first")
	}
	var out bytes.Buffer
	out.Write(data[:ihdrEnd])
	for _, kv := range entries {
		key, text := kv[0], strings.ToValidUTF8(strings.ReplaceAll(kv[1], "\x00", ""), "\uFFFD")
		if ascii(text) {
			writeChunk(&out, "tEXt", []byte(key+"\x00"+text))
		} else {
			// keyword, NUL, compression flag and method 0, empty language tag
			// and translated keyword, each ended by NUL, then the UTF-8 text.
			writeChunk(&out, "iTXt", []byte(key+"\x00\x00\x00\x00\x00"+text))
		}
	}
	out.Write(data[ihdrEnd:])
	return out.Bytes(), nil
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 && s[i] != '\n' || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// writeChunk writes one PNG chunk: length, type, data, CRC of type and data.
func writeChunk(w *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	w.WriteString(typ)
	w.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}

// ReadPNGText reads a PNG's tEXt and iTXt (uncompressed) chunks, keyword to
// text, checking every chunk's CRC; it stops at IEND.
func ReadPNGText(r io.Reader) (map[string]string, error) {
	sig := make([]byte, len(pngSignature))
	if _, err := io.ReadFull(r, sig); err != nil || string(sig) != pngSignature {
		return nil, errors.New("not a PNG file")
	}
	out := map[string]string{}
	for {
		var head [8]byte
		if _, err := io.ReadFull(r, head[:]); err != nil {
			return out, fmt.Errorf("PNG cut short: %v", err)
		}
		n, typ := binary.BigEndian.Uint32(head[:4]), string(head[4:])
		if n > 1<<28 {
			return out, fmt.Errorf("PNG chunk %q of %d bytes", typ, n)
		}
		data := make([]byte, n+4)
		if _, err := io.ReadFull(r, data); err != nil {
			return out, fmt.Errorf("PNG chunk %q cut short: %v", typ, err)
		}
		crc := crc32.NewIEEE()
		crc.Write(head[4:])
		crc.Write(data[:n])
		if crc.Sum32() != binary.BigEndian.Uint32(data[n:]) {
			return out, fmt.Errorf("PNG chunk %q: bad CRC", typ)
		}
		data = data[:n]
		switch typ {
		case "tEXt":
			if k, v, ok := bytes.Cut(data, []byte{0}); ok {
				out[string(k)] = string(v) // Latin-1; Speckle writes ASCII only here
			}
		case "iTXt":
			k, rest, ok := bytes.Cut(data, []byte{0})
			if !ok || len(rest) < 2 || rest[0] != 0 { // compressed: not read
				continue
			}
			rest = rest[2:]
			if _, rest, ok = bytes.Cut(rest, []byte{0}); !ok { // language tag
				continue
			}
			if _, rest, ok = bytes.Cut(rest, []byte{0}); ok && utf8.Valid(rest) { // translated keyword
				out[string(k)] = string(rest)
			}
		case "IEND":
			return out, nil
		}
	}
}
