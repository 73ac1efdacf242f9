package look

import (
	"bytes"
	"strings"
	"testing"

	"speckle/rng"
)

// The pareto view measures its plane once per device, seed and spec: a
// second run draws from the kept points; each picture rings its own
// generator, so two panes of one plane differ.
func TestParetoViewMeasuresOnce(t *testing.T) {
	saved := paretoReference
	paretoReference = []string{"lcg", "philox"}
	t.Cleanup(func() { paretoReference = saved })
	l := Look{Specs: []rng.Spec{spec(t, "pcg"), spec(t, "lcg")}, Seed: 3, View: ViewPareto, Size: 96, Points: 1, Zoom: [3]float64{0, 0, 1}}
	looked := runOnGPU(t, l)
	if len(looked) != 2 || looked[0].Points != 3 || looked[0].Shown != 3 || looked[0].Image.Rect.Dx() != 96 {
		t.Fatalf("looked %+v", looked)
	}
	if bytes.Equal(looked[0].Image.Pix, looked[1].Image.Pix) {
		t.Error("the panes of pcg and lcg are the same picture: neither is ringed")
	}
	kept := len(paretoPoints.m)
	again := runOnGPU(t, l)
	if len(paretoPoints.m) != kept || !bytes.Equal(again[0].Image.Pix, looked[0].Image.Pix) {
		t.Errorf("a second run measured again (%d points kept, then %d) or drew another picture", kept, len(paretoPoints.m))
	}
	if _, err := l.Run(nil); err == nil || !strings.Contains(err.Error(), "measures on the GPU") {
		t.Errorf("on the Go reference: %v", err)
	}
	if s := l.Caption(looked[0]); s != "(3 generators)" {
		t.Errorf("caption %q", s)
	}
}
