package bench

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
	"speckle/study"
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
	// EqualTime, if set, renders each case from a fresh start (after the
	// warm-up) until its GPU time reaches EqualTime instead of timing
	// iterations, and measures its RMSE against the scene's reference
	// (EqualTimeCase): the variance a faster gather costs, at equal time.
	EqualTime time.Duration
	Progress  study.Progress // in cases
	// Only, if set, are the indices of the cases to run (a split's unit),
	// counted as Run takes them: scenes, then generators, grids, deposits.
	Only []int
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
	EqualTime *EqualTimeCase   `json:"equal_time,omitempty"`
	// WarmUp is how long the case warmed before its timing (warmUp), and
	// BlockSpread the fastest timed block's rate over the slowest's.
	WarmUp          float64   `json:"warm_up_s"`
	WarmUpMs        []float64 `json:"warm_up_iteration_ms"`
	BlockSpread     float64   `json:"block_spread"`
	TimedIterations int       `json:"timed_iterations"`
	// The adaptive grid after the timed iterations (render.SPPM.GridState).
	GridCellRatio float64 `json:"grid_cell_ratio,omitempty"`
	GridPoolLinks int     `json:"grid_pool_links,omitempty"`
	// AutoDeposit is the auto deposit's choice after the timed iterations.
	AutoDeposit *AutoDeposit `json:"auto_deposit,omitempty"`
}

// AutoDeposit is what render.DepositAuto chose: the way photons deposit
// at the end, and the iterations traced each way since the render began.
type AutoDeposit struct {
	Now              string `json:"now"`
	InlineIterations int    `json:"inline_iterations"`
	PointsIterations int    `json:"points_iterations"`
}

// The warm-up, the lead-in and the timed blocks. Two things moved a case's
// figure 2-5x from process to process on the lent H200 (issue #23,
// docs/performance.md): its SM clock falls to 345 MHz while the process
// compiles programs on the CPU and the GPU idles, so the first milliseconds
// of a case ran slow; and an SPPM iteration's cost falls as its radii
// shrink (cornell with Sobol: 7.8 ms an iteration at first, 1.3 ms after
// 70), so a warm-up of a fixed time timed later or earlier iterations as it
// ran fast or slow. A case now warms until its iterations' times settle,
// starts its render over, runs leadIn iterations and times the same
// iterations of every render, in timedBlocks blocks, its rate their median.
const (
	warmMin     = 250 * time.Millisecond
	warmMax     = 2 * time.Second
	leadIn      = 128
	timedBlocks = 5
)

// steady brings s to the start of the bench's timed window: warmed
// (warmUp), started over, leadIn iterations run (none on a CPU rasteriser,
// which has no clocks to warm and little time). It returns the warm-up's
// iteration times.
func steady(c *gpu.Context, s *render.SPPM) ([]time.Duration, error) {
	warm, err := warmUp(c, s)
	if err != nil || c.Info.Software() {
		return warm, err
	}
	if err := s.Reset(); err != nil {
		return nil, err
	}
	return warm, s.Iterate(leadIn)
}

// addWarmUp records the warm-up's iterations' times on r.
func (r *RenderBenchCase) addWarmUp(warm []time.Duration) {
	for _, d := range warm {
		r.WarmUp += d.Seconds()
		r.WarmUpMs = append(r.WarmUpMs, float64(d.Microseconds())/1e3)
	}
}

// warmUp iterates s one iteration at a time until the GPU's clocks have
// risen: for warmMin at least and until three successive iterations took
// times within 5% of each other, or for warmMax. It returns the
// iterations' times. A CPU rasteriser has no clocks to wait for: two
// iterations.
func warmUp(c *gpu.Context, s *render.SPPM) ([]time.Duration, error) {
	var times []time.Duration
	for start := time.Now(); ; {
		t0 := time.Now()
		if err := s.Iterate(1); err != nil {
			return nil, err
		}
		c.Finish()
		times = append(times, time.Since(t0))
		warm := time.Since(start)
		if c.Info.Software() && len(times) >= 2 {
			return times, nil
		}
		if k := len(times); k >= 3 {
			w := times[k-3:]
			settled := slices.Max(w) <= slices.Min(w)+slices.Min(w)/20
			if warm >= warmMax || (warm >= warmMin && settled) {
				return times, nil
			}
		}
	}
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
	if err := b.checkReferences(); err != nil {
		return err
	}
	for _, sp := range b.Specs {
		for _, g := range b.grids() {
			for _, d := range b.deposits() {
				cfg := b.config(sp, max(1, b.PhotonsPerIteration), g, d)
				if err := cfg.Check(); err != nil {
					return study.Inputf("%v", err)
				}
			}
		}
	}
	return nil
}

