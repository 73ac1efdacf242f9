package imageio

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// ConvergenceRow is one measurement of a capture: the error of a render against the reference
// after Photons photons, and the render's time.
type ConvergenceRow struct {
	Scene     string
	Generator string
	Photons   int64
	RMSE      float64
	Seconds   float64
}

// convergenceHeader is the CSV header line's fields.
var convergenceHeader = []string{"scene", "generator", "photons", "rmse", "seconds"}

// formatRMSE and FormatSeconds are the CSV's number formats: RMSE with 7 significant digits in
// exponent form (1.234568e-03), seconds with millisecond resolution (12.345). Both are
// locale-free and the same on every machine; NaN and infinities are "NaN", "+Inf", "-Inf".
func formatRMSE(v float64) string    { return strconv.FormatFloat(v, 'e', 6, 64) }
func FormatSeconds(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }

// WriteConvergenceCSV writes rows as CSV with the header scene,generator,photons,rmse,seconds,
// one line per row in the given order, atomically.
func WriteConvergenceCSV(path string, rows []ConvergenceRow) error {
	return WriteFileAtomic(path, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		if err := cw.Write(convergenceHeader); err != nil {
			return err
		}
		for _, r := range rows {
			rec := []string{r.Scene, r.Generator, strconv.FormatInt(r.Photons, 10), formatRMSE(r.RMSE), FormatSeconds(r.Seconds)}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
		cw.Flush()
		return cw.Error()
	})
}

// ReadConvergenceCSV reads a file written by WriteConvergenceCSV. Errors name the file and the
// line.
func ReadConvergenceCSV(path string) ([]ConvergenceRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	cr := csv.NewReader(f)
	cr.FieldsPerRecord = len(convergenceHeader)
	recs, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(recs) == 0 || strings.Join(recs[0], ",") != strings.Join(convergenceHeader, ",") {
		return nil, fmt.Errorf("%s: line 1: want the header %s", path, strings.Join(convergenceHeader, ","))
	}
	rows := make([]ConvergenceRow, 0, len(recs)-1)
	for i, rec := range recs[1:] {
		line := i + 2
		photons, err := strconv.ParseInt(rec[2], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: photons %q is not an integer", path, line, rec[2])
		}
		rmse, err := strconv.ParseFloat(rec[3], 64)
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: rmse %q is not a number", path, line, rec[3])
		}
		secs, err := strconv.ParseFloat(rec[4], 64)
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: seconds %q is not a number", path, line, rec[4])
		}
		rows = append(rows, ConvergenceRow{Scene: rec[0], Generator: rec[1], Photons: photons, RMSE: rmse, Seconds: secs})
	}
	return rows, nil
}

// usable reports whether a point can be drawn on log-log axes.
func usable(r ConvergenceRow) bool {
	return r.Photons > 0 && r.RMSE >= 1e-300 && r.RMSE <= 1e300 // false for NaN
}
