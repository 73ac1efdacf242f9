package imageio

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// testProvenance sets a provenance for the test, with a command line that
// needs quoting and text that is no ASCII.
func testProvenance(t *testing.T) Provenance {
	t.Helper()
	p := Provenance{Command: ShellQuote([]string{"speckle", "render", "--out", "it's mine.png", "--gen", "philox:seed=3"}),
		Version: "v0.0.0 (abc) go1.24", Device: "llvmpipe (LLVM 19, 256 bits)", Vendor: "Mesa", Driver: "4.5 (Core Profile) Mesa 25.0",
		Seeds: "--seed 1 --gen philox:seed=3", Date: "2026-12-04T17:00:00Z", Reference: "1e10 photons, assets/reference/cornell-640x360.pfm"}
	p.Device += " – ü" // an iTXt chunk
	SetProvenance(&p)
	t.Cleanup(func() { SetProvenance(nil) })
	return p
}

// Issue 32, item 8: every PNG records where it came from in text chunks,
// which a PNG reader passes over (the pixels are the same) and ReadPNGText
// reads back; with no provenance set the bytes are png.Encode's alone.
func TestWritePNGRecordsProvenance(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	img.Set(1, 1, color.NRGBA{R: 200, G: 10, B: 30, A: 255})
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.png")
	if err := WritePNG(plain, img); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	png.Encode(&want, img)
	if b, _ := os.ReadFile(plain); !bytes.Equal(b, want.Bytes()) {
		t.Error("with no provenance set, WritePNG's bytes are not png.Encode's")
	}
	p := testProvenance(t)
	path := filepath.Join(dir, "p.png")
	if err := WritePNG(path, img); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	text, err := ReadPNGText(f)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{
		"Software": "speckle " + p.Version, "Source": p.Device + ", " + p.Driver, "Creation Time": p.Date,
		"speckle:command": `speckle render --out 'it'\''s mine.png' --gen philox:seed=3`, "speckle:version": p.Version,
		"speckle:device": p.Device, "speckle:vendor": p.Vendor, "speckle:driver": p.Driver, "speckle:seeds": p.Seeds,
		"speckle:reference": p.Reference,
	} {
		if text[k] != v {
			t.Errorf("%s: %q, want %q", k, text[k], v)
		}
	}
	got, err := ReadPNG(path)
	if err != nil || !bytes.Equal(got.Pix, img.Pix) {
		t.Errorf("the pixels read back otherwise: %v", err)
	}
}

// Issue 32, item 8: a set's manifest records the provenance; one written
// before it had one is still an earlier set that may be replaced.
func TestManifestRecordsProvenance(t *testing.T) {
	p := testProvenance(t)
	dir := filepath.Join(t.TempDir(), "set")
	fill(t, dir, map[string]string{ManifestName: `{"speckle_set": "capture", "files": ["a.png"]}`, "a.png": ""})
	b, err := NewBatch(dir, "capture")
	if err != nil {
		t.Fatalf("a set of an old manifest, with no provenance: %v", err)
	}
	defer b.Discard()
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil || m.Provenance == nil || *m.Provenance != p {
		t.Errorf("manifest %s: %v; want provenance %+v", data, err, p)
	}
	for _, key := range []string{`"provenance"`, `"command"`, `"version"`, `"device"`, `"driver"`, `"seeds"`, `"date"`} {
		if !bytes.Contains(data, []byte(key)) {
			t.Errorf("manifest without %s: %s", key, data)
		}
	}
}
