package study

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"speckle/gpu"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes"
)

// RenderBench measures photons per second of each scene with each
// generator, and how the GPU time splits between the passes.
type RenderBench struct {
	Scenes        []*scenes.Scene
	Specs         []rng.Spec
	Width, Height int
	// PhotonsPerIteration: 0 is the photon policy's for the device.
	PhotonsPerIteration int
	// Iterations timed per case: 0 is 30 on a GPU, 2 on a CPU rasteriser.
	Iterations int
	Seed       uint32
	Options    map[string]string // generator options for every generator that has them
	// GridCells are the hash grid's cell sizes to measure, in radii
	// (render.SPPMConfig.GridCell), and Gathers the gathers: each scene and
	// generator runs once per pair. None: the default only.
	GridCells []float32
	Gathers   []render.GridGather
	// Deposits are where photons deposit (render.SPPMConfig.Deposit): each
	// scene, generator and grid runs once per deposit. None: inline only.
	Deposits []render.Deposit
	// Breakdown also times the photon pass cut down (render.PhotonPassPart)
	// to say what bounds it; the deferred deposits, their kernels apart.
	Breakdown bool
	Progress  Progress // in cases
}

// RenderBenchCase is one scene and generator's throughput.
type RenderBenchCase struct {
	Scene       string    `json:"scene"`
	Generator   string    `json:"generator"`
	Width       int       `json:"width"`
	Height      int       `json:"height"`
	Photons     int       `json:"photons_per_iteration"`
	HashGrid    BenchGrid `json:"grid"`
	Deposit     string    `json:"deposit"`
	PhotonsPerS float64   `json:"photons_per_s"`
	BouncesPerS float64   `json:"bounces_per_s"`
	// Shares of GPU time per pass, from separately timed iterations. (Named
	// apart from "grid": JSON readers match keys case-insensitively.)
	Eye       float64          `json:"eye_share"`
	Grid      float64          `json:"grid_share"`
	Photon    float64          `json:"photon_share"`
	Update    float64          `json:"update_share"`
	Breakdown *PhotonBreakdown `json:"photon_breakdown,omitempty"`
}

// PhotonBreakdown splits the photon pass's GPU time per photon (ns). Inline
// into tracing (light sampling, traversal, shading, the generator: the pass
// without its gather), the gather's grid walk and tests (the pass without
// its atomic adds, less tracing) and the atomic adds (the whole pass less
// the walk); Adds is the atomic adds per photon, AddsPerS what the adds
// part does per second. The deferred deposits into the photon pass's kernel
// (tracing, storing hits, depositing inline where a group's region is full:
// TraceNs), the sort's kernels (SortNs, sorted and combined only) and the
// gather kernel (GatherNs; combined, its table and flush too); the rest is
// not measured (0). FullRegions is the share of the
// photon pass's work groups (of its last dispatch) whose hit region filled,
// so that they deposited the rest inline.
//
// WalkNs and AtomicsNs are differences of two timed passes; WalkNoiseNs and
// AtomicsNoiseNs are their noise, the two passes' half-ranges over the
// timed iterations added. A difference no larger than its noise (negative
// ones included) is not a measurement, and the table says "<noise".
type PhotonBreakdown struct {
	TraceNs, WalkNs, AtomicsNs  float64
	WalkNoiseNs, AtomicsNoiseNs float64  `json:",omitempty"`
	SortNs                      float64  `json:",omitempty"`
	GatherNs                    float64  `json:",omitempty"`
	FullRegions                 *float64 `json:",omitempty"`
	Adds, AddsPerS              float64
}

// photonPart times one cut-down photon pass over iters iterations, one at a
// time: its GPU times (render.PassTimes, summed), the photon pass's time of
// each iteration, bounces counted per photon (the walk adds the points it
// would have added to) and, deferred, the share of full hit regions.
func photonPart(c *gpu.Context, scene *scenes.Scene, cfg render.SPPMConfig, part render.PhotonPassPart, iters int) (t render.PassTimes, each []time.Duration, bounces, full float64, err error) {
	cfg.PhotonPass = part
	s, err := render.NewSPPM(c, scene, cfg)
	if err != nil {
		return t, nil, 0, 0, err
	}
	defer s.Close()
	if err := s.Iterate(2); err != nil {
		return t, nil, 0, 0, err
	}
	b0, e0 := s.Bounces(), s.Emitted
	s.Profile = true
	for range iters {
		before := s.Times.Photon
		if err := s.Iterate(1); err != nil {
			return t, nil, 0, 0, err
		}
		each = append(each, s.Times.Photon-before)
	}
	if regions, filled, _ := s.HitRegions(); regions > 0 {
		full = float64(filled) / float64(regions)
	}
	return s.Times, each, float64(s.Bounces()-b0) / float64(s.Emitted-e0), full, nil
}

