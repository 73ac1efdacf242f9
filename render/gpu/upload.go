package gpu

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"
)

// WriteFloats replaces an RGBA32F texture's texels, row by row from y = 0
// (the layout ReadFloats returns): reference images for the error display.
func (t *Texture) WriteFloats(px []float32) error {
	if t.Format != RGBA32F {
		return fmt.Errorf("WriteFloats to a texture that does not hold floats")
	}
	if len(px) != 4*t.Width*t.Height {
		return fmt.Errorf("WriteFloats: %d floats for a %dx%d RGBA texture (want %d)", len(px), t.Width, t.Height, 4*t.Width*t.Height)
	}
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 4)
	gl.PixelStorei(gl.UNPACK_ROW_LENGTH, 0)
	gl.TextureSubImage2D(t.id, 0, 0, 0, int32(t.Width), int32(t.Height), gl.RGBA, gl.FLOAT, unsafe.Pointer(&px[0]))
	return nil
}

// BindImageRead attaches the texture to image unit `unit` for imageLoad
// only: a second input beside a pass's own image (a reference).
func (t *Texture) BindImageRead(unit uint32) {
	gl.BindImageTexture(unit, t.id, 0, false, 0, gl.READ_ONLY, t.Format.internal())
}

// SampleBarrier makes image stores of earlier dispatches visible to texture
// sampling (the UI draws Display's texture through a sampler; Dispatch's own
// barriers cover image loads, buffers and read-backs only).
func (c *Context) SampleBarrier() { gl.MemoryBarrier(gl.TEXTURE_FETCH_BARRIER_BIT) }
