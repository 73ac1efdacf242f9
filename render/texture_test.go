package render

import (
	"testing"
	"testing/fstest"

	"speckle/gpu"
	"speckle/rng"
	"speckle/shaders"
)

// A compute shader's imageStore into each texture format comes back through
// the typed handle texel for texel.
func TestTextureRoundTrip(t *testing.T) {
	const w, h = 37, 19 // not multiples of anything
	kernels := fstest.MapFS{"img.comp": {Data: []byte(`layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, IMAGE_FORMAT) uniform writeonly image2D img;
void main() {
	ivec2 p = ivec2(gl_GlobalInvocationID.xy);
	if (p.x >= imageSize(img).x || p.y >= imageSize(img).y) return;
	imageStore(img, p, vec4(float(p.x) / 64.0, float(p.y) / 32.0, 0.25, 1.0));
}
`)}}
	for _, f := range []struct {
		format gpu.TextureFormat
		glsl   string
	}{{gpu.RGBA32F, "rgba32f"}, {gpu.RGBA8, "rgba8"}} {
		src, err := shaders.Resolve(kernels, rng.GLSL, "img.comp", "", map[string]string{"IMAGE_FORMAT": f.glsl})
		if err != nil {
			t.Fatal(err)
		}
		var floats []float32
		var bytes []byte
		onGL(t, func(c *gpu.Context) error {
			p, err := c.Compute(src)
			if err != nil {
				return err
			}
			tex, err := c.NewTexture(w, h, f.format)
			if err != nil {
				return err
			}
			defer tex.Delete()
			tex.BindImage(0)
			if err := c.Dispatch2D(p, w, h); err != nil {
				return err
			}
			if f.format == gpu.RGBA32F {
				floats, err = tex.ReadFloats()
			} else {
				bytes, err = tex.ReadBytes()
			}
			return err
		})
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				want := [4]float32{float32(x) / 64, float32(y) / 32, 0.25, 1}
				for k := 0; k < 4; k++ {
					i := (y*w+x)*4 + k
					var got float32
					if floats != nil {
						got = floats[i]
					} else {
						got = float32(bytes[i]) / 255
					}
					if d := got - want[k]; d > 0.5001/255 || d < -0.5001/255 || (floats != nil && d != 0) {
						t.Fatalf("%s texel (%d,%d) channel %d: %v, want %v", f.glsl, x, y, k, got, want[k])
					}
				}
			}
		}
	}
}