// breakdownIterations is the fewest iterations a breakdown times, so that
// each pass has a spread to judge its differences by.
const breakdownIterations = 3

// breakdown times the three photon passes, or the deferred deposits'
// kernels.
func breakdown(c *gpu.Context, scene *scenes.Scene, cfg render.SPPMConfig, iters int) (*PhotonBreakdown, error) {
	iters = max(iters, breakdownIterations)
	perPhoton := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(iters*cfg.Photons) }
	if cfg.Deposit != render.DepositInline {
		t, _, _, full, err := photonPart(c, scene, cfg, render.PhotonPassFull, iters)
		return &PhotonBreakdown{TraceNs: perPhoton(t.Photon - t.Sort - t.Gather), SortNs: perPhoton(t.Sort), GatherNs: perPhoton(t.Gather), FullRegions: &full}, err
	}
	var ns, half, bounces [3]float64
	for i, part := range []render.PhotonPassPart{render.PhotonPassFull, render.PhotonPassWalk, render.PhotonPassTrace} {
		t, each, b, _, err := photonPart(c, scene, cfg, part, iters)
		if err != nil {
			return nil, err
		}
		lo, hi := slices.Min(each), slices.Max(each)
		ns[i], bounces[i] = perPhoton(t.Photon), b
		half[i] = float64((hi - lo).Nanoseconds()) / 2 / float64(cfg.Photons)
	}
	b := &PhotonBreakdown{TraceNs: ns[2], WalkNs: ns[1] - ns[2], AtomicsNs: ns[0] - ns[1],
		WalkNoiseNs: half[1] + half[2], AtomicsNoiseNs: half[0] + half[1]}
	// Each visible point a photon adds to takes four adds (count, three
	// channels; a carry now and then is not counted).
	b.Adds = 4 * (bounces[1] - bounces[2])
	if aboveNoise(b.AtomicsNs, b.AtomicsNoiseNs) {
		b.AddsPerS = b.Adds / (b.AtomicsNs * 1e-9)
	}
	return b, nil
}

// aboveNoise says whether a difference of two timings is a measurement:
// positive and larger than its noise.
func aboveNoise(diff, noise float64) bool { return diff > 0 && diff > noise }

// diffCell is a table cell for a difference of two timings: its value, or
// "<noise:N" with the noise N it did not clear (never a negative time).
func diffCell(diff, noise float64) string {
	if !aboveNoise(diff, noise) {
		return fmt.Sprintf("<noise:%.2g", noise)
	}
	return fmt.Sprintf("%.3g", diff)
}

// RenderBenchReport is a bench's results on one device.
type RenderBenchReport struct {
	Device                          string
	Width, Height                   int
	PhotonsPerIteration, Iterations int
	Grids                           []BenchGrid
	Cases                           []RenderBenchCase
}

// Check refuses bad options before any GPU work.
func (b RenderBench) Check() error {
	for _, sp := range b.Specs {
		for _, g := range b.grids() {
			for _, d := range b.deposits() {
				cfg := b.config(sp, max(1, b.PhotonsPerIteration), g, d)
				if err := cfg.Check(); err != nil {
					return InputError{err.Error()}
				}
			}
		}
		cfg := b.config(sp, max(1, b.PhotonsPerIteration), BenchGrid{}, render.DepositInline)
		if _, err := sp.Gen.New(rng.Config{Seed: cfg.Seed, Streams: 1, Options: cfg.Options}); err != nil {
			return InputError{err.Error()}
		}
	}
	return nil
}

