package pareto

import (
	"bytes"
	"encoding/csv"
	"math"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"speckle/rng"
)

func sampleReport() Report {
	r := Report{Device: "dev (x)", Seed: 7, Tests: []string{"gap"}, Numbers: 1 << 22, Samples: 128, Passes: []int64{1 << 22},
		SumInvocations: 1 << 14, SumDraws: 256, BenchSeconds: 0.1, TimeBudget: 60, Seconds: 42,
		Points: []Point{
			{Generator: "philox", Spec: "philox", Seed: 7, Streams: 128, ConsumedPerS: 4.2e8, Verdicts: 18, Pass: 17, Suspect: 1, Quality: 1},
			{Generator: "lcg", Spec: "lcg", Seed: 7, ConsumedPerS: 5.5e9, Verdicts: 18, Fail: 18, Quality: 0, Paper: &PaperRow{"lcg", 9.81, 5}},
			{Generator: "odd, \"name\"", Spec: "x", ConsumedPerS: 1, Quality: math.NaN()},
		}}
	MarkFrontier(r.Points)
	return r
}

// equalPoints compares points with NaN qualities equal.
func equalPoints(t *testing.T, got, want []Point) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d points, want %d", len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if math.IsNaN(g.Quality) && math.IsNaN(w.Quality) {
			g.Quality, w.Quality = 0, 0
		}
		if !reflect.DeepEqual(g, w) {
			t.Errorf("point %d: %+v, want %+v", i, g, w)
		}
	}
}

func TestCSVRoundTrip(t *testing.T) {
	r := sampleReport()
	var b bytes.Buffer
	if err := r.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	got, err := ReadCSV(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	equalPoints(t, got, r.Points)
	rows, _ := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if n := rows[1][len(csvHeader)-3]; n != strconv.Itoa(1<<22) || rows[1][3] != "128" || rows[1][len(csvHeader)-1] != "dev (x)" {
		t.Errorf("the layout on every row: %v", rows[1])
	}
	if _, err := ReadCSV(strings.NewReader("a,b\n")); err == nil {
		t.Error("a CSV of other columns was read")
	}
}

func TestJSONRoundTrip(t *testing.T) {
	r := sampleReport()
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"quality": null`) {
		t.Errorf("a NaN quality is not null:\n%s", b.String())
	}
	got, err := ReadJSON(&b)
	if err != nil {
		t.Fatal(err)
	}
	equalPoints(t, got.Points, r.Points)
	got.Points, r.Points = nil, nil
	if !reflect.DeepEqual(got, r) {
		t.Errorf("report %+v, want %+v", got, r)
	}
}

func TestTableSaysTheLayout(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"device: dev (x)", "5 of 160", "not FAIL", "2^22 numbers an order", "seed 7"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
}

// The table in Go is the authors' data.csv as docs/data holds it.
func TestPaperIsTheDataFile(t *testing.T) {
	f, err := os.ReadFile("../../docs/data/jarzynski-olano-2020-bigcrush.csv")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(f)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows)-1 != len(Paper) {
		t.Fatalf("%d rows in the file, %d in Go", len(rows)-1, len(Paper))
	}
	for i, row := range rows[1:] {
		us, _ := strconv.ParseFloat(row[1], 64)
		n, _ := strconv.Atoi(row[2])
		if p := Paper[i]; p.Hash != row[0] || p.Micros != us || p.Passed != n {
			t.Errorf("row %d: %+v, file %v", i, p, row)
		}
	}
}

func TestPaperHash(t *testing.T) {
	for spec, want := range map[string]string{"tea": "tea4", "tea:tea-rounds=6": "tea6", "pcg3d:hash-key=native": "pcg3d",
		"lcg": "lcg", "pcg": "", "philox": "", "xxhash32": "xxhash32"} {
		sp, err := rng.ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := PaperHash(sp); got != want {
			t.Errorf("%s: %q, want %q", spec, got, want)
		}
	}
}

// The common axis: each side over its own geometric mean of the hashes
// both hold, so a GPU that agrees with the paper puts both points at one x.
func TestRelative(t *testing.T) {
	p := []Point{{ConsumedPerS: 4e9, Paper: &PaperRow{Micros: 10}}, {ConsumedPerS: 1e9, Paper: &PaperRow{Micros: 40}}, {ConsumedPerS: 7}}
	n, ref, rel, paper := Relative(p)
	if n != 2 || math.Abs(ref-2e9) > 1 {
		t.Fatalf("n %d ref %v", n, ref)
	}
	for _, q := range p[:2] {
		if math.Abs(rel(q)-paper(q)) > 1e-12 {
			t.Errorf("agreeing speeds at %v and %v", rel(q), paper(q))
		}
	}
	if n, _, _, _ := Relative(p[2:]); n != 0 {
		t.Error("no paper row, yet a common axis")
	}
}
