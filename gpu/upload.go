package gpu

import "github.com/go-gl/gl/v4.3-core/gl"

// BindImageRead attaches the texture to image unit `unit` for imageLoad
// only: a second input beside a pass's own image (a reference).
func (t *Texture) BindImageRead(unit uint32) {
	gl.BindImageTexture(unit, t.id, 0, false, 0, gl.READ_ONLY, t.Format.internal())
}

// SampleBarrier makes image stores of earlier dispatches visible to texture
// sampling (the UI draws Display's texture through a sampler; Dispatch's own
// barriers cover image loads, buffers and read-backs only).
func (c *Context) SampleBarrier() { gl.MemoryBarrier(gl.TEXTURE_FETCH_BARRIER_BIT) }