// config is one case's render: the generator with the common options, on
// grid g, depositing d.
func (b RenderBench) config(sp rng.Spec, photons int, g BenchGrid, d render.Deposit) render.SPPMConfig {
	sp = sp.With(b.Options)
	gc := sp.Config(1, b.Seed)
	return render.SPPMConfig{Width: b.Width, Height: b.Height, Photons: photons, Alpha: 0.7, Seed: gc.Seed, Generator: sp.Gen, Options: gc.Options,
		GridCell: g.Cell, Gather: g.Gather, Deposit: d}
}

// deposits are the deposits to measure, the default if none.
func (b RenderBench) deposits() []render.Deposit {
	if len(b.Deposits) == 0 {
		return []render.Deposit{render.DepositInline}
	}
	return b.Deposits
}

// BenchGrid is one grid a bench measures: gather and cell size, and the
// grid's shape at the bench's size (render.GridShape).
type BenchGrid struct {
	Gather  render.GridGather `json:"-"`
	Name    string            `json:"gather"`
	Cell    float32           `json:"cell"`
	Span    int               `json:"span"`
	Buckets int               `json:"buckets"`
}

func (g BenchGrid) String() string { return fmt.Sprintf("%s %g", g.Gather, g.Cell) }

// grids are the grids to measure, defaults filled in (shapes only once the
// size is known).
func (b RenderBench) grids() []BenchGrid {
	cells, gathers := b.GridCells, b.Gathers
	if len(cells) == 0 {
		cells = []float32{0}
	}
	if len(gathers) == 0 {
		gathers = []render.GridGather{render.GatherCells}
	}
	var grids []BenchGrid
	for _, g := range gathers {
		for _, f := range cells {
			grid := BenchGrid{Gather: g, Name: g.String(), Cell: cmp.Or(f, render.DefaultGridCell)}
			grid.Span, grid.Buckets = render.GridShape(grid.Cell, g, b.Width*b.Height)
			grids = append(grids, grid)
		}
	}
	return grids
}

// Run measures every case.
func (b RenderBench) Run(c *gpu.Context) (RenderBenchReport, error) {
	if err := b.Check(); err != nil {
		return RenderBenchReport{}, err
	}
	rep := RenderBenchReport{Device: c.Info.String(), Width: b.Width, Height: b.Height, PhotonsPerIteration: b.PhotonsPerIteration, Iterations: b.Iterations,
		Grids: b.grids()}
	if rep.PhotonsPerIteration == 0 {
		rep.PhotonsPerIteration = render.AutoPhotonsPerIteration(c.Info, render.ForThroughput)
	}
	if rep.Iterations == 0 {
		rep.Iterations = 30
		if c.Info.Software() {
			rep.Iterations = 2
		}
	}
	deposits := b.deposits()
	total := int64(len(b.Scenes) * len(b.Specs) * len(rep.Grids) * len(deposits))
	for _, scene := range b.Scenes {
		for _, sp := range b.Specs {
			for _, g := range rep.Grids {
				for _, d := range deposits {
					cfg := b.config(sp, rep.PhotonsPerIteration, g, d)
					res, err := benchOne(c, scene, cfg, rep.Iterations)
					if err == nil && b.Breakdown {
						res.Breakdown, err = breakdown(c, scene, cfg, max(1, min(rep.Iterations, 5)))
					}
					spec := sp.With(b.Options)
					if err != nil {
						return rep, fmt.Errorf("%s/%s, grid %s, deposit %s: %v", scene.Name, spec, g, d, err)
					}
					res.Generator = spec.String()
					res.HashGrid = g
					res.Deposit = d.String()
					rep.Cases = append(rep.Cases, res)
					b.Progress.report(int64(len(rep.Cases)), total)
				}
			}
		}
	}
	return rep, nil
}

