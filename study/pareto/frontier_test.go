package pareto

import (
	"math"
	"slices"
	"testing"
)

func TestDominates(t *testing.T) {
	for _, c := range []struct {
		sa, qa, sb, qb float64
		want           bool
	}{
		{2, 1, 1, 0.5, true},    // better in both
		{2, 1, 1, 1, true},      // faster, as good
		{1, 1, 1, 0.5, true},    // as fast, better
		{1, 1, 1, 1, false},     // equal: neither
		{2, 0.5, 1, 1, false},   // faster, worse: a trade
		{1, 0.5, 2, 0.5, false}, // slower
	} {
		if got := Dominates(c.sa, c.qa, c.sb, c.qb); got != c.want {
			t.Errorf("Dominates(%v, %v over %v, %v) = %v, want %v", c.sa, c.qa, c.sb, c.qb, got, c.want)
		}
	}
}

func pts(xy ...float64) []Point {
	var out []Point
	for i := 0; i < len(xy); i += 2 {
		out = append(out, Point{Generator: string(rune('a' + i/2)), ConsumedPerS: xy[i], Quality: xy[i+1]})
	}
	return out
}

func onFrontier(p []Point) string {
	s := ""
	for _, q := range p {
		if q.Frontier {
			s += q.Generator
		}
	}
	return s
}

func TestMarkFrontier(t *testing.T) {
	for _, c := range []struct {
		name string
		pts  []Point
		want string
	}{
		{"a trade-off: all on it", pts(1, 1, 2, 0.5, 4, 0), "abc"},
		{"dominated in both", pts(1, 1, 2, 0.5, 1.5, 0.4), "ab"},
		{"a tie in speed: the better only", pts(2, 1, 2, 0.5), "a"},
		{"a tie in quality: the faster only", pts(1, 1, 3, 1), "b"},
		{"equal points: both", pts(2, 1, 2, 1, 1, 0.5), "ab"},
		{"no speed or no quality: never", pts(0, 1, 1, math.NaN(), 1, 0.2), "c"},
		{"one point", pts(5, 0), "a"},
	} {
		p := slices.Clone(c.pts)
		MarkFrontier(p)
		if got := onFrontier(p); got != c.want {
			t.Errorf("%s: frontier %q, want %q", c.name, got, c.want)
		}
	}
}

func TestFrontierStaircase(t *testing.T) {
	p := pts(4, 0, 1, 1, 2, 0.5, 1.5, 0.4)
	MarkFrontier(p)
	f := Frontier(p)
	var xs, ys []float64
	for _, q := range f {
		xs, ys = append(xs, q.ConsumedPerS), append(ys, q.Quality)
	}
	if !slices.Equal(xs, []float64{1, 2, 4}) || !slices.Equal(ys, []float64{1, 0.5, 0}) {
		t.Fatalf("frontier from the slowest: %v %v", xs, ys)
	}
	sx, sy := Staircase(xs, ys)
	// Across at each corner's quality to the next corner's speed, then down.
	if !slices.Equal(sx, []float64{1, 2, 2, 4, 4}) || !slices.Equal(sy, []float64{1, 1, 0.5, 0.5, 0}) {
		t.Errorf("staircase %v %v", sx, sy)
	}
	if d := ByspeedDesc(p); d[0].ConsumedPerS != 4 || d[3].ConsumedPerS != 1 {
		t.Errorf("fastest first: %+v", d)
	}
}
