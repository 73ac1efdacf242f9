package gpu

import (
	"fmt"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"
)

// The graphics pipeline, as far as a 2-D overlay (the imgui renderer) needs
// it: interleaved vertices streamed each frame, indexed triangles, scissor
// rectangles and alpha blending.

// AttribType is how a vertex attribute's components are stored.
type AttribType int

const (
	Float32   AttribType = iota // float
	Uint8Norm                   // unsigned byte read as 0..1 (packed colours)
)

// Attrib is one vertex attribute: components of Type at Offset bytes into a
// vertex; attributes take locations 0, 1, ... in the order given.
type Attrib struct {
	Components int
	Type       AttribType
	Offset     int
}

// VertexArray is a vertex array object with its own vertex and index
// buffers, rewritten by Upload.
type VertexArray struct {
	vao, vbo, ebo uint32
	indexType     uint32
	indexSize     int
}

// NewVertexArray describes interleaved vertices of stride bytes and indices
// of indexSize bytes (2 or 4).
func (c *Context) NewVertexArray(stride, indexSize int, attribs ...Attrib) (*VertexArray, error) {
	v := &VertexArray{indexSize: indexSize, indexType: gl.UNSIGNED_SHORT}
	switch indexSize {
	case 2:
	case 4:
		v.indexType = gl.UNSIGNED_INT
	default:
		return nil, fmt.Errorf("indices of %d bytes (2 or 4)", indexSize)
	}
	gl.CreateVertexArrays(1, &v.vao)
	gl.CreateBuffers(1, &v.vbo)
	gl.CreateBuffers(1, &v.ebo)
	gl.VertexArrayVertexBuffer(v.vao, 0, v.vbo, 0, int32(stride))
	gl.VertexArrayElementBuffer(v.vao, v.ebo)
	for i, a := range attribs {
		loc := uint32(i)
		gl.EnableVertexArrayAttrib(v.vao, loc)
		if a.Type == Uint8Norm {
			gl.VertexArrayAttribFormat(v.vao, loc, int32(a.Components), gl.UNSIGNED_BYTE, true, uint32(a.Offset))
		} else {
			gl.VertexArrayAttribFormat(v.vao, loc, int32(a.Components), gl.FLOAT, false, uint32(a.Offset))
		}
		gl.VertexArrayAttribBinding(v.vao, loc, 0)
	}
	if err := c.CheckError("making a vertex array"); err != nil {
		v.Delete()
		return nil, err
	}
	return v, nil
}

// Upload replaces the vertices and indices. The buffers are respecified each
// time (STREAM_DRAW) so the driver can hand out fresh storage instead of
// waiting for draws still reading the old.
func (v *VertexArray) Upload(vertices, indices []byte) {
	upload := func(id uint32, b []byte) {
		if len(b) > 0 {
			gl.NamedBufferData(id, len(b), unsafe.Pointer(&b[0]), gl.STREAM_DRAW)
		}
	}
	upload(v.vbo, vertices)
	upload(v.ebo, indices)
}

// Delete frees the vertex array and its buffers.
func (v *VertexArray) Delete() {
	if v != nil && v.vao != 0 {
		gl.DeleteVertexArrays(1, &v.vao)
		gl.DeleteBuffers(1, &v.vbo)
		gl.DeleteBuffers(1, &v.ebo)
		*v = VertexArray{}
	}
}

// Begin2D sets the state for drawing a 2-D overlay with p and v into the
// bound framebuffer's w x h pixels: viewport, scissor test on, alpha
// blending (SRC_ALPHA, ONE_MINUS_SRC_ALPHA on colour; alpha accumulates
// coverage so an opaque target stays opaque for screenshots), no depth test
// or culling, filled polygons.
func (c *Context) Begin2D(p *Program, v *VertexArray, w, h int) {
	gl.Viewport(0, 0, int32(w), int32(h))
	gl.Enable(gl.BLEND)
	gl.BlendEquation(gl.FUNC_ADD)
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
	gl.Disable(gl.CULL_FACE)
	gl.Disable(gl.DEPTH_TEST)
	gl.Disable(gl.STENCIL_TEST)
	gl.Enable(gl.SCISSOR_TEST)
	gl.PolygonMode(gl.FRONT_AND_BACK, gl.FILL)
	gl.UseProgram(p.id)
	gl.BindVertexArray(v.vao)
}

// Scissor limits drawing to the rectangle of pixels whose lower-left corner
// is (x, y), counted from the bottom of the framebuffer as OpenGL does.
func (c *Context) Scissor(x, y, w, h int) { gl.Scissor(int32(x), int32(y), int32(w), int32(h)) }

// DrawElements draws count indices from index first on as triangles;
// baseVertex is added to each index (imgui's VtxOffset).
func (c *Context) DrawElements(v *VertexArray, count, first, baseVertex int) {
	gl.DrawElementsBaseVertex(gl.TRIANGLES, int32(count), v.indexType,
		gl.PtrOffset(first*v.indexSize), int32(baseVertex))
}

// End2D undoes Begin2D's state so that compute work and Clear see none of
// it: no scissor, no blending, no program, vertex array or sampled texture
// on unit 0.
func (c *Context) End2D() {
	gl.Disable(gl.SCISSOR_TEST)
	gl.Disable(gl.BLEND)
	gl.UseProgram(0)
	gl.BindVertexArray(0)
	gl.BindTextureUnit(0, 0)
	gl.BindSampler(0, 0)
}

// Clear fills the bound framebuffer with one colour (the whole of it: the
// scissor test is switched off first).
func (c *Context) Clear(r, g, b, a float32) {
	gl.Disable(gl.SCISSOR_TEST)
	gl.ClearColor(r, g, b, a)
	gl.Clear(gl.COLOR_BUFFER_BIT)
}
