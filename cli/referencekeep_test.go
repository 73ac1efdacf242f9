package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// speckle reference never replaces a reference made from more photons, or
// one whose count no sidecar records, without --force; --out writes
// elsewhere; too few photons for a reference are warned about.
func TestReferenceKeepsABetterOne(t *testing.T) {
	dir := t.TempDir()
	refDir := filepath.Join(dir, "assets", "reference")
	if err := os.MkdirAll(refDir, 0o755); err != nil {
		t.Fatal(err)
	}
	pfm := filepath.Join(refDir, "cornell-16x16.pfm")
	image := append([]byte("PF\n16 16\n-1.0\n"), make([]byte, 16*16*3*4)...)
	sidecar := `{"scene": "cornell", "scene_sha256": "` + strings.Repeat("0", 64) + `", "width": 16, "height": 16, "photons": 10000000000, "generator": "philox"}` + "\n"
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(pfm, image, 0o644))
	must(os.WriteFile(filepath.Join(refDir, "cornell-16x16.json"), []byte(sidecar), 0o644))
	args := []string{"reference", "--scene", "cornell", "--size", "16x16", "--photons", "2000", "--photons-per-iteration", "1000", "--allow-weak-reference"}
	r := speckleAt(t, dir, nil, time.Minute, nil, args...)
	oneLine(t, r, 2, "was made from 1e10 photons, more than this run's 2e3: --force replaces it")
	if b, _ := os.ReadFile(pfm); string(b) != string(image) {
		t.Errorf("the better reference was changed")
	}
	// Elsewhere: written, with its sidecar, and a warning about its photons.
	out := filepath.Join(dir, "mine.pfm")
	r = speckleAt(t, dir, nil, time.Minute, nil, append(args, "--out", out)...)
	if r.code != 0 || !strings.Contains(r.stderr, "warning: a reference of 2e3 photons is noisier") {
		t.Fatalf("--out: exit %d, %q", r.code, r.stderr)
	}
	for _, f := range []string{out, filepath.Join(dir, "mine.json")} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("--out did not write %s", f)
		}
	}
	// No sidecar: an unknown count, refused; --force replaces it.
	must(os.Remove(filepath.Join(refDir, "cornell-16x16.json")))
	r = speckleAt(t, dir, nil, time.Minute, nil, args...)
	oneLine(t, r, 2, "holds a reference of an unknown photon count")
	if r = speckleAt(t, dir, nil, time.Minute, nil, append(args, "--force")...); r.code != 0 {
		t.Fatalf("--force: exit %d, %q", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(pfm); string(b) == string(image) {
		t.Errorf("--force did not replace the reference")
	}
	oneLine(t, speckleAt(t, dir, nil, time.Minute, nil, append(args, "--out", "x.png")...), 2, "a reference is a .pfm file")
}
