package imageio

import (
	"encoding/hex"
	"fmt"
	"image/color"
	"math"
	"sort"
	"speckle/internal/suggest"
	"strings"
)

// Colormap is a perceptual colour map of 256 entries, from low to high.
type Colormap [256]color.NRGBA

// colormapNames are the colour maps there are.
func colormapNames() []string {
	var n []string
	for k := range colormapHex {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// LookupColormap returns a colour map by name (viridis or inferno).
func LookupColormap(name string) (*Colormap, error) {
	h, ok := colormapHex[name]
	if !ok {
		if h := suggest.Hint(name, colormapNames()); h != "" {
			return nil, fmt.Errorf("unknown colour map %q (%s)", name, h)
		}
		return nil, fmt.Errorf("unknown colour map %q (%s)", name, strings.Join(colormapNames(), " or "))
	}
	b, err := hex.DecodeString(h)
	if err != nil || len(b) != 256*3 {
		panic("imageio: bad colour map table " + name)
	}
	var m Colormap
	for i := range m {
		m[i] = color.NRGBA{R: b[3*i], G: b[3*i+1], B: b[3*i+2], A: 255}
	}
	return &m, nil
}

// Packed is the map as RGBA8 words (R in the low byte), as the GPU reads it
// with unpackUnorm4x8.
func (m *Colormap) Packed() []uint32 {
	w := make([]uint32, len(m))
	for i, c := range m {
		w[i] = uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | uint32(c.A)<<24
	}
	return w
}

// At maps t in [0, 1] (clamped) to a colour, interpolating linearly between
// entries: what shaders/streamlines_display.comp does.
func (m *Colormap) At(t float64) color.NRGBA {
	x := float32(math.Min(math.Max(t, 0), 1)) * 255
	k := min(int(x), 254)
	f := x - float32(k)
	mix := func(a, b uint8) uint8 {
		fa, fb := float32(a)/255, float32(b)/255
		return uint8(math.Round(float64(fa+(fb-fa)*f) * 255))
	}
	a, b := m[k], m[k+1]
	return color.NRGBA{R: mix(a.R, b.R), G: mix(a.G, b.G), B: mix(a.B, b.B), A: 255}
}
