package gpu

import "github.com/go-gl/gl/v4.3-core/gl"

// Clear sets every word of the buffer to zero on the GPU.
func (b *Buffer) Clear() {
	gl.ClearNamedBufferData(b.id, gl.R32UI, gl.RED_INTEGER, gl.UNSIGNED_INT, nil)
}
