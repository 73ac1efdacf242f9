package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// Where stderr is no terminal, progress prints a plain line per interval
// (none before the first interval is up), each with the share done, the
// rate and the ETA; nothing is redrawn with carriage returns.
func TestProgressLinesOffTerminal(t *testing.T) {
	t.Setenv(progressIntervalEnv, "") // the default, whatever the environment of go test says
	var b bytes.Buffer
	p := newProgress(&b, "capture plane", 100, "k photons")
	if p.terminal || p.interval != logInterval {
		t.Fatalf("a buffer: terminal %v, interval %v", p.terminal, p.interval)
	}
	p.set(10)
	if b.Len() != 0 {
		t.Fatalf("a line before the interval: %q", b.String())
	}
	p.interval = time.Millisecond
	for _, n := range []int{40, 100} {
		time.Sleep(2 * time.Millisecond)
		p.set(n)
	}
	p.done()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 2 || strings.Contains(b.String(), "\r") ||
		!strings.HasPrefix(lines[0], "capture plane: 40% 40/100 k photons, ") || !strings.Contains(lines[0], "k photons/s, ETA ") ||
		!strings.HasPrefix(lines[1], "capture plane: 100% 100/100 k photons") {
		t.Errorf("progress lines %q", lines)
	}
}

// A status line (bar.say) breaks a terminal's bar onto a line of its own.
func TestProgressBreaksTheBarsLine(t *testing.T) {
	var b bytes.Buffer
	p := newProgress(&b, "x", 10, "u")
	p.terminal = true
	p.set(5)
	p.breakLine()
	p.breakLine() // once only
	if s := b.String(); !strings.HasPrefix(s, "\rx [") || strings.Count(s, "\n") != 1 || !strings.HasSuffix(s, "\n") {
		t.Errorf("bar %q", s)
	}
}

// clock is a synthetic clock for progress: no test depends on the machine's speed.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

// On a terminal 80 columns wide, each redraw fits in 79 columns (a full
// line wraps on some terminals, and each redraw would then start a new
// line): the bar narrows, then goes, then the line is cut; nothing but \r
// separates redraws. Issue 32, item 9.
func TestProgressFitsTheTerminal(t *testing.T) {
	for _, c := range []struct {
		label string
		cols  int
		bar   bool
	}{
		{"render cornell philox", 200, true},
		{"render cornell philox", 80, true},
		{"capture cornell", 80, true},
		{"render caustics lehmer lehmer-seeding=slm philox-rounds=7", 80, false},
		{"render caustics lehmer lehmer-seeding=slm philox-rounds=7 and a label longer than any terminal", 80, false},
		{"render cornell philox", 20, false},
	} {
		var b bytes.Buffer
		clk := &clock{time.Unix(1e9, 0)}
		p := newProgress(&b, c.label, 100000, "k photons")
		p.terminal, p.now, p.columns = true, clk.now, func() int { return c.cols }
		p.restart(clk.now())
		for done := 0; done <= 100000; done += 12345 {
			clk.advance(time.Second)
			p.set(done)
		}
		out := b.String()
		if strings.Contains(out, "\n") {
			t.Errorf("%q at %d columns: a new line while redrawing: %q", c.label, c.cols, out)
		}
		draws := strings.Split(out, "\r")[1:]
		if len(draws) != 9 {
			t.Errorf("%q: %d redraws, want 9", c.label, len(draws))
		}
		for _, d := range draws {
			if n := len([]rune(d)); n != c.cols-1 {
				t.Errorf("%q at %d columns: a redraw of %d columns: %q", c.label, c.cols, n, d)
			}
			if strings.Contains(d, "[") != c.bar {
				t.Errorf("%q at %d columns: bar shown %v, want %v: %q", c.label, c.cols, !c.bar, c.bar, d)
			}
		}
		if c.cols == 80 && !strings.Contains(draws[len(draws)-1], c.label[:10]) {
			t.Errorf("the label is lost: %q", draws[len(draws)-1])
		}
	}
}

// The ETA and the rate are the recent ones (the last rateWindow), not the
// average since the start: after a fast start the work slows to a tenth,
// and the ETA says so. Off a terminal, on the log's lines.
func TestProgressETAFromRecentRate(t *testing.T) {
	var b bytes.Buffer
	clk := &clock{time.Unix(1e9, 0)}
	p := newProgress(&b, "render", 1000, "k photons")
	p.now, p.interval = clk.now, 5*time.Second
	p.restart(clk.now())
	done := 0
	for range 30 { // 10 a second for 30 s
		clk.advance(time.Second)
		done += 10
		p.set(done)
	}
	for range 20 { // then 1 a second for 20 s: the average since the start is 6.4
		clk.advance(time.Second)
		done++
		p.set(done)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	last := lines[len(lines)-1]
	// 680 left at 1 a second: 11m20s (the average since the start would say 1m46s).
	if !strings.HasPrefix(last, "render: 32% 320/1000 k photons, 1 k photons/s, ETA 11m20s") {
		t.Errorf("last line %q", last)
	}
	if first := lines[0]; !strings.Contains(first, "10 k photons/s, ETA 1m35s") {
		t.Errorf("first line %q: want the start's rate, 10 a second, 950 left", first)
	}
}

// A run of phases counts each from its start (rng pareto: the speeds, then
// the battery at each size): the rate starts afresh where the count goes
// back, and is never negative.
func TestProgressRateRestartsWithAPhase(t *testing.T) {
	var b bytes.Buffer
	clk := &clock{t: time.Unix(0, 0)}
	p := newProgress(&b, "pareto", 26, "generators")
	p.now, p.interval = clk.now, time.Second
	p.restart(clk.now())
	for _, done := range []int{5, 10, 20, 26, 2, 4, 6} {
		clk.advance(2 * time.Second)
		p.set(done)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 7 {
		t.Fatalf("%d lines, want 7: %q", len(lines), lines)
	}
	for _, l := range lines {
		if strings.Contains(l, ", -") {
			t.Errorf("a negative rate: %q", l)
		}
	}
	// The new phase's own pace: 2 a 2 s, so 1 generator/s, 20 left: 20 s.
	if want := "pareto: 23% 6/26 generators, 1 generators/s, ETA 20s"; lines[6] != want {
		t.Errorf("after the phase: %q, want %q", lines[6], want)
	}
}
