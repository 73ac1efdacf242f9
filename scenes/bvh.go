package scenes

import (
	"math"
	"sort"
)

// Primitive kinds in a BVH reference (the shaders get them as PRIM_*).
const (
	PrimSphere   = 0
	PrimQuad     = 1
	PrimTriangle = 2
)

// bvhLeafSize is the most primitives a leaf holds.
const bvhLeafSize = 4

// MaxBVHDepth is the deepest BVH the shaders' traversal stack holds (shaders.BVHStack).
// BVH splits at the median, so its depth depends only on the number of primitives: at
// most MaxPrimitives fit, refused at load rather than by the renderer once a GPU is open.
const (
	MaxBVHDepth   = 16
	MaxPrimitives = bvhLeafSize << (MaxBVHDepth - 1)
)

type primRef struct {
	kind, index int
	lo, hi      Vec3
}

func (r primRef) centroid(axis int) float32 { return (r.lo[axis] + r.hi[axis]) / 2 }

// BVH packs a bounding volume hierarchy over all primitives: per node two
// rows, (min.xyz, a) and (max.xyz, b); an inner node has b = 0 and its
// children at the next node and at node a; a leaf has its b primitives from
// reference a on. References are (kind, index) pairs. Nodes are split at the
// median of the longest axis of their centroids.
// depth is the most nodes on a path from the root to a leaf.
func (s *Scene) BVH() (nodes, refs []float32, depth int) {
	var prims []primRef
	for i, sp := range s.Spheres {
		r := Vec3{sp.Radius, sp.Radius, sp.Radius}
		prims = append(prims, primRef{PrimSphere, i, sp.Center.Sub(r), sp.Center.Add(r)})
	}
	for i, q := range s.Quads {
		prims = append(prims, bound(PrimQuad, i, q.Corner, q.Corner.Add(q.U), q.Corner.Add(q.V), q.Corner.Add(q.U).Add(q.V)))
	}
	for i, t := range s.Triangles {
		prims = append(prims, bound(PrimTriangle, i, t.A, t.B, t.C))
	}
	var build func(ps []primRef, level int) int
	build = func(ps []primRef, level int) int {
		depth = max(depth, level)
		lo, hi := ps[0].lo, ps[0].hi
		clo, chi := Vec3{}, Vec3{}
		for k := 0; k < 3; k++ {
			clo[k], chi[k] = ps[0].centroid(k), ps[0].centroid(k)
		}
		for _, p := range ps {
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = min(lo[k], p.lo[k]), max(hi[k], p.hi[k])
				clo[k], chi[k] = min(clo[k], p.centroid(k)), max(chi[k], p.centroid(k))
			}
		}
		node := len(nodes) / 8
		nodes = append(nodes, lo[0], lo[1], lo[2], 0, hi[0], hi[1], hi[2], 0)
		if len(ps) <= bvhLeafSize {
			nodes[8*node+3] = float32(len(refs) / 2)
			nodes[8*node+7] = float32(len(ps))
			for _, p := range ps {
				refs = append(refs, float32(p.kind), float32(p.index))
			}
			return node
		}
		axis := 0
		for k := 1; k < 3; k++ {
			if chi[k]-clo[k] > chi[axis]-clo[axis] {
				axis = k
			}
		}
		sort.SliceStable(ps, func(i, j int) bool { return ps[i].centroid(axis) < ps[j].centroid(axis) })
		mid := len(ps) / 2
		build(ps[:mid], level+1)
		right := build(ps[mid:], level+1)
		nodes[8*node+3] = float32(right)
		return node
	}
	if len(prims) > 0 {
		build(prims, 1)
	}
	return nodes, refs, depth
}

// Primitives counts every sphere, quad and triangle.
func (s *Scene) Primitives() int { return len(s.Spheres) + len(s.Quads) + len(s.Triangles) }

func bound(kind, index int, pts ...Vec3) primRef {
	inf := float32(math.Inf(1))
	r := primRef{kind: kind, index: index, lo: Vec3{inf, inf, inf}, hi: Vec3{-inf, -inf, -inf}}
	for _, p := range pts {
		for k := 0; k < 3; k++ {
			r.lo[k], r.hi[k] = min(r.lo[k], p[k]), max(r.hi[k], p[k])
		}
	}
	// Flat primitives get a little thickness so that slab tests see them.
	for k := 0; k < 3; k++ {
		pad := 1e-4 * max(1, abs32(r.lo[k]), abs32(r.hi[k]))
		r.lo[k] -= pad
		r.hi[k] += pad
	}
	return r
}

func abs32(x float32) float32 { return float32(math.Abs(float64(x))) }
