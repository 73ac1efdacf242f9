package imageio

import (
	"image/color"
	"math"
	"testing"
)

// The colour maps are matplotlib's: viridis runs from #440154 to #fde725 and
// inferno from #000004 to #fcffa4; At interpolates between entries and
// clamps.
func TestColormaps(t *testing.T) {
	ends := map[string][2]color.NRGBA{
		"viridis": {{0x44, 0x01, 0x54, 255}, {0xfd, 0xe7, 0x25, 255}},
		"inferno": {{0x00, 0x00, 0x04, 255}, {0xfc, 0xff, 0xa4, 255}},
	}
	for name, want := range ends {
		m, err := LookupColormap(name)
		if err != nil {
			t.Fatal(err)
		}
		if m[0] != want[0] || m[255] != want[1] || m.At(-1) != want[0] || m.At(0) != want[0] || m.At(1) != want[1] || m.At(2) != want[1] {
			t.Errorf("%s: ends %v %v, At(0) %v, At(1) %v", name, m[0], m[255], m.At(0), m.At(1))
		}
		if got := m.At(100.0 / 255); got != m[100] {
			t.Errorf("%s: At(100/255) = %v, entry 100 is %v", name, got, m[100])
		}
		mid := m.At(100.5 / 255)
		if d := math.Abs(float64(mid.G) - (float64(m[100].G)+float64(m[101].G))/2); d > 1 {
			t.Errorf("%s: halfway between entries 100 and 101: %v", name, mid)
		}
		p := m.Packed()
		if p[255] != uint32(want[1].R)|uint32(want[1].G)<<8|uint32(want[1].B)<<16|0xff000000 {
			t.Errorf("%s: packed %08x", name, p[255])
		}
		// Perceptual maps brighten monotonically (sum of channels as a proxy).
		for i := 1; i < 256; i++ {
			if int(m[i].R)+int(m[i].G)+int(m[i].B)+3 < int(m[i-1].R)+int(m[i-1].G)+int(m[i-1].B) {
				t.Errorf("%s darkens at entry %d", name, i)
			}
		}
	}
	if _, err := LookupColormap("jet"); err == nil || err.Error() != `unknown colour map "jet" (inferno or viridis)` {
		t.Errorf("jet: %v", err)
	}
}
