package gpu

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"
)

// TextureFormat is a texture's texel format.
type TextureFormat int

const (
	RGBA32F TextureFormat = iota // radiance images: floats the compute passes write
	RGBA8                        // display images: tone-mapped sRGB
)

func (f TextureFormat) internal() uint32 {
	if f == RGBA8 {
		return gl.RGBA8
	}
	return gl.RGBA32F
}

// Texture is a 2-D texture with one level.
type Texture struct {
	id            uint32
	Width, Height int
	Format        TextureFormat
}

// NewTexture allocates a w x h texture.
func (c *Context) NewTexture(w, h int, f TextureFormat) (*Texture, error) {
	if w < 1 || h < 1 {
		return nil, fmt.Errorf("texture of %dx%d texels", w, h)
	}
	t := &Texture{Width: w, Height: h, Format: f}
	gl.CreateTextures(gl.TEXTURE_2D, 1, &t.id)
	gl.TextureStorage2D(t.id, 1, f.internal(), int32(w), int32(h))
	gl.TextureParameteri(t.id, gl.TEXTURE_MIN_FILTER, gl.LINEAR)
	gl.TextureParameteri(t.id, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
	if err := c.CheckError(fmt.Sprintf("allocating a %dx%d texture", w, h)); err != nil {
		gl.DeleteTextures(1, &t.id)
		return nil, err
	}
	return t, nil
}

// BindImage attaches the texture to image unit `unit` for imageLoad/imageStore.
func (t *Texture) BindImage(unit uint32) {
	gl.BindImageTexture(unit, t.id, 0, false, 0, gl.READ_WRITE, t.Format.internal())
}

// ReadFloats returns an RGBA32F texture's texels, row by row from y = 0.
func (t *Texture) ReadFloats() ([]float32, error) {
	if t.Format != RGBA32F {
		return nil, fmt.Errorf("ReadFloats of a texture that does not hold floats")
	}
	gl.MemoryBarrier(gl.TEXTURE_UPDATE_BARRIER_BIT)
	px := make([]float32, t.Width*t.Height*4)
	gl.GetTextureImage(t.id, 0, gl.RGBA, gl.FLOAT, int32(len(px)*4), unsafe.Pointer(&px[0]))
	return px, nil
}

// ReadBytes returns an RGBA8 texture's texels, row by row from y = 0.
func (t *Texture) ReadBytes() ([]byte, error) {
	if t.Format != RGBA8 {
		return nil, fmt.Errorf("ReadBytes of a texture that does not hold bytes")
	}
	gl.MemoryBarrier(gl.TEXTURE_UPDATE_BARRIER_BIT)
	px := make([]byte, t.Width*t.Height*4)
	gl.GetTextureImage(t.id, 0, gl.RGBA, gl.UNSIGNED_BYTE, int32(len(px)), unsafe.Pointer(&px[0]))
	return px, nil
}

// Delete frees the texture.
func (t *Texture) Delete() {
	if t != nil && t.id != 0 {
		gl.DeleteTextures(1, &t.id)
		t.id = 0
	}
}
