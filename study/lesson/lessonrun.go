package lesson

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"time"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/units"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes"
	"speckle/study"
)

// LessonRun runs a lesson headless: its generators side by side, one
// iteration each in turn, until the artifact is visible by the lesson's
// criterion (ArtifactVisible) or Budget is spent; then it writes the
// figure: per generator the image, the heatmap and the region magnified,
// with the title, the caption and the measurement below.
type LessonRun struct {
	Lesson
	Width, Height int           // 0: the lesson's Size
	Budget        time.Duration // wall-clock time the measurement may take
	Out           string        // the figure (PNG); "": none
	Step          func(LessonStep)
}

// LessonStep is the measurement after one iteration of every generator.
type LessonStep struct {
	Iterations int
	Photons    int64   // per generator
	Seconds    float64 // wall clock since the renders were built, both traced
	Errors     []float64
	Ratio      float64 // Errors[0] / Errors[last]
}

// LessonResult is how the measurement ended.
type LessonResult struct {
	LessonStep
	Reached bool    // the criterion fired at this step
	Rate    float64 // photons per second of all generators together
	// Pictures are the last images, tone-mapped, the region framed.
	Pictures []*image.NRGBA
	// History is every step's measurement, the figure's error plot.
	History []LessonStep
	// Reference is where the errors' reference came from: its photon count
	// and file (render.StoredReference), or "analytic".
	Reference string
}

// String says what was measured in one line.
func (r LessonResult) String() string {
	if r.Reached {
		return fmt.Sprintf("artifact visible after %.3g s: %d iterations, %s photons per generator (region error ratio %.2f)",
			r.Seconds, r.Iterations, units.FormatCount(r.Photons), r.Ratio)
	}
	return fmt.Sprintf("artifact not visible within %.3g s: %d iterations, %s photons per generator (region error ratio %.2f)",
		r.Seconds, r.Iterations, units.FormatCount(r.Photons), r.Ratio)
}

// HeatmapScale is the relative error at the top of the figure's heatmaps
// (the window's default).
const HeatmapScale = 0.5

// LessonZoom is the magnifier's zoom in a lesson's figure and window.
const LessonZoom = 4

// magnifierRect is what a magnifier of zoom k shows of a w x h image: a
// 1/k crop around focus, kept inside the image (as the window's).
func magnifierRect(w, h, k int, focus [2]float32) image.Rectangle {
	cw, ch := max(1, w/k), max(1, h/k)
	x := min(max(int(focus[0]*float32(w))-cw/2, 0), w-cw)
	y := min(max(int(focus[1]*float32(h))-ch/2, 0), h-ch)
	return image.Rect(x, y, x+cw, y+ch)
}

// RegionError is the root mean square of the heatmap's value, each pixel's
// relative error against ref (imageio.PixelError), over the pixels of rect:
// RelRMSE restricted to rect. The square weighs a structure's large errors
// (an aliased edge, a band) above the noise around it.
func RegionError(img, ref imageio.Image, rect image.Rectangle) float64 {
	var sum float64
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			o := 4 * (y*img.W + x)
			a := [3]float32{img.Pix[o], img.Pix[o+1], img.Pix[o+2]}
			r := [3]float32{ref.Pix[o], ref.Pix[o+1], ref.Pix[o+2]}
			e := imageio.PixelError(a, r, true)
			sum += e * e
		}
	}
	return math.Sqrt(sum / float64(rect.Dx()*rect.Dy()))
}

// RegionErrorAt is RegionError seen at the scale of an artifact cell
// pixels wide: each channel's signed relative error (a-r)/sqrt(r²+eps) is
// averaged over cell x cell tiles of rect before the root mean square, so
// that noise finer than the tile averages away, as the eye averages it
// when it sees bands through the noise, while structure as wide as the
// tile stays. cell 1 or less is RegionError.
func RegionErrorAt(img, ref imageio.Image, rect image.Rectangle, cell int) float64 {
	if cell <= 1 {
		return RegionError(img, ref, rect)
	}
	var sum float64
	tiles := 0
	for ty := rect.Min.Y; ty+cell <= rect.Max.Y; ty += cell {
		for tx := rect.Min.X; tx+cell <= rect.Max.X; tx += cell {
			var mean [3]float64
			for y := ty; y < ty+cell; y++ {
				for x := tx; x < tx+cell; x++ {
					o := 4 * (y*img.W + x)
					for c := range 3 {
						r := float64(ref.Pix[o+c])
						mean[c] += (float64(img.Pix[o+c]) - r) / math.Sqrt(r*r+imageio.RelEpsilon)
					}
				}
			}
			for c := range 3 {
				m := mean[c] / float64(cell*cell)
				sum += m * m / 3
			}
			tiles++
		}
	}
	if tiles == 0 { // a region smaller than one tile: per pixel
		return RegionError(img, ref, rect)
	}
	return math.Sqrt(sum / float64(tiles))
}

