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
	p := &progress{w: &b, label: "x", total: 10, unit: "u", start: time.Now(), terminal: true}
	p.set(5)
	p.breakLine()
	p.breakLine() // once only
	if s := b.String(); !strings.HasPrefix(s, "\rx [") || strings.Count(s, "\n") != 1 || !strings.HasSuffix(s, "\n") {
		t.Errorf("bar %q", s)
	}
}
