package look

import (
	"image"
	"os"
	"slices"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/rng"
)

// Every view is one file, view_<name>.go, and one line in Views: a name
// and a help line of its own, a drawing, and options the window can show.
func TestEveryViewHasItsFile(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range Views {
		if v.Name == "" || seen[v.Name] || strings.ContainsAny(v.Name, " ,|") {
			t.Errorf("view %q: want a unique name of one word", v.Name)
		}
		seen[v.Name] = true
		if _, err := os.Stat("view_" + v.Name + ".go"); err != nil {
			t.Errorf("view %s: no file view_%s.go", v.Name, v.Name)
		}
		if v.Doc == "" || strings.Contains(v.Doc, "\n") || v.Draw == nil {
			t.Errorf("view %s: want a one-line Doc and a Draw", v.Name)
		}
		if v.Takes(OptScan) && !v.Takes(OptStream) {
			t.Errorf("view %s: a deep zoom is of one stream's tuples", v.Name)
		}
		if found, ok := FindView(v.Name); !ok || found != v {
			t.Errorf("FindView(%q) does not find it", v.Name)
		}
	}
	if _, ok := FindView("lattice"); ok {
		t.Error("FindView found a view not in Views")
	}
	if DefaultView() != Views[0].Name || !slices.Equal(ViewNames()[:2], []string{ViewPairs, ViewTriples}) {
		t.Errorf("default %q, names %v", DefaultView(), ViewNames())
	}
}

// blankView is a trivial view as a new view's file holds it: one stream's
// values, drawn as a blank square.
var blankView = &View{
	Name:    "blank",
	Doc:     "a blank square (a test's view)",
	Options: []Option{OptPoints},
	Shape:   func(l Look) (streams, count int) { return 1, l.Points },
	Draw: func(l Look, sp rng.Spec, s Sample) Looked {
		img := image.NewNRGBA(image.Rect(0, 0, l.Size, l.Size))
		for i := range img.Pix {
			img.Pix[i] = 255
		}
		return Looked{Spec: sp, Image: img, Shown: len(s.Values), Points: len(s.Values)}
	},
}

// withView adds v to the registry for the test: its one line.
func withView(t *testing.T, v *View) {
	saved := Views
	Views = append(slices.Clip(Views), v)
	t.Cleanup(func() { Views = saved })
}

// A view added to the registry is checked, drawn, captioned, titled and
// put in a figure with nothing else changed; the options it does not take
// are refused in its name, and help's words list it.
func TestAddedViewDrawsWithNoOtherEdit(t *testing.T) {
	withView(t, blankView)
	l := Look{Specs: []rng.Spec{spec(t, "philox"), spec(t, "lehmer")}, Seed: 1, View: "blank", Size: 32, Points: 100, Zoom: [3]float64{0, 0, 1}}
	looked, err := l.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(looked) != 2 || looked[0].Points != 100 || l.Caption(looked[0]) != "(100 of 100)" || l.Title() != "blank" {
		t.Fatalf("drew %d pictures of %d points, caption %q, title %q", len(looked), looked[0].Points, l.Caption(looked[0]), l.Title())
	}
	if f := l.Figure(looked); f.Rect.Dx() == 0 {
		t.Fatal("no figure")
	}
	if _, _, _, _, _, _, ok := l.PlaneAxes(); ok {
		t.Error("a view without Axes has plane axes")
	}
	for flag, set := range map[string]func(*Look){
		"--scan is the deep zoom of pairs and triples, not of blank": func(l *Look) { l.Scan = 1 << 20 },
		"--lag is the step of pairs and triples, not of blank":       func(l *Look) { l.Lag = 2 },
		"for --view triples; blank takes X,Y,SIDE":                   func(l *Look) { l.ZoomZ = 0.5; l.Zoom[2] = 0.5 },
	} {
		bad := l
		set(&bad)
		if err := bad.Check(); err == nil || !strings.Contains(err.Error(), flag) {
			t.Errorf("got %v, want %q", err, flag)
		}
	}
	if err := (Look{Specs: l.Specs, View: "blnk", Size: 32, Points: 1, Zoom: l.Zoom}).Check(); err == nil || !strings.Contains(err.Error(), Views[len(Views)-2].Name+", blank") || !strings.Contains(err.Error(), "did you mean blank?") {
		t.Errorf("an unknown view: %v", err)
	}
	if !strings.Contains(ViewHelp(), "  blank      a blank square (a test's view)") || DefaultLookPoints("blank") != DefaultPoints || DefaultLookOrder("blank", false) != "stream" {
		t.Errorf("help:\n%s", ViewHelp())
	}
}

// A view may draw its own numbers (Sample): Run draws them, on the Go
// reference (c nil) or the GPU alike.
func TestAddedViewSamplesItsOwnNumbers(t *testing.T) {
	own := *blankView
	own.Name = "own"
	own.Sample = func(l Look, _ *gpu.Context, sp rng.Spec) (Sample, error) {
		return Sample{Values: make([]uint32, l.Points+int(sp.Gen.Bits()))}, nil
	}
	withView(t, &own)
	l := Look{Specs: []rng.Spec{spec(t, "philox")}, Seed: 1, View: "own", Size: 16, Points: 5, Zoom: [3]float64{0, 0, 1}}
	looked, err := l.Run(nil)
	if err != nil || looked[0].Points != 5+32 {
		t.Fatalf("%v, %+v", err, looked)
	}
}