// ArtifactVisible is the lessons' criterion: the first generator's region
// error is at least factor times the last's (the control's), errors being
// RegionError's. ratio is errs[0] / errs[last].
func ArtifactVisible(errs []float64, factor float64) (ratio float64, visible bool) {
	ratio = errs[0] / errs[len(errs)-1]
	return ratio, ratio >= factor && !math.IsInf(ratio, 0) && !math.IsNaN(ratio)
}

// size is the run's image size.
func (r LessonRun) size() (w, h int) {
	if r.Width > 0 {
		return r.Width, r.Height
	}
	w, h, _ = units.ParseSize(r.Size, 16, 8192)
	return w, h
}

// setup is the lesson's render setup at the run's size, its reference and
// where that came from (render.ReferenceImage).
func (r LessonRun) setup() (study.Setup, *imageio.Image, string, error) {
	scene, err := scenes.Open(r.Scene)
	if err != nil {
		return study.Setup{}, nil, "", study.Inputf("%v", err)
	}
	if r.Camera != nil {
		scene.Camera = *r.Camera
	}
	w, h := r.size()
	ref, where, err := render.ReferenceImage(scene, w, h)
	if err != nil && r.Camera == nil { // a moved camera is refused below
		return study.Setup{}, nil, "", study.Inputf("lesson %s at %dx%d: %v", r.Name, w, h, err)
	}
	if ref == nil || r.Camera != nil {
		return study.Setup{}, nil, "", study.Inputf("lesson %s at %dx%d: the criterion needs a reference from the scene's camera: %s", r.Name, w, h, where)
	}
	return study.Setup{Scene: scene, Width: w, Height: h, PhotonsPerIteration: r.PhotonsPerIteration, Alpha: 0.7, Seed: LessonSeed}, ref, where, nil
}

// LessonSeed seeds a lesson's generators that set none of their own.
const LessonSeed = 1

// Check refuses a lesson that cannot run before any GPU work.
func (r LessonRun) Check() error {
	_, _, _, _, err := r.checked()
	return err
}

// checked is the run's setup, reference (and where it came from) and
// generators, checked.
func (r LessonRun) checked() (study.Setup, *imageio.Image, string, []rng.Spec, error) {
	if err := r.Lesson.Check(); err != nil {
		return study.Setup{}, nil, "", nil, study.Inputf("lesson %s: %v", r.Name, err)
	}
	s, ref, where, err := r.setup()
	if err != nil {
		return s, nil, "", nil, err
	}
	specs, _ := r.Generators()
	for _, sp := range specs {
		if _, err := s.Config(sp); err != nil {
			return s, nil, "", nil, err
		}
	}
	if r.Budget <= 0 {
		return s, nil, "", nil, study.Inputf("the time budget must be positive")
	}
	return s, ref, where, specs, nil
}

