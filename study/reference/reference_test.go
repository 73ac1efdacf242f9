package reference

import (
	"os"
	"path/filepath"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/render"
	"speckle/study"
)

// A reference whose sidecar cannot be written leaves the old image and sidecar as they were
// (issue 34 item 7): the two are written together (imageio.WriteFilesAtomic). Before, the
// old sidecar was removed and the new image written first, so a failure writing the sidecar
// (a full disk; here a write-protected sidecar) left a new image matched by name only.
func TestReferenceImageAndSidecarTogether(t *testing.T) {
	dir := t.TempDir()
	pfm, side := filepath.Join(dir, "r.pfm"), filepath.Join(dir, "r.json")
	os.WriteFile(pfm, []byte("old image"), 0o644)
	os.WriteFile(side, []byte("old sidecar"), 0o444)
	r := Reference{Setup: study.Setup{Scene: builtin(t, "cornell"), Width: 16, Height: 9, PhotonsPerIteration: 1024, Alpha: 0.7, Seed: 1},
		Spec: spec(t, "pcg32"), Total: 2048, Out: pfm, Force: true}
	var runErr error
	gltest.On(t, func(c *gpu.Context) error {
		_, runErr = r.Run(c)
		return nil
	})
	if runErr == nil {
		t.Fatal("the write-protected sidecar was replaced")
	}
	for p, want := range map[string]string{pfm: "old image", side: "old sidecar"} {
		if b, err := os.ReadFile(p); err != nil || string(b) != want {
			t.Errorf("%s holds %q (%v), want %q", p, b, err, want)
		}
	}
}

// A reference is refused for a scene with an exact image, and goes under
// render.ReferenceDir() otherwise.
func TestReferencePath(t *testing.T) {
	if _, err := (Reference{Setup: study.Setup{Scene: builtin(t, "plane"), Width: 8, Height: 6}}).Path(); !study.IsInputError(err) {
		t.Errorf("plane: %v, want an input error", err)
	}
	p, err := (Reference{Setup: study.Setup{Scene: builtin(t, "cornell"), Width: 8, Height: 6}}).Path()
	if err != nil || p != render.ReferencePath("cornell", 8, 6) || filepath.Dir(p) != render.ReferenceDir() {
		t.Errorf("cornell: %q, %v", p, err)
	}
}
