package streamlines

import (
	"fmt"
	"image"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes"
	"speckle/scenes/flow"
	"speckle/study"
)

// Streamlines compares generators driving slm's jittered streamlines
// (compute_step_vec_jittered) over a flow field: one picture of one
// generator and jitter, or a montage of every generator × jitter with a
// picture and a stats.csv row per cell, or a bench (StreamlineBench).
type Streamlines struct {
	Field   flow.Field
	Specs   []rng.Spec
	Jitters []float64 // the jitter of each column; Params.Jitter is ignored
	// Params: density, step, max steps (0: enough to cross the image once),
	// independent streams.
	Params        flow.Params
	Width, Height int
	Seed          uint32 // of each generator without a seed of its own
	Map           render.StreamlineMap
	Display       render.MapOptions
	Progress      study.Progress // streamlines traced
}

// IsMontage reports whether the study has more than one cell.
func (o Streamlines) IsMontage() bool { return len(o.Specs) > 1 || len(o.Jitters) > 1 }

// Config is the trace of sp at jitter: the command-wide options and seed
// under sp's own.
func (o Streamlines) Config(sp rng.Spec, jitter float64) render.StreamlineConfig {
	p := o.Params
	p.Jitter = float32(jitter)
	return render.StreamlineConfig{Width: o.Width, Height: o.Height, Params: p, RNG: sp.Seeded(o.Seed)}
}

// Label names sp with the command-wide options that apply to it.
func (o Streamlines) Label(sp rng.Spec) string { return sp.Label() }

// CellFile names a montage cell's PNG: "lehmer-slm-jitter0.5.png".
func (o Streamlines) CellFile(sp rng.Spec, jitter float64) string {
	return sp.FileName() + "-jitter" + strconv.FormatFloat(jitter, 'g', -1, 64) + ".png"
}

// Check refuses bad options before any GPU work: parameters at every
// jitter, each generator's configuration, a montage cell named twice.
func (o Streamlines) Check() error {
	if len(o.Specs) == 0 || len(o.Jitters) == 0 {
		return study.Inputf("no generator or no jitter to trace")
	}
	p := o.Params
	p.MaxSteps = max(p.MaxSteps, 1) // 0 is auto, sized by the config's check
	for _, j := range o.Jitters {
		p.Jitter = float32(j)
		if err := p.Check(); err != nil {
			return study.Inputf("%v", err)
		}
	}
	seen, same := map[string]bool{}, map[string]rng.Spec{}
	for _, sp := range o.Specs {
		cfg := o.Config(sp, o.Jitters[0])
		if err := cfg.Check(); err != nil {
			return study.Inputf("%v", err)
		}
		// philox and philox:seed=1 under --seed 1: the same numbers twice.
		drawn := cfg.RNG.Identity()
		if first, ok := same[drawn]; ok {
			return study.Inputf("%s and %s draw the same numbers (seed %d): give one another seed", o.Label(first), o.Label(sp), cfg.RNG.Seed)
		}
		same[drawn] = sp
		for _, j := range o.Jitters {
			name := o.CellFile(sp, j)
			if seen[name] {
				return study.Inputf("--gens and --jitters list %s, jitter %g twice", o.Label(sp), j)
			}
			seen[name] = true
		}
	}
	return nil
}

// DefaultOut is where the study goes unless told: screenshots/<field>-<generator>.png,
// or the folder screenshots/streamlines-<field> for a montage.
func (o Streamlines) DefaultOut() (string, error) {
	if o.IsMontage() {
		return "screenshots/streamlines-" + fieldBase(o.Field.Name()), nil
	}
	name := fieldBase(o.Field.Name()) + "-" + o.Specs[0].FileName() + ".png"
	if !filepath.IsLocal(name) || filepath.Base(name) != name {
		return "", study.Inputf("%q cannot name a file in screenshots: give --out", name)
	}
	return "screenshots/" + name, nil
}

// fieldBase names a field in file names: a file's base name without
// extension, made safe as scene names are ("my field.txt" → "my_field").
func fieldBase(name string) string {
	b := filepath.Base(name)
	return scenes.SafeName(strings.TrimSuffix(b, filepath.Ext(b)))
}