// Run measures and writes the figure.
func (r LessonRun) Run(c *gpu.Context) (LessonResult, error) {
	setup, ref, where, specs, err := r.checked()
	if err != nil {
		return LessonResult{}, err
	}
	renders := make([]*render.SPPM, len(specs))
	defer func() {
		for _, s := range renders {
			if s != nil {
				s.Close()
			}
		}
	}()
	for i, sp := range specs {
		cfg, _ := setup.Config(sp)
		s, err := render.NewSPPM(c, setup.Scene, cfg)
		if err != nil {
			return LessonResult{}, err
		}
		renders[i] = s
	}
	rect := r.Region.Pixels(setup.Width, setup.Height)
	images := make([]imageio.Image, len(specs))
	res := LessonResult{Reference: where}
	imageio.RecordReference(where)
	start := time.Now()
	for !res.Reached && (res.Iterations == 0 || time.Since(start) < r.Budget) {
		res.Errors = make([]float64, len(specs))
		for i, s := range renders {
			if err := s.Iterate(1); err != nil {
				return res, err
			}
			img, err := study.Radiance(s) // reads back: the iteration is done
			if err != nil {
				return res, err
			}
			images[i], res.Errors[i] = img, RegionErrorAt(img, *ref, rect, r.Cell)
		}
		res.Iterations++
		res.Photons = renders[0].Emitted
		res.Seconds = time.Since(start).Seconds()
		res.Ratio, res.Reached = ArtifactVisible(res.Errors, r.Factor)
		res.History = append(res.History, res.LessonStep)
		if r.Step != nil {
			r.Step(res.LessonStep)
		}
	}
	res.Rate = float64(res.Photons) * float64(len(specs)) / res.Seconds
	for _, img := range images {
		res.Pictures = append(res.Pictures, imageio.Outline(img.ToneMap(setup.ToneExposure()), rect, regionColour))
	}
	if r.Out == "" {
		return res, nil
	}
	fig, err := r.figure(setup, specs, images, *ref, rect, res)
	if err != nil {
		return res, err
	}
	return res, imageio.WritePNG(r.Out, fig)
}

// regionColour frames the region on the images.
var regionColour = color.NRGBA{R: 255, G: 64, B: 160, A: 255}

// figure is the montage: a row per generator (image with the region
// framed, heatmap, magnifier on the region's centre), title on top,
// the error's history beside, caption below: a 1920x1080 slide. Cells under
// 640 pixels wide are enlarged (whole pixels), then scaled together to fit.
func (r LessonRun) figure(setup study.Setup, specs []rng.Spec, images []imageio.Image, ref imageio.Image, rect image.Rectangle, res LessonResult) (*image.NRGBA, error) {
	w, h := setup.Width, setup.Height
	lens := magnifierRect(w, h, LessonZoom, r.Region.Centre())
	enlarge := max(1, 640/w)
	big := func(img *image.NRGBA) *image.NRGBA { return imageio.Magnify(img, img.Rect, enlarge) }
	cells := make([][]*image.NRGBA, len(specs))
	labels := make([]string, len(specs))
	for i, img := range images {
		heat, err := imageio.Heatmap(img, ref, true, HeatmapScale)
		if err != nil {
			return nil, err
		}
		png := img.ToneMap(setup.ToneExposure())
		cells[i] = []*image.NRGBA{big(imageio.Outline(png, rect, regionColour)), big(imageio.Outline(heat, rect, regionColour)),
			big(imageio.Magnify(png, lens, LessonZoom))}
		labels[i] = specs[i].Label()
	}
	cols := []string{"image", "relative error", fmt.Sprintf("magnifier x%d", LessonZoom)}
	bar := &imageio.ColorBar{Map: imageio.HeatColormap(), Lo: 0, Hi: HeatmapScale,
		Label: fmt.Sprintf("relative error: RMS over R, G, B of (a-r)/sqrt(r^2+%g), as the window's heatmap; fixed scale, larger errors clipped", imageio.RelEpsilon)}
	title := fmt.Sprintf("%s: %s, %dx%d, %s photons each", r.Title, r.Scene, w, h, units.FormatCount(res.Photons))
	criterion := fmt.Sprintf("Criterion: the RMS of the heatmap in the framed region of %s reaches %g times %s's. %s.",
		labels[0], r.Factor, labels[len(labels)-1], res)
	if r.Cell > 1 {
		criterion = fmt.Sprintf("Criterion: the RMS of the relative error averaged over %dx%d-pixel tiles (the artifact's scale: finer noise averages away, as to the eye) in the framed region of %s reaches %g times %s's. %s.",
			r.Cell, r.Cell, labels[0], r.Factor, labels[len(labels)-1], res)
	}
	grid := imageio.Grid{Cells: cells, RowLabels: labels, ColLabels: cols, Title: title, Bar: bar, SeriesRows: true}
	// A slide (1920x1080): the cells give way, not the text.
	slide := imageio.Slide{Grid: grid, Caption: []string{r.Caption, criterion}}
	if len(res.History) > 1 { // one snapshot cannot show an error standing still: its history can
		slide.Side = errorHistoryPlot(labels, res.History, r.Factor, r.Cell, 620, 560)
	}
	return slide.Draw(), nil
}
