package capture

import (
	"errors"
	"fmt"
	"image"
	"math"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/units"
	"speckle/render"
	"speckle/rng"
	"speckle/study"
)

// MaxSeeds bounds Capture.Seeds: a band over more seeds says no more.
const MaxSeeds = rng.MaxReplicates

// Capture renders each generator progressively and takes an image at each
// photon count: the images (LABEL-COUNT.png, and .pfm with HDR), the
// montages, convergence.csv, where the scene has a reference the plot
// (convergence.png, .svg, .pdf), and the animation, all into Set, which
// replaces its folder's earlier set whole at the end.
type Capture struct {
	study.Setup
	Specs []rng.Spec
	At    []int64 // photon counts, ascending; nil: AutoStops for the device
	// Seeds is how many independent renders each generator makes (0: auto,
	// autoSeeds: BandSeeds where time allows, else 1): with
	// rng.ReplicateSeed(s, 0..Seeds-1), where s is the generator's own seed
	// (NAME:seed=S) or Setup.Seed: s, s+1, ..., but s, s+2^26, ... for
	// lehmer (s+2^24 randu), whose seed s+1 would draw s's streams again.
	// The first seed's renders make the images; every seed's error goes
	// into the mean and band of the CSV and plot.
	Seeds     int
	Heatmaps  bool // heatmap.png: each cell's error against the reference
	NoMontage bool // leaves montage.png out (a capture of heatmaps only)
	HDR       bool // LABEL-COUNT.pfm: each cell's linear radiance
	Animate   Animation
	// Caption is paragraphs under montage.png: what to look at (the default
	// comparison names its artifacts there).
	Caption  []string
	Set      *imageio.Batch
	Progress study.Progress
	Warn     func(string) // hears what the capture leaves out, and why
}

// Animation is how a capture animates its convergence, one frame per count.
type Animation int

const (
	NoAnimation   Animation = iota
	AnimateGIF              // animation.gif
	AnimateFrames           // frame-001.png, frame-002.png, ...
)

// Captured is what a capture wrote.
type Captured struct {
	Images int      // cell images (PNG)
	Files  []string // the rest, in the order written: montages, CSV, plots, animation
	// Reference is where the errors' reference came from (its photon count
	// and file, or "analytic"); "" where there was none.
	Reference string
}

// Check refuses bad options before any GPU work: a generator that will not
// render, or two that would draw the same picture or write the same files.
func (o Capture) Check() error {
	if o.Seeds < 0 || o.Seeds > MaxSeeds {
		return study.Inputf("--seeds must be 1 to %d (got %d)", MaxSeeds, o.Seeds)
	}
	if err := o.CheckMetric(); err != nil {
		return err
	}
	files := map[string]string{}
	for _, sp := range o.Specs {
		if _, err := o.Config(sp); err != nil {
			return err
		}
		if prev, ok := files[sp.FileName()]; ok {
			if prev == sp.String() {
				return study.Inputf("--gens %s is named twice (once the options given for all generators apply)", sp)
			}
			return study.Inputf("--gens: %s and %s would both write %s-*.png", prev, sp, sp.FileName())
		}
		files[sp.FileName()] = sp.String()
	}
	if err := o.checkSeeds(); err != nil {
		return err
	}
	return o.CheckReference()
}

// checkSeeds refuses a seed stepped past 2^32-1 (it would wrap to 0) and two
// generators that would render one seed alike (philox and philox:seed=1
// under --seed 1): the same image twice.
func (o Capture) checkSeeds() error {
	n := max(o.Seeds, 1)
	drawn := map[string]rng.Spec{}
	for _, sp := range o.Specs {
		if _, err := sp.Gen.ReplicateSeed(o.baseSeed(sp), n-1); err != nil {
			return study.Inputf("--seeds %d from %s's seed %d would pass %d, the largest seed: start lower or take fewer", n, sp, o.baseSeed(sp), uint32(math.MaxUint32))
		}
		for k := range n {
			d := o.seeded(sp, k)
			key := d.Drawn(o.Seed)
			if first, ok := drawn[key]; ok {
				return study.Inputf("--gens %s and %s would render the same image (%s, seed %d): give one another seed", first, sp, sp.Gen.Name, d.Config(1, o.Seed).Seed)
			}
			drawn[key] = sp
		}
	}
	return nil
}

// Run renders and writes the set.
func (o Capture) Run(c *gpu.Context) (Captured, error) {
	o, err := o.Resolved(c.Info)
	if err != nil {
		return Captured{}, err
	}
	return o.Gather(func(record func(u int, s Shot) error) error {
		for u := range o.Units() {
			if err := o.RenderUnit(c, u, func(s Shot) error { return record(u, s) }); err != nil {
				return err
			}
		}
		return nil
	})
}