// perCell is the streamlines one trace draws.
func (o Streamlines) perCell() int64 {
	return int64(o.Width) * int64(o.Height) * int64(o.Params.Density*o.Params.Density)
}

// Traced is one trace: its configuration (MaxSteps filled in), what it
// did and how long it took.
type Traced struct {
	Label   string
	Config  render.StreamlineConfig
	Stats   flow.Stats
	Seconds float64
}

// String describes the trace in one line, as the command prints it.
func (t Traced) String() string {
	st, c := t.Stats, t.Config
	return fmt.Sprintf("%dx%d, density %d, jitter %g, step %g: %d streamlines, %d steps (stalled %d, left %d, max-steps %d), mean length %.1f px; %.2f s (%.3g steps/s)",
		c.Width, c.Height, c.Density, c.Jitter, c.Step, st.Streamlines, st.Steps, st.Stalled, st.Left, st.MaxSteps,
		st.MeanLength(c.Step), t.Seconds, float64(st.Steps)/t.Seconds)
}

// trace runs one whole trace, reporting progress from done of total.
func (o Streamlines) trace(c *gpu.Context, cfg render.StreamlineConfig, done, total int64) (*render.Streamlines, Traced, error) {
	s, err := render.NewStreamlines(c, o.Field, cfg)
	if err != nil {
		return nil, Traced{}, err
	}
	start := time.Now()
	chunk := s.DefaultChunk()
	for !s.Done() {
		if _, err := s.Trace(chunk); err != nil {
			s.Close()
			return nil, Traced{}, err
		}
		c.Finish()
		n, _ := s.Progress()
		o.Progress.Report(done+int64(n), total)
	}
	return s, Traced{Config: s.Cfg, Stats: s.Stats(), Seconds: time.Since(start).Seconds()}, nil
}

// WritePicture traces the first generator at the first jitter and writes
// its map to path, a PNG.
func (o Streamlines) WritePicture(c *gpu.Context, path string) (Traced, error) {
	sp := o.Specs[0]
	s, t, err := o.trace(c, o.Config(sp, o.Jitters[0]), 0, o.perCell())
	if err != nil {
		return t, err
	}
	defer s.Close()
	img, err := mapImage(c, s, o.Map, o.Display)
	if err != nil {
		return t, err
	}
	t.Label = o.Label(sp)
	return t, imageio.WritePNG(path, img)
}

// mapImage colours map m of s on the GPU and reads it back.
func mapImage(c *gpu.Context, s *render.Streamlines, m render.StreamlineMap, opt render.MapOptions) (*image.NRGBA, error) {
	tex, err := c.NewTexture(s.Cfg.Width, s.Cfg.Height, gpu.RGBA8)
	if err != nil {
		return nil, err
	}
	defer tex.Delete()
	if err := s.Display(tex, m, opt); err != nil {
		return nil, err
	}
	px, err := tex.ReadBytes()
	if err != nil {
		return nil, err
	}
	return &image.NRGBA{Pix: px, Stride: 4 * s.Cfg.Width, Rect: image.Rect(0, 0, s.Cfg.Width, s.Cfg.Height)}, nil
}

// mapValues reads a map back as numbers.
func mapValues(s *render.Streamlines, m render.StreamlineMap) ([]float64, error) {
	var out []float64
	if m == render.DensityMap {
		d, err := s.Density()
		for _, v := range d {
			out = append(out, float64(v))
		}
		return out, err
	}
	l, err := s.Lengths()
	for _, v := range l {
		out = append(out, float64(v))
	}
	return out, err
}

// rMSLogDiff is the RMS difference of log(1 + v) between two maps of the
// same size: how far apart two cells are, pixel by pixel (another seed of
// one generator gives the noise floor).
func rMSLogDiff(a, b []float64) float64 {
	sum := 0.0
	for i := range a {
		d := math.Log1p(a[i]) - math.Log1p(b[i])
		sum += d * d
	}
	return math.Sqrt(sum / float64(max(len(a), 1)))
}
