package gpu

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"

	"speckle/gpu/internal/readback"
)

// Buffer is a shader storage buffer.
type Buffer struct {
	id    uint32
	Bytes int
}

// NewBuffer allocates a buffer of n bytes, filled with words if given (the
// rest is left undefined). n is rounded up to a whole word and at least 4.
func (c *Context) NewBuffer(n int, words []uint32) (*Buffer, error) {
	n = max(4, (n+3)&^3)
	if int64(n) > c.Info.MaxSSBOBytes {
		return nil, fmt.Errorf("a buffer of %d bytes exceeds the driver's storage block limit of %d", n, c.Info.MaxSSBOBytes)
	}
	if len(words)*4 > n {
		return nil, fmt.Errorf("buffer of %d bytes cannot hold %d words", n, len(words))
	}
	b := &Buffer{Bytes: n}
	gl.CreateBuffers(1, &b.id)
	// Immutable storage the CPU never maps: drivers keep it in device memory.
	gl.NamedBufferStorage(b.id, n, nil, gl.DYNAMIC_STORAGE_BIT)
	if len(words) > 0 {
		gl.NamedBufferSubData(b.id, 0, len(words)*4, unsafe.Pointer(&words[0]))
	}
	if err := c.CheckError(fmt.Sprintf("allocating a buffer of %d bytes", n)); err != nil {
		gl.DeleteBuffers(1, &b.id)
		return nil, fmt.Errorf("%v (out of GPU memory?)", err)
	}
	return b, nil
}

// Bind attaches the buffer to a shader storage binding point.
func (b *Buffer) Bind(binding uint32) { gl.BindBufferBase(gl.SHADER_STORAGE_BUFFER, binding, b.id) }

// Read copies words [first, first+len(dst)) of the buffer into dst.
func (b *Buffer) Read(first int, dst []uint32) {
	if len(dst) > 0 {
		readback.Count()
		gl.GetNamedBufferSubData(b.id, first*4, len(dst)*4, unsafe.Pointer(&dst[0]))
	}
}

// Write copies src into the buffer from word first on.
func (b *Buffer) Write(first int, src []uint32) {
	if len(src) > 0 {
		gl.NamedBufferSubData(b.id, first*4, len(src)*4, unsafe.Pointer(&src[0]))
	}
}

// Delete frees the buffer.
func (b *Buffer) Delete() {
	if b != nil && b.id != 0 {
		gl.DeleteBuffers(1, &b.id)
		b.id = 0
	}
}
