package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/term"

	"speckle/internal/units"
)

// logInterval is how often progress prints a line where stderr is no
// terminal (a log, a pipe, a batch job): often enough to show the work
// goes on, seldom enough to keep the log short.
const logInterval = 5 * time.Second

// progressIntervalEnv sets the interval between log lines (a duration such
// as 1s) for a log that wants them more or less often than logInterval.
const progressIntervalEnv = "SPECKLE_PROGRESS_INTERVAL"

// rateWindow is how far back the rate and the ETA look: the recent rate,
// so that a slow start (shader compilation, a first warm-up) or a change of
// pace mid-run (another job on the GPU) stops weighing on the ETA after it.
const rateWindow = 10 * time.Second

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
	now         func() time.Time
	columns     func() int // the terminal's width, asked at each redraw: it may be resized
	samples     []sample   // (time, done) over the last rateWindow, oldest first
}

type sample struct {
	t    time.Time
	done int
}

// newProgress reports to w. Progress lines never go into stdout that is not
// a terminal: that is the command's output.
func newProgress(w io.Writer, label string, total int, unit string) *progress {
	p := &progress{w: w, label: label, total: total, unit: unit, terminal: isTerminal(w), interval: logInterval,
		now: time.Now, columns: func() int { return terminalColumns(w) }}
	p.restart(time.Now())
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

// restart counts the work, its rate and ETA from t.
func (p *progress) restart(t time.Time) {
	p.start, p.last = t, t
	p.samples = []sample{{t, 0}}
}

// terminalColumns is w's width where it is a terminal that says, else 80.
func terminalColumns(w io.Writer) int {
	if c, ok := w.(*checkedWriter); ok {
		w = c.w
	}
	if f, ok := w.(*os.File); ok {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 0 {
			return cols
		}
	}
	return 80
}

// rate is the units per second over the last rateWindow (from the start
// while the run is younger), done at now the newest measure.
func (p *progress) rate(now time.Time, done int) float64 {
	if done < p.samples[len(p.samples)-1].done {
		// Counted afresh: a run of phases (rng pareto's speed, then each
		// battery size) reports each from its start. The rate is the new
		// phase's, never a negative one across the two.
		p.samples = []sample{{now, done}}
	}
	if now.Sub(p.samples[len(p.samples)-1].t) >= rateWindow/100 { // a hundred samples at most
		p.samples = append(p.samples, sample{now, done})
	}
	// Keep one sample at least rateWindow old, so the span is full.
	i := 0
	for i+1 < len(p.samples) && now.Sub(p.samples[i+1].t) >= rateWindow {
		i++
	}
	p.samples = p.samples[i:]
	first := p.samples[0]
	return float64(done-first.done) / max(now.Sub(first.t).Seconds(), 1e-9)
}

// set reports done units; a terminal's bar is redrawn at most ten times a
// second, a log's line written every interval.
func (p *progress) set(done int) {
	now := p.now()
	rate := p.rate(now, done)
	since := now.Sub(p.last)
	if p.terminal && since < 100*time.Millisecond && done < p.total && p.drawn {
		return
	}
	if !p.terminal && (p.interval == 0 || since < p.interval) {
		return
	}
	p.last = now
	frac := float64(done) / float64(max(p.total, 1))
	eta := "?"
	if rate > 0 {
		eta = (time.Duration(float64(p.total-done)/rate) * time.Second).Round(time.Second).String()
	}
	if !p.terminal {
		fmt.Fprintf(p.w, "%s: %.0f%% %d/%d %s, %.3g %s/s, ETA %s\n", p.label, 100*frac, done, p.total, p.unit, rate, p.unit, eta)
		return
	}
	// Shorter than the log's line, so that 80 columns hold a bar too.
	stats := fmt.Sprintf("%3.0f%% %d/%d %s %s/s ETA %s", 100*frac, done, p.total, p.unit, units.FormatRate(rate), eta)
	fmt.Fprint(p.w, "\r"+barLine(p.label, stats, frac, p.columns()))
	p.drawn = true
}

// barLine is the bar's line for a terminal cols wide: label, bar and stats,
// the bar narrowed or left out where they do not fit, the rest cut, padded
// with spaces over the last line's leftovers. It is one column short of the
// width: a full line wraps on some terminals, and each redraw would then
// start a new line.
func barLine(label, stats string, frac float64, cols int) string {
	room := max(cols-1, 1)
	width := min(30, room-utf8.RuneCountInString(label)-utf8.RuneCountInString(stats)-4) // " [" "] " " "
	line := label + " " + stats
	if width >= 8 {
		n := int(frac * float64(width))
		line = fmt.Sprintf("%s [%s%s] %s", label, strings.Repeat("=", n), strings.Repeat(" ", width-n), stats)
	}
	if r := []rune(line); len(r) > room {
		line = string(r[:room])
	}
	return line + strings.Repeat(" ", room-utf8.RuneCountInString(line))
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
