package cli

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"speckle/rng"
	"speckle/study/look"
)

// A view added to look.Views (a registry line and the view's file, here
// in the test) is in rng look's help, takes --view and is drawn, with no
// edit of the command.
func TestLookViewFromTheRegistry(t *testing.T) {
	blank := &look.View{
		Name:    "blank",
		Doc:     "a blank square (a test's view)",
		Options: []look.Option{look.OptPoints},
		Shape:   func(l look.Look) (streams, count int) { return 1, l.Points },
		Draw: func(l look.Look, sp rng.Spec, s look.Sample) look.Looked {
			return look.Looked{Spec: sp, Image: image.NewNRGBA(image.Rect(0, 0, l.Size, l.Size)), Points: len(s.Values)}
		},
	}
	saved := look.Views
	look.Views = append(slices.Clip(look.Views), blank)
	t.Cleanup(func() { look.Views = saved })

	var out, errb bytes.Buffer
	if code := Main([]string{"rng", "look", "--help"}, &out, &errb); code != 0 {
		t.Fatalf("rng look --help: exit %d, %s", code, errb.String())
	}
	for _, want := range []string{"--view pairs|triples|streams|bitplanes|photons|spectrum|pareto|blank]",
		"pairs, triples, streams, bitplanes, photons, spectrum, pareto, blank", "  blank      a blank square (a test's view)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("rng look --help lacks %q:\n%s", want, out.String())
		}
	}
	png := filepath.Join(t.TempDir(), "blank.png")
	out.Reset()
	args := []string{"rng", "look", "--gens", "philox", "--view", "blank", "--device", "cpu", "--size", "16", "--points", "8", "--out", png}
	if code := Main(args, &out, &errb); code != 0 {
		t.Fatalf("rng look --view blank: exit %d, %s", code, errb.String())
	}
	if _, err := os.Stat(png); err != nil || !strings.Contains(out.String(), "philox, 0 of 8 points in view") {
		t.Fatalf("no picture (%v), or stdout %q", err, out.String())
	}
	errb.Reset()
	if code := Main([]string{"rng", "look", "--view", "blank", "--zoom", "0,0,0,0.5", "--out", png}, &out, &errb); code != 2 ||
		!strings.Contains(errb.String(), "--zoom X,Y,Z,SIDE is a cube, for --view triples; blank takes X,Y,SIDE") {
		t.Errorf("a cube for blank: exit %d, %s", code, errb.String())
	}
}