// benchOne times iters iterations of one render after a warm-up, then a few
// profiled ones for the split between passes.
func benchOne(c *gpu.Context, scene *scenes.Scene, cfg render.SPPMConfig, iters int) (RenderBenchCase, error) {
	r := RenderBenchCase{Scene: scene.Name, Width: cfg.Width, Height: cfg.Height, Photons: cfg.Photons}
	s, err := render.NewSPPM(c, scene, cfg)
	if err != nil {
		return r, err
	}
	defer s.Close()
	// Warm up for a quarter of a second at least: GPU clocks idle low
	// between runs and take a while to rise.
	for warm := time.Now(); time.Since(warm) < 250*time.Millisecond || s.Iterations < 2; {
		if err := s.Iterate(1); err != nil {
			return r, err
		}
		c.Finish()
	}
	b0, e0 := s.Bounces(), s.Emitted
	start := time.Now()
	if err := s.Iterate(iters); err != nil {
		return r, err
	}
	c.Finish()
	secs := time.Since(start).Seconds()
	r.PhotonsPerS = float64(s.Emitted-e0) / secs
	r.BouncesPerS = float64(s.Bounces()-b0) / secs
	s.Profile = true
	if err := s.Iterate(max(1, min(iters, 5))); err != nil {
		return r, err
	}
	t := s.Times
	all := (t.Eye + t.Grid + t.Photon + t.Update).Seconds()
	r.Eye, r.Grid, r.Photon, r.Update = t.Eye.Seconds()/all, t.Grid.Seconds()/all, t.Photon.Seconds()/all, t.Update.Seconds()/all
	return r, nil
}

// WriteJSON writes the report as {"device": ..., "results": [...]}.
func (rep RenderBenchReport) WriteJSON(w io.Writer) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(map[string]any{"device": rep.Device, "results": rep.Cases})
}

// WriteTable writes the report as a line on the device and a table.
func (rep RenderBenchReport) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "device: %s, %dx%d, %d photons per iteration, %d iterations\n", rep.Device, rep.Width, rep.Height, rep.PhotonsPerIteration, rep.Iterations)
	for _, g := range rep.Grids {
		walk := fmt.Sprintf("a photon walks up to %dx%dx%d cells", g.Span, g.Span, g.Span)
		if g.Gather == render.GatherPBRT {
			walk = fmt.Sprintf("a point is linked into up to %dx%dx%d cells, a photon walks its own", g.Span, g.Span, g.Span)
		}
		fmt.Fprintf(w, "grid %s: cell side %g radii, %s, %d buckets\n", g, g.Cell, walk, g.Buckets)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scene\tgenerator\tgrid\tdeposit\tphotons/s\tbounces/s\teye\tgrid\tphoton\tupdate\t")
	for _, r := range rep.Cases {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.3g\t%.3g\t%.0f%%\t%.0f%%\t%.0f%%\t%.0f%%\t\n", r.Scene, r.Generator, r.HashGrid, r.Deposit, r.PhotonsPerS, r.BouncesPerS,
			100*r.Eye, 100*r.Grid, 100*r.Photon, 100*r.Update)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(rep.Cases) == 0 || rep.Cases[0].Breakdown == nil {
		return nil
	}
	fmt.Fprintln(w, "\nphoton pass, GPU ns per photon: inline, tracing (no gather), the gather's walk and tests (no atomic adds), its atomic adds;")
	fmt.Fprintln(w, "the deferred deposits, the photon kernel (tracing, storing hits), the sort (sorted and combined) and the gather kernel,")
	fmt.Fprintln(w, "and the share of work groups whose hit region filled (they deposited the rest inline); walk and atomics are differences")
	fmt.Fprintln(w, "of two timed passes: \"<noise:N\" where one is no larger than N, the two passes' half-ranges over the iterations added")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scene\tgenerator\tgrid\tdeposit\ttrace\twalk\tatomics\tsort\tgather\tfull\tadds/photon\tadds/s\t")
	g := func(v float64) string { return fmt.Sprintf("%.3g", v) }
	for _, r := range rep.Cases {
		b := r.Breakdown
		cells := []string{"-", "-", "-", g(b.GatherNs), "-", "-", "-"}
		if b.FullRegions != nil {
			cells[4] = fmt.Sprintf("%.1f%%", 100**b.FullRegions)
		}
		switch r.Deposit {
		case render.DepositInline.String():
			rate := g(b.AddsPerS)
			if !aboveNoise(b.AtomicsNs, b.AtomicsNoiseNs) {
				rate = "<noise"
			}
			cells = []string{diffCell(b.WalkNs, b.WalkNoiseNs), diffCell(b.AtomicsNs, b.AtomicsNoiseNs), "-", "-", "-", g(b.Adds), rate}
		case render.DepositSorted.String(), render.DepositCombined.String():
			cells[2] = g(b.SortNs)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.3g\t%s\t\n", r.Scene, r.Generator, r.HashGrid, r.Deposit, b.TraceNs, strings.Join(cells, "\t"))
	}
	return tw.Flush()
}