// config is one case's render: the generator with the common options, on
// grid g, depositing d.
func (b RenderBench) config(sp rng.Spec, photons int, g BenchGrid, d render.Deposit) render.SPPMConfig {
	return render.SPPMConfig{Width: b.Width, Height: b.Height, Photons: photons, Alpha: 0.7, RNG: sp.Seeded(b.Seed),
		GridCell: g.Cell, Gather: g.Gather, Deposit: d}
}

// deposits are the deposits to measure, the default if none.
func (b RenderBench) deposits() []render.Deposit {
	if len(b.Deposits) == 0 {
		return []render.Deposit{render.DepositAuto}
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
		gathers = []render.GridGather{render.GatherAdaptive}
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
		rep.Iterations = 200
		if c.Info.Software() {
			rep.Iterations = 2
		}
	}
	deposits := b.deposits()
	refs, err := b.references()
	if err != nil {
		return rep, err
	}
	total := int64(b.CaseCount())
	if b.Only != nil {
		total = int64(len(b.Only))
	}
	index := -1
	for _, scene := range b.Scenes {
		for _, sp := range b.Specs {
			for _, g := range rep.Grids {
				for _, d := range deposits {
					if index++; b.Only != nil && !slices.Contains(b.Only, index) {
						continue
					}
					cfg := b.config(sp, rep.PhotonsPerIteration, g, d)
					res, err := b.measure(c, scene, cfg, rep.Iterations, refs[scene.Name])
					spec := sp
					if err != nil {
						return rep, fmt.Errorf("%s/%s, grid %s, deposit %s: %v", scene.Name, spec, g, d, err)
					}
					res.Generator = spec.String()
					res.HashGrid = g
					res.Deposit = d.String()
					rep.Cases = append(rep.Cases, res)
					b.Progress.Report(int64(len(rep.Cases)), total)
				}
			}
		}
	}
	return rep, nil
}

// CaseCount is how many cases Run measures (without Only).
func (b RenderBench) CaseCount() int {
	return len(b.Scenes) * len(b.Specs) * len(b.grids()) * len(b.deposits())
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
	warm, err := steady(c, s)
	if err != nil {
		return r, err
	}
	r.addWarmUp(warm)
	// The rate is the blocks' median: one block slowed by something else on
	// the machine moves the figure nothing.
	n := min(timedBlocks, iters)
	per := (iters + n - 1) / n
	var photons, bounces []float64
	for range n {
		b0, e0 := s.Bounces(), s.Emitted
		start := time.Now()
		if err := s.Iterate(per); err != nil {
			return r, err
		}
		c.Finish()
		secs := time.Since(start).Seconds()
		photons = append(photons, float64(s.Emitted-e0)/secs)
		bounces = append(bounces, float64(s.Bounces()-b0)/secs)
	}
	r.PhotonsPerS, r.BouncesPerS = median(photons), median(bounces)
	r.BlockSpread = slices.Max(photons) / slices.Min(photons)
	r.TimedIterations = n * per
	r.GridCellRatio, r.GridPoolLinks = s.GridState()
	if now, inline, points := s.DepositNow(); inline+points > 0 {
		r.AutoDeposit = &AutoDeposit{Now: now.String(), InlineIterations: inline, PointsIterations: points}
	}
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
	timed := fmt.Sprintf("%d iterations", rep.Iterations)
	if len(rep.Cases) > 0 && rep.Cases[0].EqualTime != nil {
		timed = fmt.Sprintf("each case from a fresh start until %gs of GPU time, its RMSE against the scene's reference", rep.Cases[0].EqualTime.Budget)
	}
	fmt.Fprintf(w, "device: %s, %dx%d, %d photons per iteration, %s\n", rep.Device, rep.Width, rep.Height, rep.PhotonsPerIteration, timed)
	for _, g := range rep.Grids {
		walk := fmt.Sprintf("a photon walks up to %dx%dx%d cells", g.Span, g.Span, g.Span)
		switch g.Gather {
		case render.GatherPBRT:
			walk = fmt.Sprintf("a point is linked into up to %dx%dx%d cells, a photon walks its own", g.Span, g.Span, g.Span)
		case render.GatherStochastic:
			walk = fmt.Sprintf("a point is entered into up to %dx%dx%d cells, each keeping one point, a photon deposits into its own cell's", g.Span, g.Span, g.Span)
		}
		fmt.Fprintf(w, "grid %s: cell side %g radii, %s, %d buckets\n", g, g.Cell, walk, g.Buckets)
	}
	if len(rep.Cases) > 0 && rep.Cases[0].EqualTime != nil {
		return rep.writeEqualTimeTable(w)
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
	fmt.Fprintln(w, "the deferred deposits, the photon kernel (tracing, storing hits), the sort (sorted, combined, points) and the gather kernel,")
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
		case render.DepositSorted.String(), render.DepositCombined.String(), render.DepositPoints.String():
			cells[2] = g(b.SortNs)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.3g\t%s\t\n", r.Scene, r.Generator, r.HashGrid, r.Deposit, b.TraceNs, strings.Join(cells, "\t"))
	}
	return tw.Flush()
}
