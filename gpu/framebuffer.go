package gpu

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"
)

// Framebuffer is an offscreen render target with one RGBA8 colour texture:
// what the headless UI draws into (EGL gives no default framebuffer).
type Framebuffer struct {
	id    uint32
	color *Texture
	c     *Context
}

// NewFramebuffer makes a w x h framebuffer.
func (c *Context) NewFramebuffer(w, h int) (*Framebuffer, error) {
	f := &Framebuffer{c: c}
	gl.CreateFramebuffers(1, &f.id)
	if err := f.Resize(w, h); err != nil {
		f.Delete()
		return nil, err
	}
	return f, nil
}

// Resize gives the framebuffer a new colour texture of w x h (contents
// undefined); the old one is freed.
func (f *Framebuffer) Resize(w, h int) error {
	t, err := f.c.NewTexture(w, h, RGBA8)
	if err != nil {
		return err
	}
	gl.NamedFramebufferTexture(f.id, gl.COLOR_ATTACHMENT0, t.id, 0)
	if s := gl.CheckNamedFramebufferStatus(f.id, gl.FRAMEBUFFER); s != gl.FRAMEBUFFER_COMPLETE {
		t.Delete()
		return fmt.Errorf("a %dx%d framebuffer is incomplete (status 0x%04x)", w, h, s)
	}
	f.color.Delete()
	f.color = t
	return nil
}

// Bind makes the framebuffer the target of drawing and of ReadPixels.
func (f *Framebuffer) Bind() { gl.BindFramebuffer(gl.FRAMEBUFFER, f.id) }

// Unbind goes back to the default framebuffer (a window's back buffer).
func (f *Framebuffer) Unbind() { f.c.BindDefaultFramebuffer() }

// BindDefaultFramebuffer makes the window's back buffer (framebuffer 0) the
// target of drawing and ReadPixels; a headless context has none.
func (c *Context) BindDefaultFramebuffer() { gl.BindFramebuffer(gl.FRAMEBUFFER, 0) }

// Delete frees the framebuffer and its texture, unbinding it if bound.
func (f *Framebuffer) Delete() {
	if f == nil || f.id == 0 {
		return
	}
	var bound int32
	gl.GetIntegerv(gl.FRAMEBUFFER_BINDING, &bound)
	if uint32(bound) == f.id {
		f.Unbind()
	}
	gl.DeleteFramebuffers(1, &f.id)
	f.id = 0
	f.color.Delete()
	f.color = nil
}

// ReadPixels returns the w x h pixels at the lower left of the bound read
// framebuffer (a window's back buffer, or a bound Framebuffer) as RGBA8,
// rows flipped so that row 0 is the top: ready for image.RGBA and PNG.
func (c *Context) ReadPixels(w, h int) ([]byte, error) {
	if w < 1 || h < 1 {
		return nil, fmt.Errorf("ReadPixels of %dx%d pixels", w, h)
	}
	px := make([]byte, w*h*4)
	gl.BindBuffer(gl.PIXEL_PACK_BUFFER, 0)
	gl.PixelStorei(gl.PACK_ROW_LENGTH, 0)
	gl.PixelStorei(gl.PACK_ALIGNMENT, 4)
	gl.ReadPixels(0, 0, int32(w), int32(h), gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&px[0]))
	if err := c.CheckError(fmt.Sprintf("reading %dx%d pixels", w, h)); err != nil {
		return nil, err
	}
	row := w * 4 // OpenGL's row 0 is the bottom
	tmp := make([]byte, row)
	for y := 0; y < h/2; y++ {
		a, b := px[y*row:(y+1)*row], px[(h-1-y)*row:(h-y)*row]
		copy(tmp, a)
		copy(a, b)
		copy(b, tmp)
	}
	return px, nil
}
