package battery

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/imageio"
	"speckle/internal/stats"
	"speckle/rng"
	"speckle/study"
)

// Check refuses sizes that do not cut into whole samples and streams, and
// option values a generator refuses, before the GPU.
func TestRNGTestCheck(t *testing.T) {
	ok := RNGTest{Specs: specs(t, "philox,ranlux,randu"), Numbers: 1 << 20, Streams: 64, Samples: 32}
	if err := ok.Check(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		edit func(*RNGTest)
		want string
	}{
		{func(o *RNGTest) { o.Numbers = 1<<20 + 1 }, "not a multiple of --streams"},
		{func(o *RNGTest) { o.Samples = 3 }, "--samples must be 5.."},
		{func(o *RNGTest) { o.Samples = 1000 }, "do not split into 1000 samples"},
		{func(o *RNGTest) { o.Numbers, o.Samples = 1<<14, 64 }, "shorter than a group of birthdays"},
		{func(o *RNGTest) { o.Samples = 128 }, "--tests birthdays needs samples of at least 2^15 values for its second-level test (--numbers / --samples is 2^13): give --numbers 2^22 or more, or --samples 32 or fewer"},
		{func(o *RNGTest) { o.Tests, o.Samples = stats.All, 8 }, "--tests birthdays8 needs samples of at least 2^18 values"},
		{func(o *RNGTest) { o.Numbers, o.Streams = 1<<26, 1<<16 }, "holds every stream of philox at once, at most"},
		{func(o *RNGTest) { o.Numbers = MaxTestNumbers * 2 }, "--numbers must be"},
	} {
		o := ok
		c.edit(&o)
		if err := o.Check(); err == nil || !study.IsInputError(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: want an input error saying %q", err, c.want)
		}
	}
}

// battery runs rng test at the default size over one generator and returns
// each (test, order)'s result.
func battery(t *testing.T, spec string, tests ...stats.Test) map[[2]string]TestResult {
	t.Helper()
	o := RNGTest{Specs: specs(t, spec), Numbers: DefaultTestNumbers, Streams: DefaultTestStreams, Samples: DefaultTestSamples, Tests: tests}
	var done, total int64
	o.Progress = func(d, tot int64) { done, total = d, tot }
	var rep RNGTestReport
	gltest.On(t, func(c *gpu.Context) (err error) {
		rep, err = o.Run(c)
		return err
	})
	if done != total || total != DefaultTestNumbers {
		t.Errorf("progress ended at %d of %d", done, total)
	}
	out := map[[2]string]TestResult{}
	for _, r := range rep.Results {
		out[[2]string{r.Test, r.Order}] = r
	}
	return out
}

// Known outcomes at the default size (seed 0). Philox passes every test in
// both orders. PCG32 passes in the stream order but fails runs in the
// consumed order: its streams share the initial state and differ only in
// the increment (spec: initseq = t), and neighbouring streams are
// correlated (dieharder's runs test fails the same interleaved bytes:
// TestAgreesWithDieharder). RANDU fails serial triples in both orders (its
// triples lie on 15 planes) but not pairs within a stream, and monobit and
// rank (bit 0 is always 1; low bits are short cycles). The linear CA
// preset fails everything it is asked: its streams repeat within 64 steps.
// Lehmer's consecutive seeds fail in the consumed order.
func TestRNGTestKnownOutcomes(t *testing.T) {
	type want struct {
		test, order string
		fail        bool
	}
	cases := []struct {
		spec  string
		tests []stats.Test
		want  []want
	}{
		{"philox", nil, nil}, // nothing fails
		{"pcg32", []stats.Test{stats.Runs, stats.Triples}, []want{{"runs", "stream", false}, {"triples", "stream", false}, {"runs", "consumed", true}}},
		{"randu", []stats.Test{stats.Monobit, stats.Pairs, stats.Triples, stats.Rank}, []want{
			{"triples", "stream", true}, {"triples", "consumed", true}, {"pairs", "stream", false},
			{"monobit", "stream", true}, {"rank", "stream", true}}},
		{"ca:ca-preset=linear", []stats.Test{stats.Rank, stats.Gap}, []want{{"rank", "stream", true}, {"rank", "consumed", true}, {"gap", "stream", true}}},
		{"lehmer", []stats.Test{stats.Pairs}, []want{{"pairs", "stream", false}, {"pairs", "consumed", true}}},
	}
	for _, c := range cases {
		t.Run(c.spec, func(t *testing.T) {
			res := battery(t, c.spec, c.tests...)
			if c.want == nil {
				for k, r := range res {
					if r.Verdict == "FAIL" || r.Verdict == "n/a" {
						t.Errorf("%s %s: %s (p %g, KS p %g)", k[0], k[1], r.Verdict, r.P, r.KS)
					}
				}
			}
			for _, w := range c.want {
				r, ok := res[[2]string{w.test, w.order}]
				if !ok {
					t.Fatalf("no result for %s %s", w.test, w.order)
				}
				if (r.Verdict == "FAIL") != w.fail {
					t.Errorf("%s %s: %s (p %g, KS p %g), want FAIL: %v", w.test, w.order, r.Verdict, r.P, r.KS, w.fail)
				}
			}
		})
	}
}

