package battery

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"speckle/gpu"
	"speckle/internal/stats"
	"speckle/internal/units"
	"speckle/lab"
	"speckle/render"
	"speckle/rng"
	"speckle/study"
)

// Limits and defaults of the battery's size: the default runs the battery
// on four generators in well under a minute on llvmpipe (2 cores).
const (
	DefaultTestNumbers = 1 << 22
	DefaultTestStreams = 128
	DefaultTestSamples = 128
	// MaxTestNumbers is the most numbers per order a run has been seen to
	// test correctly on the H200 (2^37 = 1.4e11, 32,768 streams).
	MaxTestNumbers = 1 << 37
	MaxTestSamples = 1 << 16
)

// RNGTest runs the statistical battery (internal/stats) on the GPU over
// each generator's streams, in the stream order and the consumed order.
type RNGTest struct {
	Specs []rng.Spec
	Seed  uint32 // of each generator without a seed of its own
	// Numbers per order and generator, from Streams streams, cut into
	// Samples samples; Numbers is a multiple of both.
	Numbers  int64
	Streams  int
	Samples  int
	Tests    []stats.Test   // nil: all
	Progress study.Progress // numbers done, over all generators
	// Renderer, if set, tests in the renderer order instead of the stream
	// and consumed orders: Streams is then the pass's slots tested.
	Renderer *study.RendererOrder
	Only     []int // if set, the indices of the Specs to test (a split's units)
	// Input, if set, is tested instead of the Specs (Streams is then 1).
	Input *Input
}

// TestResult is one test in one order of one generator (study.TestResult,
// where the grading lives so the lab's views grade as the battery does).
type TestResult = study.TestResult

// TestedGenerator is a generator's run: its label and speed.
type TestedGenerator struct {
	Label   string  `json:"generator"`
	Seed    uint32  `json:"seed"`           // its layout's seed: its spec's own, or the run's --seed
	Note    string  `json:"note,omitempty"` // its degenerate seeds or states, if any
	Seconds float64 `json:"seconds"`
	PerS    float64 `json:"numbers_per_s"` // numbers drawn and tested in both orders per second
}

// RNGTestReport is the battery's outcome.
type RNGTestReport struct {
	Device  string `json:"device"`
	Numbers int64  `json:"numbers_per_order"`
	Streams int    `json:"streams"`
	Samples int    `json:"samples"`
	// Layout says how the numbers were drawn: the dump's streams, or the
	// renderer's pass whose slots were read (the renderer order).
	Layout string `json:"layout"`
	// Renderer is the renderer order's pass (nil in the stream and the
	// consumed order).
	Renderer   *RendererLayout   `json:"renderer,omitempty"`
	Generators []TestedGenerator `json:"generators"`
	Results    []TestResult      `json:"results"`
	Lags       []study.LagResult `json:"lags,omitempty"`
}

func (o RNGTest) size() lab.BatterySize {
	size := lab.BatterySize{Numbers: o.Numbers, PerStream: o.Numbers / int64(max(o.Streams, 1)), Samples: o.Samples}
	if o.Renderer != nil {
		size.Renderer = &lab.RendererDraws{Slots: o.Streams, PerPhoton: o.Renderer.PerPhoton}
	}
	return size
}

// layoutText says how the numbers are drawn, for the report.
func (o RNGTest) layoutText() string {
	if r := o.Renderer; r != nil {
		return fmt.Sprintf("renderer order: slots 0..%d of the %s pass of %s at %dx%d, %s photons an iteration (%d slots), each slot's draws through the render",
			o.Streams-1, r.Pass, r.Scene, r.Width, r.Height, units.FormatCount(int64(r.Photons)), r.PassLayout(0, nil).Cfg.Streams)
	}
	return fmt.Sprintf("%d streams in the stream and the consumed order", o.Streams)
}

// bits is how many bits of each value the battery tests for gen.
func (o RNGTest) bits(gen *rng.Generator) int {
	if o.Renderer != nil {
		return lab.RendererBits
	}
	return gen.Bits()
}

// config is spec sp's generator layout: the dump's streams, or the pass's.
func (o RNGTest) layout(sp rng.Spec) render.PassLayout {
	cfg := sp.Config(o.Streams, o.Seed)
	if o.Renderer != nil {
		return o.Renderer.PassLayout(cfg.Seed, cfg.Options)
	}
	return render.PassLayout{Cfg: cfg}
}

func (o RNGTest) tests() []stats.Test {
	if o.Tests == nil {
		return stats.Tests
	}
	return o.Tests
}

