package lab

import (
	"fmt"

	"speckle/internal/stats"
)

// BatterySize is the work of one battery run over one generator: Numbers
// values in each order, PerStream from each of the pool's streams, cut into
// Samples samples of Numbers/Samples values.
type BatterySize struct {
	Numbers, PerStream int64
	Samples            int
	// Orders are the orders counted; nil: both (ca evolve grades the
	// stream order alone).
	Orders []Order
	// Renderer, if set, draws the numbers as a pass of the renderer does
	// (the RNG made from its PassLayout): a stream is then one slot's draws
	// through a render, and only the stream order is counted.
	Renderer *RendererDraws
}

// orders are the orders counted.
func (s BatterySize) orders() []Order {
	if s.Renderer != nil {
		return []Order{StreamOrder}
	}
	if s.Orders == nil {
		return Orders
	}
	return s.Orders
}

// SampleLen is the values of one sample.
func (s BatterySize) SampleLen() int64 { return s.Numbers / s.Samples64() }

// Samples64 is Samples as an int64.
func (s BatterySize) Samples64() int64 { return int64(s.Samples) }

// Segments is how a sample of order o falls into segments, the runs its
// tests never cross: in the stream order a sample ends where a stream does
// (if it is no longer than one), in the consumed order it is one run.
func (s BatterySize) Segments(o Order) stats.Layout {
	l := s.SampleLen()
	if o == ConsumedOrder || l <= s.PerStream {
		return stats.Layout{Segments: 1, Length: l}
	}
	return stats.Layout{Segments: l / s.PerStream, Length: s.PerStream}
}

// Check refuses sizes the battery cannot cut into whole samples, or into
// blocks for the tests run: a sample holds at least the longest item of
// those tests, and a stream at least their blocks' unit (blockUnit): with
// every test, 512 values (a group of birthdays) for both.
func (s BatterySize) Check(streams int, tests []stats.Test) error {
	l := s.SampleLen()
	span, unit, block := longestItem(tests), blockUnit(tests), blockPositions(tests)
	switch {
	case s.Samples < 1 || s.Numbers < 1 || s.PerStream < 1:
		return fmt.Errorf("numbers, samples and streams must be at least 1")
	case s.Numbers != int64(streams)*s.PerStream:
		return fmt.Errorf("%d numbers do not split into %d streams", s.Numbers, streams)
	case s.Numbers%s.Samples64() != 0:
		return fmt.Errorf("%d numbers do not split into %d samples", s.Numbers, s.Samples)
	case l < int64(span.Span()):
		return fmt.Errorf("a sample of %d values is shorter than %s", l, itemText(span))
	case l <= s.PerStream && s.PerStream%l != 0:
		return fmt.Errorf("a stream of %d values does not split into samples of %d", s.PerStream, l)
	case l > s.PerStream && l%s.PerStream != 0:
		return fmt.Errorf("a sample of %d values does not hold whole streams of %d", l, s.PerStream)
	case s.PerStream >= 1<<32 || l >= 1<<31:
		return fmt.Errorf("at most 2^32-1 values per stream and 2^31-1 per sample")
	case s.PerStream < int64(block) && block == unit.Span():
		return fmt.Errorf("a stream of %d values is shorter than %s", s.PerStream, itemText(unit))
	case s.PerStream < int64(block) && block == positions(unit):
		return fmt.Errorf("a stream of %d values is shorter than the battery's blocks for the %s test (%d values a stream)", s.PerStream, unit, block)
	case s.PerStream < int64(block):
		return fmt.Errorf("a stream of %d values is shorter than the battery's blocks for these tests (%d values a stream)", s.PerStream, block)
	}
	return nil
}

// longestItem is the test of tests whose item spans the most values (the
// first of those in tests; monobit's one value where none runs).
func longestItem(tests []stats.Test) stats.Test {
	longest := stats.Monobit
	for _, t := range tests {
		if t.Span() > longest.Span() {
			longest = t
		}
	}
	return longest
}

// blockPositions is how many values of each stream the battery's blocks
// hold a whole multiple of, so that no invocation of the tests straddles
// two streams: the least common multiple of their kernels' positions (all
// powers of two today, so the largest), Monobit's where none runs.
func blockPositions(tests []stats.Test) int {
	if len(tests) == 0 {
		return positions(stats.Monobit)
	}
	n := 1
	for _, t := range tests {
		n = lcm(n, positions(t))
	}
	return n
}

// blockUnit is the test of tests whose kernel takes the most positions an
// invocation, Monobit's where none runs: the one a refusal names.
func blockUnit(tests []stats.Test) stats.Test {
	if len(tests) == 0 {
		return stats.Monobit
	}
	unit := tests[0]
	for _, t := range tests {
		if positions(t) > positions(unit) {
			unit = t
		}
	}
	return unit
}

// itemText names one item of test t and its span, for a refusal.
func itemText(t stats.Test) string {
	if sortsGroups(t) {
		return fmt.Sprintf("a group of birthdays (%d)", t.Span())
	}
	return fmt.Sprintf("one item of the %s test (%d values)", t, t.Span())
}

// positions is how many positions one invocation of a test's kernel takes
// (one work group, where a group counts an item: groupPerItem): tests with
// long items (rank, rank64, birthdays and the like) take one item's span, so
// at most one ends there.
func positions(t stats.Test) int {
	if t == stats.Rank || groupPerItem(t) {
		return t.Span()
	}
	return 64
}
