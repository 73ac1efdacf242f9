package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"speckle/imageio"
	"speckle/render"
	"speckle/scenes"
	"speckle/study"
)

// Issue 32, item 5: a reference of few photons (reference --photons 1e4)
// silently changed every later RMSE in its folder. speckle reference refuses
// to make one below the minimum, and render and capture refuse to use one
// (or one of an unknown count), each before any GPU work, unless
// --allow-weak-reference.
func TestWeakReferenceRefused(t *testing.T) {
	dir := t.TempDir()
	refs := filepath.Join(dir, "assets", "reference")
	if err := os.MkdirAll(refs, 0o755); err != nil {
		t.Fatal(err)
	}
	oneLine(t, speckleAt(t, dir, nil, time.Minute, nil, "reference", "--scene", "cornell", "--size", "16x9", "--photons", "1e4"),
		2, "--photons 1e4 is under the 1e8 a reference needs")
	if names := ls(t, refs); len(names) != 0 {
		t.Errorf("refused, yet written: %v", names)
	}
	sc, err := scenes.Builtin("cornell")
	if err != nil {
		t.Fatal(err)
	}
	pfm := filepath.Join(refs, "cornell-16x9.pfm")
	if err := imageio.WritePFM(pfm, imageio.NewImage(16, 9)); err != nil {
		t.Fatal(err)
	}
	meta := render.ReferenceMeta{Scene: "cornell", SceneSHA256: sc.ContentHash(), Width: 16, Height: 9, Photons: 1e4, Generator: "philox"}
	if err := imageio.WriteFileAtomic(render.SidecarPath(pfm), meta.Writer()); err != nil {
		t.Fatal(err)
	}
	uses := [][]string{
		{"render", "--scene", "cornell", "--size", "16x9", "--photons", "1e3", "--out", "r.png"},
		{"capture", "--scene", "cornell", "--size", "16x9", "--gens", "philox", "--at", "1e3", "--out", "set"},
	}
	for _, args := range uses {
		oneLine(t, speckleAt(t, dir, nil, time.Minute, nil, args...), 2,
			"reference assets/reference/cornell-16x9.pfm was made from 1e4 photons, under the 1e8 a reference needs")
	}
	os.Remove(render.SidecarPath(pfm))
	for _, args := range uses {
		oneLine(t, speckleAt(t, dir, nil, time.Minute, nil, args...), 2, "has no sidecar to say its photon count")
	}
	if names := ls(t, dir); strings.Join(names, " ") != "assets assets/reference assets/reference/cornell-16x9.pfm" {
		t.Errorf("refused, yet written: %v", names)
	}
}

// Issue 32, item 5: render's default size, which its help's first example
// uses, has a stored reference for every scene that needs one.
func TestRenderDefaultSizeHasAReference(t *testing.T) {
	c := newRenderCmd()
	size := c.Flags().Lookup("size").DefValue
	first := strings.SplitN(strings.TrimSpace(c.Example), "\n", 2)[0]
	if strings.Contains(first, "--size") {
		t.Fatalf("the first example %q sets --size: check that size instead", first)
	}
	var w, h int
	if _, err := fmt.Sscanf(size, "%dx%d", &w, &h); err != nil {
		t.Fatalf("--size default %q: %v", size, err)
	}
	wd, _ := os.Getwd()
	t.Cleanup(func() { os.Chdir(wd) })
	if err := os.Chdir(t.TempDir()); err != nil { // the built-in references only
		t.Fatal(err)
	}
	for _, name := range scenes.Names() {
		sc, err := scenes.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		if img, where, err := render.ReferenceImage(sc, w, h); img == nil || err != nil {
			t.Errorf("render's default --size %s (its first example, %q) has no reference of %s: %s %v", size, first, name, where, err)
		}
	}
	if size != study.ReferenceSize {
		t.Errorf("--size default %s, the references' size %s", size, study.ReferenceSize)
	}
}