// MinGroupsPerSample is the fewest groups of 512 values a sample must hold
// where the birthday and collision tests run: their per-sample statistics are
// small counts, whose p-values are too discrete for the second-level KS
// below that (philox failed collisions' KS with 16 groups a sample: 2^20
// numbers in 128 samples; it passes with 64). Check asks every test run for
// its own least (stats.Test.MinSampleLen), which is this for those two.
const MinGroupsPerSample = stats.MinGroups

// Check refuses bad options before any GPU work.
func (o RNGTest) Check() error {
	switch {
	case len(o.Specs) == 0 && o.Input == nil:
		return study.Inputf("no generator to test")
	case o.Input != nil && o.Numbers >= 1<<32:
		return study.Inputf("--in reads its words as one stream: --numbers at most 2^32 - 1 (got %s)", count(o.Numbers))
	case o.Numbers < 1 || o.Numbers > MaxTestNumbers:
		return study.Inputf("--numbers must be 1..%s (got %d)", units.FormatCount(MaxTestNumbers), o.Numbers)
	case o.Samples < 5 || o.Samples > MaxTestSamples:
		return study.Inputf("--samples must be 5..%d (got %d)", MaxTestSamples, o.Samples)
	case o.Streams < 1:
		return study.Inputf("--streams must be at least 1 (got %d)", o.Streams)
	case o.Numbers%int64(o.Streams) != 0:
		return study.Inputf("--numbers %d is not a multiple of --streams %d", o.Numbers, o.Streams)
	}
	if err := o.size().Check(o.Streams, o.tests()); err != nil {
		return study.Inputf("--numbers, --streams and --samples: %v", err)
	}
	if err := o.checkSampleLen(); err != nil {
		return err
	}
	if o.Input != nil {
		return o.checkInput()
	}
	if o.Renderer != nil {
		if err := o.Renderer.CheckSlots(o.Streams); err != nil {
			return err
		}
	}
	for _, sp := range o.Specs {
		if err := o.Renderer.CheckGen(sp.Gen); err != nil {
			return err
		}
		cfg := o.layout(sp).Cfg
		if cfg.Streams == 0 { // the photon pass with automatic photons: checked once the device is known
			cfg.Streams = max(o.Streams, 1)
		}
		inst, err := sp.Gen.New(cfg)
		if err != nil {
			return study.Inputf("%v", err)
		}
		if o.Renderer == nil {
			if err := sp.Gen.CheckDump(o.Streams, int(min(o.size().PerStream, math.MaxInt32))); err != nil {
				return study.Inputf("%v", err)
			}
		}
		if most := lab.MaxBatteryStreamsFor(inst, o.tests()); o.Streams > most {
			return study.Inputf("--streams %d: the battery holds every stream of %s at once, at most %d", o.Streams, sp.Label(), most)
		}
	}
	return study.DrawnOnce("--gens", o.Specs, o.Seed)
}

// Run tests each generator in turn.
func (o RNGTest) Run(c *gpu.Context) (RNGTestReport, error) {
	if o.Input != nil {
		return o.runInput(c)
	}
	rep := RNGTestReport{Device: c.Info.String(), Numbers: o.Numbers, Streams: o.Streams, Samples: o.Samples, Layout: o.layoutText(), Renderer: o.rendererLayout()}
	size := o.size()
	all := int64(len(o.Specs)) * o.Numbers
	for i, sp := range o.Specs {
		if o.Only != nil && !slices.Contains(o.Only, i) {
			continue
		}
		l := o.layout(sp)
		r, err := render.NewLayoutRNG(c, sp.Gen, l)
		if err != nil {
			return rep, fmt.Errorf("%s: %v", sp.Label(), err)
		}
		done := int64(i) * o.Numbers
		counts, err := lab.Battery(r, size, o.tests(), func(n int64) { o.Progress.Report(done+n, all) })
		r.Close()
		if err != nil {
			return rep, fmt.Errorf("%s: %v", sp.Label(), err)
		}
		label := sp.Label()
		rep.Generators = append(rep.Generators, TestedGenerator{Label: label, Seed: l.Cfg.Seed, Seconds: counts.Elapsed.Seconds(), PerS: float64(o.Numbers) / counts.Elapsed.Seconds()})
		res := Evaluate(label, counts, o.tests(), o.bits(sp.Gen))
		if o.Renderer != nil && o.Renderer.Lags > 0 { // the GPU's instance is the Go reference too
			lags := o.Renderer.LagTable(label, r.Inst, l, o.Streams, study.LagValues(o.Streams, size.PerStream))
			grade(res, lags) // the lags join the generator's p-values
			rep.Lags = append(rep.Lags, lags...)
		}
		rep.Results = append(rep.Results, res...)
	}
	return rep, nil
}

