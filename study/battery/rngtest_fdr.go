package battery

import (
	"fmt"

	"speckle/internal/stats"
	"speckle/study"
)

// Multiple testing (issue 35 item 3): study.Grade states and applies the
// rule; FDRRule words it.

// FDRRule states the rule, for help texts, footers and the docs.
func FDRRule() string {
	return fmt.Sprintf("FAIL where Benjamini-Hochberg at false discovery rate q = %g rejects, over each generator's p-values "+
		"(every test, order and lag; a test's p and KS p both; each read two-sided as 2 min(p, 1-p)); "+
		"a perfect generator shows a FAIL in at most 1 run in %g", stats.FDRLevel, 1/stats.FDRLevel)
}

// grade applies the rule to one generator's results and lags (study.Grade).
func grade(res []TestResult, lags []study.LagResult) { study.Grade(res, lags) }
