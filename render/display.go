package render

import (
	"fmt"
	"math"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/suggest"
	"speckle/shaders"
)

// View is what a pane of the window, or a column of a lesson's figure,
// shows of a render.
type View string

const (
	ViewImage     View = "image"     // the tone-mapped render
	ViewHeatmap   View = "heatmap"   // relative error against the reference
	ViewMagnifier View = "magnifier" // a zoomed crop around the focus point
)

// Views in the order the UI offers them.
var Views = []View{ViewImage, ViewHeatmap, ViewMagnifier}

// ParseView reads a view's name.
func ParseView(s string) (View, error) {
	for _, v := range Views {
		if string(v) == s {
			return v, nil
		}
	}
	names := make([]string, len(Views))
	for i, v := range Views {
		names[i] = string(v)
	}
	if h := suggest.Hint(s, names); h != "" {
		return "", fmt.Errorf("view %q: want image, heatmap or magnifier (%s)", s, h)
	}
	return "", fmt.Errorf("view %q: want image, heatmap or magnifier", s)
}

// DisplayMode is what Display shows.
type DisplayMode int

const (
	// DisplayImage: radiance times Exposure, tone mapped as imageio.ToneMap.
	DisplayImage DisplayMode = iota
	// DisplayHeatmap: each pixel's relative error against Reference (the RMS
	// over R, G, B of (L - Lref) / sqrt(Lref² + imageio.RelEpsilon):
	// the relative RMSE's term, finite where the reference is black) through
	// imageio.Colormap, ErrorScale at the top; as imageio.Heatmap(…, true, …).
	DisplayHeatmap
	// DisplayHeatmapAbs: the same with the absolute error, the RMS over R,
	// G, B of L - Lref (RMSE's term); as imageio.Heatmap(…, false, …).
	DisplayHeatmapAbs
)

// DisplayOptions configure Display. A pixel with a NaN or infinite channel
// (in the image or the reference) shows magenta in every mode.
type DisplayOptions struct {
	Mode       DisplayMode
	Exposure   float32      // DisplayImage: multiplies radiance (0 gives black, as ToneMap)
	Reference  *gpu.Texture // heatmaps: an RGBA32F texture of the render's size
	ErrorScale float32      // heatmaps: the error shown as the top of the colour scale (> 0)
}

// kernel returns the program for kernel with defs, built once per render
// and kept under key (Build resolves includes: not something to redo per frame).
func (s *SPPM) kernel(key, kernel string, defs map[string]string) (*gpu.Program, error) {
	if p, ok := s.kernels[key]; ok {
		return p, nil
	}
	src, err := shaders.Build(kernel, "", defs)
	if err != nil {
		return nil, err
	}
	p, err := s.ctx.Compute(src)
	if err != nil {
		return nil, err
	}
	if s.kernels == nil {
		s.kernels = map[string]*gpu.Program{}
	}
	s.kernels[key] = p
	return p, nil
}

// checkRef reports a reference texture that cannot be compared with the render.
func (s *SPPM) checkRef(ref *gpu.Texture) error {
	switch {
	case ref == nil:
		return fmt.Errorf("no reference image")
	case ref.Format != gpu.RGBA32F:
		return fmt.Errorf("the reference must be an RGBA32F texture")
	case ref.Width != s.Cfg.Width || ref.Height != s.Cfg.Height:
		return fmt.Errorf("reference of %dx%d for a %dx%d render", ref.Width, ref.Height, s.Cfg.Width, s.Cfg.Height)
	}
	return nil
}

