package pareto

import (
	"cmp"
	"math"
	"slices"
)

// Dominates says whether a point at speed sa and quality qa dominates one
// at sb, qb: at least as fast and at least as good, and strictly better in
// one of the two. Equal points dominate neither other: both stay on the
// frontier.
func Dominates(sa, qa, sb, qb float64) bool {
	return sa >= sb && qa >= qb && (sa > sb || qa > qb)
}

// MarkFrontier sets Frontier on the points no other point dominates.
// A point without a speed or a quality (not measured, or no verdict
// graded) is on no frontier and dominates nothing.
func MarkFrontier(points []Point) {
	for i := range points {
		p := &points[i]
		p.Frontier = measured(*p)
		for j, q := range points {
			if p.Frontier && j != i && measured(q) && Dominates(q.ConsumedPerS, q.Quality, p.ConsumedPerS, p.Quality) {
				p.Frontier = false
			}
		}
	}
}

// measured says whether p has both coordinates.
func measured(p Point) bool { return p.ConsumedPerS > 0 && !math.IsNaN(p.Quality) }

// Frontier is the frontier's points from the best quality (slowest) to
// the fastest: the staircase's corners.
func Frontier(points []Point) []Point {
	var out []Point
	for _, p := range points {
		if p.Frontier {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b Point) int {
		return cmp.Or(cmp.Compare(a.ConsumedPerS, b.ConsumedPerS), cmp.Compare(b.Quality, a.Quality))
	})
	return out
}

// Staircase is the frontier drawn as steps: from each corner across at
// its quality to the next corner's speed, then down to that corner (the
// edge of the region the frontier dominates). xs and ys are the corners'
// speeds and qualities from the slowest.
func Staircase(xs, ys []float64) (sx, sy []float64) {
	for i := range xs {
		if i > 0 {
			sx, sy = append(sx, xs[i]), append(sy, ys[i-1])
		}
		sx, sy = append(sx, xs[i]), append(sy, ys[i])
	}
	return sx, sy
}

// ByspeedDesc is a copy of points, fastest first.
func ByspeedDesc(points []Point) []Point {
	out := slices.Clone(points)
	slices.SortStableFunc(out, func(a, b Point) int { return cmp.Compare(b.ConsumedPerS, a.ConsumedPerS) })
	return out
}