// Resolved is o checked, with what the device decides fixed: the counts
// (At) and the photons per iteration, so that every device renders a unit
// of it alike.
func (o Capture) Resolved(info gpu.Info) (Capture, error) {
	if err := o.Check(); err != nil {
		return o, err
	}
	o.Metric = o.ChosenMetric()
	if o.At == nil {
		o.At = study.AutoStops(info)
		if o.Status != nil {
			o.Status(study.AutoStopsText(info, o.At))
		}
	}
	if o.Seeds == 0 { // the plot says when it has one seed and no band
		o.Seeds, _ = o.autoSeeds(info)
	}
	// Refused before the reference, which may take a while to compute.
	if err := study.CheckIterations(o.At[len(o.At)-1], o.iteration(info), len(o.At)); err != nil {
		return o, err
	}
	o.PhotonsPerIteration = o.iteration(info)
	return o, nil
}

// Gather writes the set of a resolved capture from its units' shots, which
// renderUnits hands to record in any order of units (each unit's in order).
func (o Capture) Gather(renderUnits func(record func(u int, s Shot) error) error) (Captured, error) {
	ref, where, err := o.LoadReference()
	if errors.Is(err, render.ErrOtherScene) {
		where = err.Error()
	} else if err != nil {
		return Captured{}, err
	}
	if ref == nil && o.Warn != nil {
		o.Warn(where + "; " + o.Metric.Short() + " left out")
		if o.Heatmaps {
			o.Warn("no reference: heatmap.png left out")
		}
	}
	if ref != nil {
		imageio.RecordReference(where)
	}
	t := table{ref: ref, where: where}
	for _, sp := range o.Specs {
		t.rowLabels = append(t.rowLabels, sp.Label())
		t.cells = append(t.cells, make([]capturedCell, len(o.At)))
	}
	if err := renderUnits(func(u int, s Shot) error { return o.record(&t, u, s) }); err != nil {
		return Captured{}, err
	}
	files, err := o.writeSummary(&t)
	if err != nil {
		return Captured{}, err
	}
	res := Captured{Images: len(o.Specs) * len(o.At), Files: files}
	if ref != nil {
		res.Reference = where
	}
	return res, o.Set.Commit()
}

// table is what a capture has taken so far.
type table struct {
	ref       *imageio.Image
	where     string
	rowLabels []string
	cells     [][]capturedCell // per generator, per count
}

// capturedCell is one generator at one count: the first seed's pictures,
// and every seed's error and time.
type capturedCell struct {
	photons  int64
	image    *image.NRGBA  // tone mapped
	radiance imageio.Image // kept for the heatmap
	errs     []float64     // by the capture's metric, per seed
	rmses    []float64     // RMSE, per seed
	flies    []float64     // fireflies (imageio.Fireflies), per seed
	secs     []float64
}

// iteration is the photons per iteration: the one given, or the device's
// size divided to end at the counts.
func (o Capture) iteration(info gpu.Info) int {
	if o.PhotonsPerIteration > 0 {
		return o.PhotonsPerIteration
	}
	return study.DividingIteration(o.Iteration(info), o.At)
}

// seeded is sp's k-th replicate: rng.ReplicateSeed of its own (or the
// common) seed, so that replicates share no stream (checkSeeds has
// refused a k it cannot give).
func (o Capture) seeded(sp rng.Spec, k int) rng.Spec {
	if k == 0 {
		return sp
	}
	sp.Seed, _ = sp.Gen.ReplicateSeed(o.baseSeed(sp), k)
	sp.HasSeed = true
	return sp
}

// baseSeed is sp's own seed, or the common one.
func (o Capture) baseSeed(sp rng.Spec) uint32 {
	if sp.HasSeed {
		return sp.Seed
	}
	return o.Seed
}

// writeCell writes the first seed's pictures of a cell and keeps what the
// montages need.
func (o Capture) writeCell(cell *capturedCell, img imageio.Image, file string, at int64, hasRef bool) error {
	name := fmt.Sprintf("%s-%s", file, units.FormatCount(at))
	cell.image = img.ToneMap(o.ToneExposure())
	if o.Heatmaps && hasRef {
		cell.radiance = img
	}
	if o.HDR {
		path, err := o.Set.Path(name + ".pfm")
		if err != nil {
			return err
		}
		if err := imageio.WritePFM(path, img); err != nil {
			return err
		}
	}
	path, err := o.Set.Path(name + ".png")
	if err != nil {
		return err
	}
	return imageio.WritePNG(path, cell.image)
}