// Display draws the current estimate (the last closed iteration's; black
// before the first) into dst, an RGBA8 texture of the render's size, as
// d.Mode says: the UI shows it without reading the image back.
func (s *SPPM) Display(dst *gpu.Texture, d DisplayOptions) error {
	if dst == nil || dst.Format != gpu.RGBA8 || dst.Width != s.Cfg.Width || dst.Height != s.Cfg.Height {
		return fmt.Errorf("Display needs an RGBA8 texture of %dx%d", s.Cfg.Width, s.Cfg.Height)
	}
	var defs map[string]string
	switch d.Mode {
	case DisplayImage:
		if math.IsNaN(float64(d.Exposure)) || math.IsInf(float64(d.Exposure), 0) {
			return fmt.Errorf("exposure %v is not a number", d.Exposure)
		}
	case DisplayHeatmap, DisplayHeatmapAbs:
		if err := s.checkRef(d.Reference); err != nil {
			return err
		}
		if !(d.ErrorScale > 0) || math.IsInf(float64(d.ErrorScale), 0) {
			return fmt.Errorf("error scale must be a positive number (got %v)", d.ErrorScale)
		}
		defs = map[string]string{"HEATMAP": "1"}
		if d.Mode == DisplayHeatmap {
			defs["ERROR_REL"] = "1"
		}
	default:
		return fmt.Errorf("unknown display mode %d", d.Mode)
	}
	p, err := s.kernel(fmt.Sprint("display", d.Mode), "display.comp", defs)
	if err != nil {
		return err
	}
	// Uniforms are program state, and the program is shared by every render
	// on the context: set them for each call.
	p.SetFloat("exposure", d.Exposure)
	p.SetFloat("error_scale", d.ErrorScale)
	s.image.BindImageRead(shaders.RadianceImageUnit)
	dst.BindImage(shaders.DisplayImageUnit)
	if d.Reference != nil && d.Mode != DisplayImage {
		d.Reference.BindImageRead(shaders.ReferenceImageUnit)
		if s.heatLut == nil {
			if s.heatLut, err = newColormapBuffer(s.ctx, imageio.HeatColormap()); err != nil {
				return err
			}
		}
		s.heatLut.Bind(shaders.ColormapBinding)
	}
	if err := s.ctx.Dispatch2D(p, s.Cfg.Width, s.Cfg.Height); err != nil {
		return err
	}
	s.ctx.SampleBarrier()
	return nil
}

// rmsePerGroup is how many pixels one work group of image_rmse.comp sums.
const rmsePerGroup = shaders.RMSEGroupSize * shaders.RMSEPerInvocation

// RMSE is imageio.RMSE of the current estimate against ref (an RGBA32F
// texture of the render's size), computed on the GPU: work groups sum
// squared differences in float32, Go adds their partial sums in float64, so
// only a few kilobytes come back. NaN or Inf in either image gives NaN or Inf.
func (s *SPPM) RMSE(ref *gpu.Texture) (float64, error) { return s.rmse(ref, false) }

// relRMSE is the relative RMSE of the current estimate against ref (the RMS
// of imageio.PixelError, relative), as RMSE.
func (s *SPPM) relRMSE(ref *gpu.Texture) (float64, error) { return s.rmse(ref, true) }

func (s *SPPM) rmse(ref *gpu.Texture, relative bool) (float64, error) {
	if err := s.checkRef(ref); err != nil {
		return 0, err
	}
	if err := s.Check(); err != nil {
		return 0, err
	}
	defs := map[string]string{}
	if relative {
		defs["ERROR_REL"] = "1"
	}
	p, err := s.kernel(fmt.Sprint("rmse", relative), "image_rmse.comp", defs)
	if err != nil {
		return 0, err
	}
	pixels := s.Cfg.Width * s.Cfg.Height
	groups := (pixels + rmsePerGroup - 1) / rmsePerGroup
	if s.rmseOut == nil {
		if s.rmseOut, err = s.ctx.NewBuffer(groups*4, nil); err != nil {
			return 0, err
		}
	}
	p.SetUint("width", uint32(s.Cfg.Width))
	p.SetUint("pixels", uint32(pixels))
	p.SetUint("groups", uint32(groups))
	s.image.BindImageRead(shaders.RadianceImageUnit)
	ref.BindImageRead(shaders.ReferenceImageUnit)
	s.rmseOut.Bind(shaders.RMSEPartialsBinding)
	if err := s.ctx.Dispatch(p, groups*p.LocalSize[0]); err != nil {
		return 0, err
	}
	words := make([]uint32, groups)
	s.rmseOut.Read(0, words)
	var sum float64
	for _, w := range words {
		sum += float64(math.Float32frombits(w))
	}
	return math.Sqrt(sum / float64(3*pixels)), nil
}

// newColormapBuffer uploads cm as the kernels read it at ColormapBinding.
func newColormapBuffer(ctx *gpu.Context, cm *imageio.Colormap) (*gpu.Buffer, error) {
	words := cm.Packed()
	return ctx.NewBuffer(len(words)*4, words)
}