// Evaluate turns a battery's counts into p-values and verdicts, graded
// together as one generator's (FDRRule; study.Evaluate).
func Evaluate(label string, c lab.BatteryCounts, tests []stats.Test, outBits int) []TestResult {
	return study.Evaluate(label, c, tests, outBits)
}

// Thresholds states the verdicts' thresholds, for help texts and footers.
func Thresholds() string {
	return fmt.Sprintf("%s; else SUSPECT if p < %g or p > %g, else PASS; a test's verdict is the worse of its p over all numbers and its KS p over the samples, and its q the smaller of their adjusted p-values",
		FDRRule(), stats.SuspectBelow, 1-stats.SuspectBelow)
}

// WriteTable writes a table per generator, then, for several, the verdicts
// side by side, and a footer with the thresholds and numbers per second.
func (r RNGTestReport) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "device: %s\n", r.Device)
	fmt.Fprintf(w, "%s numbers per order, %d samples of %s; %s\n", units.FormatCount(r.Numbers), r.Samples, units.FormatCount(r.Numbers/int64(r.Samples)), r.Layout)
	for _, g := range r.Generators {
		fmt.Fprintf(w, "\n%s\n", g.Label)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "test\torder\tnumbers\tp\tKS p\tq\tverdict")
		for _, res := range r.Results {
			if res.Generator == g.Label {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", res.Test, res.Order, units.FormatCount(res.Numbers), study.PText(res.P), study.PText(res.KS), study.PText(res.Q), res.Verdict)
			}
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if len(r.Generators) > 1 {
		fmt.Fprintln(w)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		head := []string{"test", "order"}
		for _, g := range r.Generators {
			head = append(head, g.Label)
		}
		fmt.Fprintln(tw, strings.Join(head, "\t"))
		for _, row := range r.rows() {
			cells := []string{row.test, row.order}
			for _, g := range r.Generators {
				cells = append(cells, r.verdict(g.Label, row.test, row.order))
			}
			fmt.Fprintln(tw, strings.Join(cells, "\t"))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if err := study.WriteLags(w, r.Lags); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%s\n", Thresholds())
	orders := strings.Join(r.orders(), " and ")
	for _, g := range r.Generators {
		fmt.Fprintf(w, "%s: %s numbers drawn and tested in the %s order in %.2f s: %s numbers/s\n", g.Label, units.FormatCount(r.Numbers), orders, g.Seconds, units.FormatRate(g.PerS))
	}
	return nil
}

type testRow struct{ test, order string }

// orders are the orders the results hold, in their order.
func (r RNGTestReport) orders() []string {
	var out []string
	for _, row := range r.rows() {
		if !slices.Contains(out, row.order) {
			out = append(out, row.order)
		}
	}
	return out
}

// rows are the (test, order) pairs in the order of the results.
func (r RNGTestReport) rows() []testRow {
	var rows []testRow
	seen := map[testRow]bool{}
	for _, res := range r.Results {
		k := testRow{res.Test, res.Order}
		if !seen[k] {
			seen[k] = true
			rows = append(rows, k)
		}
	}
	return rows
}

func (r RNGTestReport) verdict(gen, test, order string) string {
	for _, res := range r.Results {
		if res.Generator == gen && res.Test == test && res.Order == order {
			return res.Verdict
		}
	}
	return "-"
}

// Note gives each generator its note, in the order of the specs tested.
func (r *RNGTestReport) Note(notes []string) {
	for i := range r.Generators {
		if i < len(notes) {
			r.Generators[i].Note = notes[i]
		}
	}
}

// WriteJSON writes the report as indented JSON (p-values that are not
// numbers, for tests a sample is too small for, as null).
func (r RNGTestReport) WriteJSON(w io.Writer) error {
	type result struct {
		TestResult
		P  *float64 `json:"p"`
		KS *float64 `json:"ks_p"`
		Q  *float64 `json:"q"`
	}
	num := func(v float64) *float64 {
		if math.IsNaN(v) {
			return nil
		}
		return &v
	}
	out := struct {
		RNGTestReport
		Results []result `json:"results"`
	}{RNGTestReport: r}
	for _, res := range r.Results {
		out.Results = append(out.Results, result{res, num(res.P), num(res.KS), num(res.Q)})
	}
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(out)
}
