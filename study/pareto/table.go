package pareto

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"

	"speckle/internal/units"
)

// csvHeader is the CSV's columns: a point a row, with the run's layout on
// every row (as rng test's CSV carries its layout).
var csvHeader = []string{"generator", "spec", "seed", "streams", "consumed_per_s", "verdicts", "pass", "suspect", "fail", "quality", "frontier",
	"paper_hash", "paper_timing_us", "paper_bigcrush_passed", "numbers_per_order", "samples", "device"}

// WriteCSV writes the points as CSV.
func (r Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, p := range r.Points {
		hash, us, passed := "", "", ""
		if p.Paper != nil {
			hash, us, passed = p.Paper.Hash, f(p.Paper.Micros), strconv.Itoa(p.Paper.Passed)
		}
		q := f(p.Quality)
		if math.IsNaN(p.Quality) {
			q = ""
		}
		row := []string{p.Generator, p.Spec, strconv.FormatUint(uint64(p.Seed), 10), strconv.Itoa(p.Streams), f(p.ConsumedPerS),
			strconv.Itoa(p.Verdicts), strconv.Itoa(p.Pass), strconv.Itoa(p.Suspect), strconv.Itoa(p.Fail), q, strconv.FormatBool(p.Frontier),
			hash, us, passed, strconv.FormatInt(r.Numbers, 10), strconv.Itoa(r.Samples), r.Device}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// ReadCSV reads WriteCSV's points back (the tools' round trip).
func ReadCSV(rd io.Reader) ([]Point, error) {
	rows, err := csv.NewReader(rd).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || len(rows[0]) != len(csvHeader) {
		return nil, fmt.Errorf("not a pareto CSV: want the columns %v", csvHeader)
	}
	var out []Point
	for _, row := range rows[1:] {
		p, err := parseRow(row)
		if err != nil {
			return nil, fmt.Errorf("row %d: %v", len(out)+2, err)
		}
		out = append(out, p)
	}
	return out, nil
}

func parseRow(row []string) (Point, error) {
	var errs []error
	num := func(s string) float64 {
		if s == "" {
			return math.NaN()
		}
		v, err := strconv.ParseFloat(s, 64)
		errs = append(errs, err)
		return v
	}
	whole := func(s string) int { v, err := strconv.Atoi(s); errs = append(errs, err); return v }
	seed, err := strconv.ParseUint(row[2], 10, 32)
	errs = append(errs, err)
	frontier, err := strconv.ParseBool(row[10])
	errs = append(errs, err)
	p := Point{Generator: row[0], Spec: row[1], Seed: uint32(seed), Streams: whole(row[3]), ConsumedPerS: num(row[4]), Verdicts: whole(row[5]),
		Pass: whole(row[6]), Suspect: whole(row[7]), Fail: whole(row[8]), Quality: num(row[9]), Frontier: frontier}
	if row[11] != "" {
		p.Paper = &PaperRow{Hash: row[11], Micros: num(row[12]), Passed: whole(row[13])}
	}
	for _, e := range errs {
		if e != nil {
			return p, e
		}
	}
	return p, nil
}

// WriteJSON writes the report as indented JSON (a quality that is not a
// number, for a generator no verdict graded, as null).
func (r Report) WriteJSON(w io.Writer) error {
	type point struct {
		Point
		Quality *float64 `json:"quality"`
	}
	out := struct {
		Report
		Points []point `json:"points"`
	}{Report: r}
	for _, p := range r.Points {
		pt := point{Point: p}
		if !math.IsNaN(p.Quality) {
			pt.Quality = &p.Quality
		}
		out.Points = append(out.Points, pt)
	}
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(out)
}

// ReadJSON reads WriteJSON's report back.
func ReadJSON(rd io.Reader) (Report, error) {
	var r Report
	err := json.NewDecoder(rd).Decode(&r)
	for i := range r.Points {
		if r.Points[i].Verdicts == 0 {
			r.Points[i].Quality = math.NaN()
		}
	}
	return r, err
}

// WriteTable writes the points for people: fastest first, the frontier
// starred, then the layout.
func (r Report) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "device: %s\n", r.Device)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "generator\tconsumed floats/s\tnot FAIL\tPASS\tSUSPECT\tFAIL\tfrontier\tBigCrush passed (paper)\t")
	for _, p := range ByspeedDesc(r.Points) {
		star, paper := "", "-"
		if p.Frontier {
			star = "*"
		}
		if p.Paper != nil {
			paper = fmt.Sprintf("%d of %d", p.Paper.Passed, PaperTests)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%s\t%s\t\n", p.Generator, units.FormatRate(p.ConsumedPerS), Share(p.Quality), p.Pass, p.Suspect, p.Fail, star, paper)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "%s\n", r.Layout())
	return nil
}

// Layout says how the plane was measured, for the table and the figure.
func (r Report) Layout() string {
	return fmt.Sprintf("speed: floats drawn and summed in registers per second (rng bench's consumed rate; %d invocations x %d draws a dispatch); "+
		"quality: the share of the battery's %d verdicts (%d tests x 2 orders) that are not FAIL, at %s numbers an order from %s streams in %d samples, seed %d; %.0f s",
		r.SumInvocations, r.SumDraws, 2*len(r.Tests), len(r.Tests), units.FormatLimit(r.Numbers), r.streamsText(), r.Samples, r.Seed, r.Seconds)
}

// streamsText is the battery's streams: one count, or the range where a
// generator's state or dump took fewer.
func (r Report) streamsText() string {
	lo, hi := 0, 0
	for _, p := range r.Points {
		if p.Streams > 0 {
			if lo == 0 || p.Streams < lo {
				lo = p.Streams
			}
			hi = max(hi, p.Streams)
		}
	}
	if lo == hi {
		return strconv.Itoa(hi)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}
