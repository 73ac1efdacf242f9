package gpu

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"

	"speckle/gpu/internal/readback"
)

// TextureFormat is a texture's texel format.
type TextureFormat int

const (
	RGBA32F TextureFormat = iota // radiance images: floats the compute passes write
	RGBA8                        // display images: tone-mapped sRGB
)

func (f TextureFormat) String() string {
	if f == RGBA8 {
		return "RGBA8"
	}
	return "RGBA32F"
}

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
	readback.Count()
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
	readback.Count()
	px := make([]byte, t.Width*t.Height*4)
	gl.GetTextureImage(t.id, 0, gl.RGBA, gl.UNSIGNED_BYTE, int32(len(px)), unsafe.Pointer(&px[0]))
	return px, nil
}

// WriteBytes replaces an RGBA8 texture's texels, row by row from y = 0 (the
// top row of an image.RGBA's Pix comes out at the top of an imgui image).
func (t *Texture) WriteBytes(px []byte) error {
	if t.Format != RGBA8 || len(px) != t.Width*t.Height*4 {
		return fmt.Errorf("WriteBytes of %d bytes to a %dx%d %v texture (RGBA8: 4 bytes a texel)", len(px), t.Width, t.Height, t.Format)
	}
	t.write(gl.UNSIGNED_BYTE, unsafe.Pointer(&px[0]))
	return nil
}

// WriteFloats replaces an RGBA32F texture's texels, row by row from y = 0.
func (t *Texture) WriteFloats(px []float32) error {
	if t.Format != RGBA32F || len(px) != t.Width*t.Height*4 {
		return fmt.Errorf("WriteFloats of %d floats to a %dx%d %v texture (RGBA32F: 4 floats a texel)", len(px), t.Width, t.Height, t.Format)
	}
	t.write(gl.FLOAT, unsafe.Pointer(&px[0]))
	return nil
}

func (t *Texture) write(kind uint32, px unsafe.Pointer) {
	// Tightly packed rows whatever the last uploader set (RGBA rows are
	// 4-byte aligned, the default alignment).
	gl.PixelStorei(gl.UNPACK_ROW_LENGTH, 0)
	gl.BindBuffer(gl.PIXEL_UNPACK_BUFFER, 0)
	gl.TextureSubImage2D(t.id, 0, 0, 0, int32(t.Width), int32(t.Height), gl.RGBA, kind, px)
}

// Handle is the texture's OpenGL name, for BindTexture: a plain number that
// can travel where pointers may not (imgui's TextureID).
func (t *Texture) Handle() uint64 { return uint64(t.id) }

// BindTexture binds the texture named handle to texture unit `unit` for
// sampling, with bilinear or nearest filtering (two sampler objects, so one
// texture can be drawn both ways) and edges clamped.
func (c *Context) BindTexture(unit uint32, handle uint64, nearest bool) {
	if c.samplers[0] == 0 {
		gl.CreateSamplers(2, &c.samplers[0])
		for i, f := range []int32{gl.LINEAR, gl.NEAREST} {
			gl.SamplerParameteri(c.samplers[i], gl.TEXTURE_MIN_FILTER, f)
			gl.SamplerParameteri(c.samplers[i], gl.TEXTURE_MAG_FILTER, f)
			gl.SamplerParameteri(c.samplers[i], gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
			gl.SamplerParameteri(c.samplers[i], gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
		}
	}
	s := c.samplers[0]
	if nearest {
		s = c.samplers[1]
	}
	gl.BindTextureUnit(unit, uint32(handle))
	gl.BindSampler(unit, s)
}

// Delete frees the texture.
func (t *Texture) Delete() {
	if t != nil && t.id != 0 {
		gl.DeleteTextures(1, &t.id)
		t.id = 0
	}
}
