package cli

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// progress draws a bar with rate and ETA on a terminal; elsewhere it is silent,
// so pipes and logs stay clean.
type progress struct {
	w           io.Writer
	label, unit string
	total       int
	start, last time.Time
	enabled     bool
}

func newProgress(w io.Writer, label string, total int, unit string) *progress {
	return &progress{w: w, label: label, total: total, unit: unit, start: time.Now(), enabled: isTerminal(w)}
}

// set reports done units; it redraws at most ten times a second.
func (p *progress) set(done int) {
	if !p.enabled || (time.Since(p.last) < 100*time.Millisecond && done < p.total) {
		return
	}
	p.last = time.Now()
	const width = 30
	frac := float64(done) / float64(max(p.total, 1))
	n := int(frac * width)
	elapsed := time.Since(p.start).Seconds()
	rate := float64(done) / max(elapsed, 1e-9)
	eta := "?"
	if done > 0 {
		eta = (time.Duration(float64(p.total-done)/rate) * time.Second).Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "\r%s [%s%s] %3.0f%% %d/%d %s, %.3g %s/s, ETA %s ",
		p.label, strings.Repeat("=", n), strings.Repeat(" ", width-n), 100*frac, done, p.total, p.unit, rate, p.unit, eta)
}

// done ends the bar's line.
func (p *progress) done() {
	if p.enabled && !p.last.IsZero() {
		fmt.Fprintln(p.w)
	}
}
