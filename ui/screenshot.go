package ui

import (
	"image"

	"speckle/gpu"
)

// Screenshot reads the frame just rendered for p: a headless platform's
// framebuffer, or a window's back buffer (call it before PostRender swaps
// it away). The image's top row is the top of the frame, in pixels
// (FramebufferSize).
func Screenshot(ctx *gpu.Context, p Platform) (*image.RGBA, error) {
	if h, ok := p.(*Headless); ok {
		h.fb.Bind()
	}
	size := p.FramebufferSize()
	w, h := int(size[0]), int(size[1])
	px, err := ctx.ReadPixels(w, h)
	if err != nil {
		return nil, err
	}
	return &image.RGBA{Pix: px, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}, nil
}
