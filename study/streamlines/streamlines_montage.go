package streamlines

import (
	"encoding/csv"
	"fmt"
	"image"
	"io"
	"strconv"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/render"
	"speckle/study"
)

// Montaged is what a montage wrote.
type Montaged struct {
	Images int     // one PNG per cell
	Max    float32 // the top of the one colour scale of every cell
}

// statsHeader are the columns of a montage's stats.csv, one row per cell.
var statsHeader = []string{"field", "generator", "options", "jitter", "width", "height", "density", "step", "max_steps",
	"seed", "shared_streams", "streamlines", "steps", "stalled", "left", "max_steps_reached", "mean_length_px", "seconds",
	"rms_log_diff"}

// cell is one generator × jitter of a montage.
type cell struct {
	s    *render.Streamlines
	t    Traced
	vals []float64
}

// WriteMontage traces every generator at every jitter and writes into
// batch a PNG per cell, montage.png (rows: generators, columns: jitters,
// one colour scale; a single row of generators for one jitter) and
// stats.csv. The caller commits the batch.
func (o Streamlines) WriteMontage(c *gpu.Context, batch *imageio.Batch) (Montaged, error) {
	cells, top, err := o.traceAll(c)
	defer func() {
		for _, row := range cells {
			for _, x := range row {
				x.s.Close()
			}
		}
	}()
	if err != nil {
		return Montaged{}, err
	}
	if err := o.writeCells(c, batch, cells, top); err != nil {
		return Montaged{}, err
	}
	if err := o.writeStats(batch, cells); err != nil {
		return Montaged{}, err
	}
	return Montaged{Images: len(o.Specs) * len(o.Jitters), Max: top}, nil
}

// traceAll traces every cell and returns them with the largest map value.
func (o Streamlines) traceAll(c *gpu.Context) ([][]cell, float32, error) {
	per := o.perCell()
	total := per * int64(len(o.Specs)*len(o.Jitters))
	cells := make([][]cell, len(o.Specs))
	top := float32(0)
	for i, sp := range o.Specs {
		for j, jit := range o.Jitters {
			s, t, err := o.trace(c, o.Config(sp, jit), int64(i*len(o.Jitters)+j)*per, total)
			if err != nil {
				return cells, 0, fmt.Errorf("%s, jitter %g: %v", o.Label(sp), jit, err)
			}
			t.Label = o.Label(sp)
			cells[i] = append(cells[i], cell{s: s, t: t})
			m, err := s.MapMax(o.Map)
			if err != nil {
				return cells, 0, err
			}
			top = max(top, m)
			if cells[i][j].vals, err = mapValues(s, o.Map); err != nil {
				return cells, 0, err
			}
		}
	}
	return cells, top, nil
}

// writeCells writes each cell's PNG on the one scale 0..top, and the montage.
func (o Streamlines) writeCells(c *gpu.Context, batch *imageio.Batch, cells [][]cell, top float32) error {
	opt := o.Display
	opt.Max = top
	pics := make([][]*image.NRGBA, len(cells))
	var genLabels, jitLabels []string
	for _, j := range o.Jitters {
		jitLabels = append(jitLabels, "jitter "+strconv.FormatFloat(j, 'g', -1, 64))
	}
	for i, sp := range o.Specs {
		genLabels = append(genLabels, o.Label(sp))
		for j, jit := range o.Jitters {
			img, err := mapImage(c, cells[i][j].s, o.Map, opt)
			if err != nil {
				return err
			}
			path, err := batch.Path(o.CellFile(sp, jit))
			if err != nil {
				return err
			}
			if err := imageio.WritePNG(path, img); err != nil {
				return err
			}
			pics[i] = append(pics[i], imageio.Shrink(img, imageio.MontageCellWidth))
		}
	}
	rowLabels, colLabels := genLabels, jitLabels
	if len(o.Jitters) == 1 { // one row of generators reads better than a column
		row := make([]*image.NRGBA, len(pics))
		for i, r := range pics {
			row[i] = r[0]
		}
		pics, rowLabels, colLabels = [][]*image.NRGBA{row}, jitLabels, genLabels
	}
	bar, err := o.colorBar(top)
	if err != nil {
		return err
	}
	path, err := batch.Path("montage.png")
	if err != nil {
		return err
	}
	// Rows of generators are labelled in their colours (one row of them:
	// the rows are jitters, in the labels' plain colour).
	g := imageio.Grid{Cells: pics, RowLabels: rowLabels, ColLabels: colLabels, Title: o.title(), Bar: bar, SeriesRows: len(o.Jitters) > 1}
	return imageio.WritePNG(path, g.Draw())
}

// colorBar is the montage's one colour scale, 0 to top, in the map's units.
func (o Streamlines) colorBar(top float32) (*imageio.ColorBar, error) {
	name, log := o.Display.Resolve(o.Map)
	cm, err := imageio.LookupColormap(name)
	if err != nil {
		return nil, err
	}
	label := o.Map.String() + ": " + o.Map.Unit()
	if log {
		label += ", log scale"
	}
	return &imageio.ColorBar{Map: cm, Lo: 0, Hi: float64(top), Log: log, Label: label}, nil
}

func (o Streamlines) title() string {
	streams := "shared streams"
	if o.Params.IndependentStreams {
		streams = "independent streams"
	}
	return fmt.Sprintf("%s, %s map, %dx%d, density %d, step %g, %s", o.Field.Name(), o.Map, o.Width, o.Height, o.Params.Density, o.Params.Step, streams)
}

// writeStats writes stats.csv: a row per cell, rms_log_diff against the
// first generator at the same jitter.
func (o Streamlines) writeStats(batch *imageio.Batch, cells [][]cell) error {
	var rows [][]string
	for i, sp := range o.Specs {
		for j, jit := range o.Jitters {
			x := cells[i][j]
			cfg, st := x.t.Config, x.t.Stats
			rows = append(rows, []string{o.Field.Name(), sp.Gen.Name, study.OptionsText(sp), strconv.FormatFloat(jit, 'g', -1, 64),
				strconv.Itoa(o.Width), strconv.Itoa(o.Height), strconv.Itoa(cfg.Density), strconv.FormatFloat(float64(cfg.Step), 'g', -1, 32),
				strconv.Itoa(cfg.MaxSteps), strconv.FormatUint(uint64(cfg.RNG.Seed), 10), strconv.FormatBool(!cfg.IndependentStreams),
				strconv.FormatInt(st.Streamlines, 10), strconv.FormatInt(st.Steps, 10), strconv.FormatInt(st.Stalled, 10),
				strconv.FormatInt(st.Left, 10), strconv.FormatInt(st.MaxSteps, 10), strconv.FormatFloat(st.MeanLength(cfg.Step), 'f', 3, 64),
				imageio.FormatSeconds(x.t.Seconds), strconv.FormatFloat(rMSLogDiff(x.vals, cells[0][j].vals), 'f', 4, 64)})
		}
	}
	path, err := batch.Path("stats.csv")
	if err != nil {
		return err
	}
	return imageio.WriteFileAtomic(path, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		cw.Write(statsHeader)
		cw.WriteAll(rows)
		return cw.Error()
	})
}
