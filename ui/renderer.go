package ui

import (
	"fmt"
	"unsafe"

	"github.com/inkyblackness/imgui-go/v4"
	"golang.org/x/image/font/gofont/goregular"

	"speckle/gpu"
	"speckle/shaders"
)

// nearestBit in a TextureID asks for nearest-neighbour sampling; the rest is
// the texture's handle. The top bit of a uintptr: GL names never reach it.
const nearestBit = ^(^uintptr(0) >> 1)

// TextureID names t for imgui (imgui.Image, DrawList.AddImage), sampled
// bilinearly or, with nearest, as crisp texels (the magnifier).
func TextureID(t *gpu.Texture, nearest bool) imgui.TextureID {
	id := uintptr(t.Handle())
	if nearest {
		id |= nearestBit
	}
	return imgui.TextureID(id)
}

// ImguiRenderer draws imgui's draw data through gpu.
type ImguiRenderer struct {
	ctx     *gpu.Context
	prog    *gpu.Program
	verts   *gpu.VertexArray
	font    *gpu.Texture
	large   imgui.Font // the font at LargeFontRatio times the size: text read from afar (the plot)
	fbScale float32    // framebuffer pixels per display unit, last seen
}

// LargeFontRatio is the large font's size over the text's: 22 pixels
// beside 15, the plot's text legible on a projector.
const LargeFontRatio = 22.0 / 15

var _ Renderer = (*ImguiRenderer)(nil)

// NewRenderer makes the renderer for the current imgui context: the Go
// font at fontPixels pixels (the app passes 15 x ContentScale) in the
// atlas, the atlas uploaded, the shaders compiled.
func NewRenderer(ctx *gpu.Context, fontPixels float32) (*ImguiRenderer, error) {
	if fontPixels <= 0 {
		fontPixels = 15
	}
	r := &ImguiRenderer{ctx: ctx, fbScale: 1}
	vert, err := shaders.Build("ui.vert", "", nil)
	if err != nil {
		return nil, err
	}
	frag, err := shaders.Build("ui.frag", "", nil)
	if err != nil {
		return nil, err
	}
	if r.prog, err = ctx.Graphics(vert, frag); err != nil {
		return nil, err
	}
	stride, posOff, uvOff, colOff := imgui.VertexBufferLayout()
	r.verts, err = ctx.NewVertexArray(stride, imgui.IndexBufferLayout(),
		gpu.Attrib{Components: 2, Type: gpu.Float32, Offset: posOff},
		gpu.Attrib{Components: 2, Type: gpu.Float32, Offset: uvOff},
		gpu.Attrib{Components: 4, Type: gpu.Uint8Norm, Offset: colOff})
	if err != nil {
		return nil, err
	}
	io := imgui.CurrentIO()
	fonts := io.Fonts()
	fonts.AddFontFromMemoryTTF(goregular.TTF, fontPixels) // the first: the default
	r.large = fonts.AddFontFromMemoryTTF(goregular.TTF, fontPixels*LargeFontRatio)
	// RGBA rather than alpha-only, so that one shader draws text and images.
	img := fonts.TextureDataRGBA32()
	if img.Width < 1 || img.Height < 1 {
		r.Dispose()
		return nil, fmt.Errorf("imgui built an empty font atlas")
	}
	if r.font, err = ctx.NewTexture(img.Width, img.Height, gpu.RGBA8); err != nil {
		r.Dispose()
		return nil, err
	}
	if err := r.font.WriteBytes(unsafe.Slice((*byte)(img.Pixels), img.Width*img.Height*4)); err != nil {
		r.Dispose()
		return nil, err
	}
	fonts.SetTextureID(TextureID(r.font, false))
	// Draw commands may use VtxOffset: meshes beyond 64k vertices with
	// 16-bit indices.
	io.SetBackendFlags(io.GetBackendFlags() | imgui.BackendFlagsRendererHasVtxOffset)
	return r, nil
}

// LargeFont is the Go font at LargeFontRatio times the text's size.
func (r *ImguiRenderer) LargeFont() imgui.Font { return r.large }

// PreRender clears the bound framebuffer to an opaque colour.
func (r *ImguiRenderer) PreRender(clearColor [3]float32) {
	r.ctx.Clear(clearColor[0], clearColor[1], clearColor[2], 1)
}

// Render draws drawData into the bound framebuffer of framebufferSize pixels,
// which shows displaySize imgui units. Where a unit is several pixels (macOS,
// Wayland) fonts are drawn at 1/scale from the next frame on: they were
// rasterised at pixel size, and imgui would otherwise scale them up again.
func (r *ImguiRenderer) Render(displaySize, framebufferSize [2]float32, drawData imgui.DrawData) {
	fbW, fbH := int(framebufferSize[0]), int(framebufferSize[1])
	if fbW <= 0 || fbH <= 0 || displaySize[0] <= 0 || displaySize[1] <= 0 || !drawData.Valid() {
		return // minimised
	}
	sx, sy := framebufferSize[0]/displaySize[0], framebufferSize[1]/displaySize[1]
	if s := max(sx, 1); s != r.fbScale {
		r.fbScale = s
		imgui.CurrentIO().SetFontGlobalScale(1 / s)
	}
	// Display units (origin at DisplayPos, y down) to clip space.
	pos := drawData.DisplayPos()
	r.prog.SetVec4("proj", [4]float32{
		2 / displaySize[0], -2 / displaySize[1],
		-1 - 2*pos.X/displaySize[0], 1 + 2*pos.Y/displaySize[1]})
	r.ctx.Begin2D(r.prog, r.verts, fbW, fbH)
	defer r.ctx.End2D()
	for _, list := range drawData.CommandLists() {
		vp, vn := list.VertexBuffer()
		ip, in := list.IndexBuffer()
		r.verts.Upload(unsafe.Slice((*byte)(vp), vn), unsafe.Slice((*byte)(ip), in))
		for _, cmd := range list.Commands() {
			if cmd.HasUserCallback() {
				cmd.CallUserCallback(list)
				continue
			}
			clip := cmd.ClipRect() // display units: X, Y min; Z, W max
			x0, y0 := max(int((clip.X-pos.X)*sx), 0), max(int((clip.Y-pos.Y)*sy), 0)
			x1, y1 := min(int((clip.Z-pos.X)*sx), fbW), min(int((clip.W-pos.Y)*sy), fbH)
			if cmd.ElementCount() == 0 || x1 <= x0 || y1 <= y0 {
				continue
			}
			r.ctx.Scissor(x0, fbH-y1, x1-x0, y1-y0)
			id := uintptr(cmd.TextureID())
			r.ctx.BindTexture(shaders.UITextureUnit, uint64(id&^nearestBit), id&nearestBit != 0)
			r.ctx.DrawElements(r.verts, cmd.ElementCount(), cmd.IndexOffset(), cmd.VertexOffset())
		}
	}
}

// Dispose frees the renderer's GPU objects (the program stays in the
// context's cache until it closes).
func (r *ImguiRenderer) Dispose() {
	if r == nil {
		return
	}
	r.verts.Delete()
	r.font.Delete()
	r.verts, r.font = nil, nil
}
