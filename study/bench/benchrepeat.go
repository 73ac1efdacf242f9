package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"text/tabwriter"
)

// RepeatedCase is one bench render case measured in several fresh
// processes: its photons per second in each, in run order.
type RepeatedCase struct {
	Scene       string    `json:"scene"`
	Generator   string    `json:"generator"`
	Grid        string    `json:"grid"`
	Deposit     string    `json:"deposit"`
	PhotonsPerS []float64 `json:"photons_per_s"`
}

// Spread is the case's min, median and max photons per second and max/min.
func (c RepeatedCase) Spread() (lo, median, hi, ratio float64) {
	v := slices.Clone(c.PhotonsPerS)
	slices.Sort(v)
	lo, hi = v[0], v[len(v)-1]
	median = v[len(v)/2]
	if len(v)%2 == 0 {
		median = (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	return lo, median, hi, hi / lo
}

// RepeatReport is bench render repeated: one case per scene, generator,
// grid and deposit, with each process's figure.
type RepeatReport struct {
	Device string         `json:"device"`
	Runs   int            `json:"runs"`
	Cases  []RepeatedCase `json:"cases"`
}

// MergeRepeats reads the JSON reports (RenderBenchReport.WriteJSON) of runs
// of one bench in fresh processes and gathers each case's figures. Runs
// that disagree on their device or cases are refused: they are not repeats.
func MergeRepeats(runs [][]byte) (RepeatReport, error) {
	var out RepeatReport
	type result struct {
		Scene       string         `json:"scene"`
		Generator   string         `json:"generator"`
		Grid        map[string]any `json:"grid"`
		Deposit     string         `json:"deposit"`
		PhotonsPerS float64        `json:"photons_per_s"`
	}
	for i, data := range runs {
		var r struct {
			Device  string   `json:"device"`
			Results []result `json:"results"`
		}
		if err := json.Unmarshal(data, &r); err != nil {
			return out, fmt.Errorf("run %d: %v", i+1, err)
		}
		if i == 0 {
			out.Device = r.Device
			for _, c := range r.Results {
				out.Cases = append(out.Cases, RepeatedCase{Scene: c.Scene, Generator: c.Generator, Grid: gridText(c.Grid), Deposit: c.Deposit})
			}
		}
		if r.Device != out.Device || len(r.Results) != len(out.Cases) {
			return out, fmt.Errorf("run %d measured %d cases on %q, run 1 %d on %q", i+1, len(r.Results), r.Device, len(out.Cases), out.Device)
		}
		for k, c := range r.Results {
			want := out.Cases[k]
			if c.Scene != want.Scene || c.Generator != want.Generator || gridText(c.Grid) != want.Grid || c.Deposit != want.Deposit {
				return out, fmt.Errorf("run %d's case %d is %s %s, run 1's %s %s", i+1, k+1, c.Scene, c.Generator, want.Scene, want.Generator)
			}
			out.Cases[k].PhotonsPerS = append(out.Cases[k].PhotonsPerS, c.PhotonsPerS)
		}
		out.Runs++
	}
	return out, nil
}

// gridText is a case's grid in one canonical form (keys sorted).
func gridText(g map[string]any) string {
	b, _ := json.Marshal(g)
	return string(b)
}

// WriteTable writes each case's photons per second over the processes:
// min, median, max and max/min, the figure a repeat exists to bound.
func (r RepeatReport) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "device: %s; photons/s over %d fresh processes\n", r.Device, r.Runs)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scene\tgenerator\tdeposit\tmin\tmedian\tmax\tmax/min\t")
	for _, c := range r.Cases {
		lo, med, hi, ratio := c.Spread()
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.3g\t%.3g\t%.3g\t%.2f\t\n", c.Scene, c.Generator, c.Deposit, lo, med, hi, ratio)
	}
	return tw.Flush()
}

// WriteJSON writes the report as indented JSON.
func (r RepeatReport) WriteJSON(w io.Writer) error {
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(r)
}
