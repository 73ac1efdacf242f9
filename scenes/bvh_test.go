package scenes

import "testing"

// Every primitive is referenced by exactly one leaf, inside the bounds of
// every node on its path; children nest in their parents.
func TestBVHCoversEveryPrimitiveOnce(t *testing.T) {
	for _, name := range Names() {
		s, err := Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		nodes, refs, depth := s.BVH()
		if n := s.Primitives(); depth > 2+bitsLen(n/bvhLeafSize) {
			t.Errorf("%s: depth %d for %d primitives: not balanced", name, depth, n)
		}
		seen := map[[2]int]int{}
		var walk func(n int, lo, hi Vec3)
		walk = func(n int, plo, phi Vec3) {
			lo := Vec3{nodes[8*n], nodes[8*n+1], nodes[8*n+2]}
			hi := Vec3{nodes[8*n+4], nodes[8*n+5], nodes[8*n+6]}
			for k := 0; k < 3; k++ {
				if lo[k] < plo[k] || hi[k] > phi[k] {
					t.Fatalf("%s: node %d not inside its parent", name, n)
				}
			}
			a, b := int(nodes[8*n+3]), int(nodes[8*n+7])
			if b == 0 {
				walk(n+1, lo, hi)
				walk(a, lo, hi)
				return
			}
			for i := a; i < a+b; i++ {
				seen[[2]int{int(refs[2*i]), int(refs[2*i+1])}]++
			}
		}
		if len(nodes) > 0 {
			walk(0, Vec3{nodes[0], nodes[1], nodes[2]}, Vec3{nodes[4], nodes[5], nodes[6]})
		}
		want := len(s.Spheres) + len(s.Quads) + len(s.Triangles)
		if len(seen) != want || len(refs)/2 != want {
			t.Fatalf("%s: %d distinct references (%d in all), want %d", name, len(seen), len(refs)/2, want)
		}
		for k, c := range seen {
			if c != 1 {
				t.Fatalf("%s: primitive %v referenced %d times", name, k, c)
			}
		}
	}
}

func bitsLen(n int) int {
	b := 0
	for ; n > 0; n >>= 1 {
		b++
	}
	return b
}
