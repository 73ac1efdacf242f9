package gpu

// What the external tests (package gpu_test, which imports gltest and so
// cannot be package gpu) look at inside a Framebuffer; the program does not.

// Size is the framebuffer's size in pixels.
func (f *Framebuffer) Size() (w, h int) { return f.color.Width, f.color.Height }

// Texture is the colour attachment.
func (f *Framebuffer) Texture() *Texture { return f.color }