// dieharder runs dieharder 3.31 on a file of raw 32-bit words and returns
// the p-values it reports and whether any FAILED.
func dieharder(t *testing.T, file string, args ...string) ([]float64, bool) {
	t.Helper()
	out, err := exec.Command("dieharder", append([]string{"-g", "201", "-f", file}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("dieharder %v: %v\n%s", args, err, out)
	}
	var ps []float64
	failed := false
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 6 || strings.Contains(f[0], "test_name") {
			continue
		}
		p, err := strconv.ParseFloat(strings.TrimSpace(f[4]), 64)
		if err != nil {
			continue
		}
		ps = append(ps, p)
		failed = failed || strings.TrimSpace(f[5]) == "FAILED"
	}
	if len(ps) == 0 {
		t.Fatalf("no p-value in dieharder's output:\n%s", out)
	}
	return ps, failed
}

// For the tests dieharder also has, run on the same numbers (the Go
// reference's dump, which the GPU's equals) with the same samples where the
// statistic is the same (sts_monobit: a sample of 32,768 words;
// rank_32x32: 1,024 matrices; 128 samples), dieharder and rng test agree
// on what fails: both pass philox's stream order and PCG32's, both fail
// PCG32's consumed order on runs and the linear CA on rank. Where they
// pass, dieharder's p-values and ours are both within its run-to-run
// spread (above its FAILED threshold, 1e-6): a good generator's p-values
// are uniform, so closer agreement is not to be had from different bits
// (birthdays, runs) or a different second-level test.
func TestAgreesWithDieharder(t *testing.T) {
	if _, err := exec.LookPath("dieharder"); err != nil {
		if os.Getenv("SPECKLE_REQUIRE_DIEHARDER") == "1" {
			t.Fatal("dieharder is not installed, and SPECKLE_REQUIRE_DIEHARDER=1 (make deps installs it)")
		}
		t.Skip("dieharder is not installed (apt-get install dieharder)")
	}
	dump := func(spec string, interleaved bool) string {
		sp := specs(t, spec)[0]
		inst, err := sp.New(DefaultTestStreams, 0)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		count := DefaultTestNumbers / DefaultTestStreams
		if interleaved {
			err = rng.DumpInterleaved(inst, DefaultTestStreams, count, false, &b, nil)
		} else {
			err = rng.Dump(inst, DefaultTestStreams, count, false, &b, nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		f := filepath.Join(t.TempDir(), "numbers.bin")
		if err := os.WriteFile(f, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	cases := []struct {
		spec     string
		order    string
		test     stats.Test
		dieArgs  []string
		wantFail bool
	}{
		{"philox", "stream", stats.Monobit, []string{"-d", "100", "-t", "32768", "-p", "128"}, false},
		{"philox", "stream", stats.Rank, []string{"-d", "2", "-t", "1024", "-p", "128"}, false},
		{"philox", "stream", stats.Birthdays, []string{"-d", "0", "-p", "100"}, false},
		{"pcg32", "stream", stats.Runs, []string{"-d", "15", "-p", "100"}, false},
		{"pcg32", "consumed", stats.Runs, []string{"-d", "15", "-p", "100"}, true},
		{"ca:ca-preset=linear", "stream", stats.Rank, []string{"-d", "2", "-t", "1024", "-p", "128"}, true},
	}
	ours := map[string]map[[2]string]TestResult{}
	for _, c := range cases {
		if ours[c.spec] == nil {
			ours[c.spec] = battery(t, c.spec, stats.Monobit, stats.Runs, stats.Birthdays, stats.Rank)
		}
		r := ours[c.spec][[2]string{c.test.String(), c.order}]
		ps, failed := dieharder(t, dump(c.spec, c.order == "consumed"), c.dieArgs...)
		if failed != c.wantFail || (r.Verdict == "FAIL") != c.wantFail {
			t.Errorf("%s %s %s: dieharder p %v (failed %v), ours %s (p %g, KS p %g); want both failing: %v",
				c.spec, c.order, c.test, ps, failed, r.Verdict, r.P, r.KS, c.wantFail)
		}
	}
}

// The report's table, CSV, JSON and grid say the same.
func TestRNGTestReportOutputs(t *testing.T) {
	rep := RNGTestReport{Device: "d", Numbers: 1 << 20, Streams: 4, Samples: 8,
		Generators: []TestedGenerator{{Label: "a", Seconds: 1, PerS: 1e6}, {Label: "b", Seconds: 2, PerS: 5e5, Note: "degenerate stream 0 (1 of 4): x"}},
		Results: []TestResult{tr("a", "gap", "stream", 1<<20, 0.5, 0.25, 0.5, "PASS"), tr("b", "gap", "stream", 1<<20, 1e-9, 0.5, 4e-9, "FAIL"),
			tr("a", "gap", "consumed", 1<<20, nanP(), 0.5, 0.5, "PASS")}}
	var table, csv, js bytes.Buffer
	if err := rep.WriteTable(&table); err != nil || !strings.Contains(table.String(), "1.05e6 numbers/s") && !strings.Contains(table.String(), "1e6 numbers/s") {
		t.Errorf("table: %v\n%s", err, table.String())
	}
	if !strings.Contains(table.String(), "FAIL where Benjamini-Hochberg at false discovery rate q = 0.01 rejects") {
		t.Errorf("the table does not state the thresholds:\n%s", table.String())
	}
	if err := rep.WriteCSV(&csv); err != nil || strings.Count(csv.String(), "\n") != 4 || !strings.Contains(csv.String(), "b,gap,stream,1048576,1e-09,0.5,FAIL") {
		t.Errorf("CSV: %v\n%s", err, csv.String())
	}
	var back struct {
		Results []struct {
			P       *float64 `json:"p"`
			Verdict string
		}
	}
	if err := rep.WriteJSON(&js); err != nil || json.Unmarshal(js.Bytes(), &back) != nil || len(back.Results) != 3 || back.Results[2].P != nil || *back.Results[1].P != 1e-9 {
		t.Errorf("JSON: %v\n%s", err, js.String())
	}
	g := rep.Grid()
	if g.Bounds().Dx() < 64 || g.Bounds().Dy() < 2*32 {
		t.Errorf("grid of %v for 2 generators", g.Bounds())
	}
}

func nanP() float64 { p, _ := strconv.ParseFloat("NaN", 64); return p }

// The verdict grid carries a legend (every verdict's colour under the
// cells, with what it means) in colours that colour-vision deficiencies
// keep apart: no green for PASS beside red for FAIL.
func TestVerdictGridHasALegend(t *testing.T) {
	rep := RNGTestReport{Numbers: 1 << 20, Generators: []TestedGenerator{{Label: "randu"}},
		Results: []TestResult{{Generator: "randu", Test: "pairs", Order: "stream", Verdict: "PASS"}, {Generator: "randu", Test: "pairs", Order: "consumed", Verdict: "FAIL"}}}
	img := rep.Grid()
	plain := imageio.Grid{Cells: [][]*image.NRGBA{{image.NewNRGBA(image.Rect(0, 0, 64, 32))}}, RowLabels: []string{"randu"}, ColLabels: []string{"pairs"}, Title: "x"}.Draw()
	if img.Rect.Dy() <= plain.Rect.Dy() {
		t.Fatalf("grid %v is no taller than its montage %v: no legend", img.Rect, plain.Rect)
	}
	for _, v := range imageio.Verdicts { // each swatch in the strip below the cells
		want, found := imageio.VerdictColor(v), false
		for y := plain.Rect.Dy(); y < img.Rect.Dy() && !found; y++ {
			for x := 0; x < img.Rect.Dx() && !found; x++ {
				found = img.NRGBAAt(x, y) == want
			}
		}
		if !found {
			t.Errorf("no %s swatch in the legend", v)
		}
	}
	if c := imageio.VerdictColor("PASS"); c.G > c.B {
		t.Errorf("PASS is green (%v): red against green is what colour-blind readers cannot tell apart", c)
	}
}

// PASS and FAIL are far apart in lightness (grey print, every colour-vision
// deficiency), each half of a cell names its order, and the grid says how
// many SUSPECTs chance gives: 2 generators x 2 tests x 2 orders, 8 verdicts,
// about 8 x 2 % = 0.2.
func TestVerdictGridLightnessOrdersAndChance(t *testing.T) {
	lum := func(c color.NRGBA) float64 { return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B) }
	if d := lum(imageio.VerdictColor("PASS")) - lum(imageio.VerdictColor("FAIL")); d < 100 {
		t.Errorf("PASS is only %.0f (of 255) lighter than FAIL", d)
	}
	var res []TestResult
	for _, g := range []string{"rand48", "philox"} {
		for _, test := range []string{"pairs", "gap"} {
			res = append(res, TestResult{Generator: g, Test: test, Order: "stream", Verdict: "PASS"},
				TestResult{Generator: g, Test: test, Order: "consumed", Verdict: "FAIL"})
		}
	}
	rep := RNGTestReport{Numbers: 1 << 20, Generators: []TestedGenerator{{Label: "rand48"}, {Label: "philox"}}, Results: res}
	if note := rep.chanceNote(); !strings.Contains(note, "expected by chance") || !strings.Contains(note, "8 verdicts") || !strings.Contains(note, "about 0.2 of them") {
		t.Errorf("note %q", note)
	}
	img := rep.Grid()
	for _, v := range []string{"PASS", "FAIL"} { // the order's name, in the cell's ink, on the cell
		if n := countColour(img, imageio.VerdictInk(v)); n < 10 {
			t.Errorf("%d pixels of %s's ink: the orders are not named in the cells", n, v)
		}
	}
	if n := countColour(img, imageio.GeneratorColor("rand48")); n < 10 {
		t.Errorf("rand48's row label is not in rand48's colour (%d pixels)", n)
	}
}

func countColour(img *image.NRGBA, c color.NRGBA) int {
	n := 0
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if img.NRGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}
