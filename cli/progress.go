package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// logInterval is how often progress prints a line where stderr is no
// terminal (a log, a pipe, a batch job): often enough to show the work
// goes on, seldom enough to keep the log short.
const logInterval = 5 * time.Second

// progressIntervalEnv sets the interval between log lines (a duration such
// as 1s) for a log that wants them more or less often than logInterval.
const progressIntervalEnv = "SPECKLE_PROGRESS_INTERVAL"

// progress draws a bar with rate and ETA on a terminal, redrawn in place;
// elsewhere it prints a plain line every logInterval, so a long run in a log
// is not silent and a short one leaves the log clean.
type progress struct {
	w           io.Writer
	label, unit string
	total       int
	start, last time.Time
	terminal    bool
	interval    time.Duration // between lines where not a terminal; 0: none
	drawn       bool          // a bar is on the terminal's current line
}

// newProgress reports to w. Progress lines never go into stdout that is not
// a terminal: that is the command's output.
func newProgress(w io.Writer, label string, total int, unit string) *progress {
	now := time.Now()
	p := &progress{w: w, label: label, total: total, unit: unit, start: now, last: now, terminal: isTerminal(w), interval: logInterval}
	if d, err := time.ParseDuration(os.Getenv(progressIntervalEnv)); err == nil && d > 0 {
		p.interval = d
	}
	if c, ok := w.(*checkedWriter); ok {
		w = c.w
	}
	if w == io.Writer(os.Stdout) {
		p.interval = 0
	}
	return p
}

// set reports done units; a terminal's bar is redrawn at most ten times a
// second, a log's line written every interval.
func (p *progress) set(done int) {
	since := time.Since(p.last)
	if p.terminal && since < 100*time.Millisecond && done < p.total && p.drawn {
		return
	}
	if !p.terminal && (p.interval == 0 || since < p.interval) {
		return
	}
	p.last = time.Now()
	frac := float64(done) / float64(max(p.total, 1))
	elapsed := time.Since(p.start).Seconds()
	rate := float64(done) / max(elapsed, 1e-9)
	eta := "?"
	if done > 0 {
		eta = (time.Duration(float64(p.total-done)/rate) * time.Second).Round(time.Second).String()
	}
	stats := fmt.Sprintf("%3.0f%% %d/%d %s, %.3g %s/s, ETA %s", 100*frac, done, p.total, p.unit, rate, p.unit, eta)
	if !p.terminal {
		fmt.Fprintf(p.w, "%s: %s\n", p.label, strings.TrimSpace(stats))
		return
	}
	const width = 30
	n := int(frac * width)
	fmt.Fprintf(p.w, "\r%s [%s%s] %s ", p.label, strings.Repeat("=", n), strings.Repeat(" ", width-n), stats)
	p.drawn = true
}

// breakLine ends the bar's line, so that other output starts on its own;
// the next set draws the bar anew.
func (p *progress) breakLine() {
	if p.terminal && p.drawn {
		fmt.Fprintln(p.w)
		p.drawn = false
	}
}

// done ends the bar's line.
func (p *progress) done() { p.breakLine() }
