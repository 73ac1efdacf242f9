package lab

import (
	"slices"
	"testing"
	"time"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/render"
	"speckle/rng"
)

// sortedTuples orders tuples of dim words, so that the GPU's (kept in the
// order its atomics ran) compare with Go's (kept in stream order).
func sortedTuples(words []uint32, dim int) [][]uint32 {
	var out [][]uint32
	for i := 0; i+dim <= len(words); i += dim {
		out = append(out, words[i:i+dim])
	}
	slices.SortFunc(out, slices.Compare)
	return out
}

// The deep zoom's compaction keeps exactly the tuples the Go reference
// keeps, pairs and triples, for every generator and option set, with a
// box that catches a few percent of the tuples (the CA's costly draws cut
// each stream into several dispatches, so the carried values are tested
// too), and it counts the tuples past the cap without storing them.
func TestScanBoxKeepsWhatGoKeeps(t *testing.T) {
	const streams, count = 37, 600
	for _, g := range exactGenerators() {
		if !rng.Representative(g) {
			continue // another hash's GLSL around another function
		}
		for _, opts := range optionSets(g) {
			cfg := rng.Config{Seed: 5, Streams: streams, Options: opts}
			inst, err := g.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			one := uint32(1<<(g.Bits()-2)) - 1 // a quarter of the range, less one
			for _, boxes := range [][]rng.Box{
				// Later boxes where the first misses every tuple: an LCG
				// as a hash keyed by a counter puts successive values a
				// fixed step apart (rng/lcg.go), on the diagonal.
				{{Dim: 2, Lo: [3]uint32{one / 2, 2 * one}}, {Dim: 2, Lo: [3]uint32{one, one}}},
				// ign keyed by a counter: successive values step by about 0.556 (rng/ign.go).
				{{Dim: 3, Lo: [3]uint32{0, one, 2 * one}}, {Dim: 3, Lo: [3]uint32{one, one, one}}, {Dim: 3, Lo: [3]uint32{0, 2 * one, 0}}},
			} {
				box, want := boxCatching(inst, streams, count, one, boxes)
				var got, capped rng.BoxScan
				gltest.On(t, func(c *gpu.Context) error {
					r, err := render.NewRNG(c, g, cfg)
					if err != nil {
						return err
					}
					defer r.Close()
					if got, err = scanBox(r, box, count, 1<<20); err != nil {
						return err
					}
					capped, err = scanBox(r, box, count, 5)
					return err
				})
				name := g.Name + describe(opts)
				if want.InBox < 20 || got.InBox != want.InBox || got.Scanned != want.Scanned {
					t.Fatalf("%s, %d-D: GPU %d of %d values in the box, Go %d of %d", name, box.Dim, got.InBox, got.Scanned, want.InBox, want.Scanned)
				}
				if !slices.EqualFunc(sortedTuples(got.Kept, box.Dim), sortedTuples(want.Kept, box.Dim), slices.Equal) {
					t.Fatalf("%s, %d-D: the GPU kept other tuples than Go", name, box.Dim)
				}
				if capped.InBox != want.InBox || len(capped.Kept) != 5*box.Dim {
					t.Fatalf("%s, %d-D capped at 5: %d in the box, %d words kept", name, box.Dim, capped.InBox, len(capped.Kept))
				}
				for _, tuple := range sortedTuples(capped.Kept, box.Dim) {
					if !box.Holds(tuple) {
						t.Fatalf("%s: kept %v outside the box", name, tuple)
					}
				}
			}
		}
	}
}

// A scan spread over many short steps (one dispatch each, as the window's
// frames run it) finds what one whole scan finds.
func TestScanBoxInSteps(t *testing.T) {
	for _, name := range []string{"lehmer", "ca", "sobol"} {
		g, _ := rng.Lookup(name)
		cfg := rng.Config{Seed: 8, Streams: 50}
		box := rng.Box{Dim: 2, Hi: [3]uint32{1 << (g.Bits() - 1), 1 << (g.Bits() - 2)}}
		var whole, stepped rng.BoxScan
		steps := 0
		gltest.On(t, func(c *gpu.Context) error {
			r, err := render.NewRNG(c, g, cfg)
			if err != nil {
				return err
			}
			defer r.Close()
			if whole, err = scanBox(r, box, 700, 1<<16); err != nil {
				return err
			}
			s, err := NewBoxScanner(r, box, 700, 1<<16)
			if err != nil {
				return err
			}
			defer s.Close()
			for ; !s.Done(); steps++ {
				if err := s.Step(time.Now(), time.Nanosecond); err != nil {
					return err
				}
			}
			stepped = s.Result()
			return nil
		})
		if steps < 5 || stepped.InBox != whole.InBox || stepped.Scanned != 50*700 || !slices.EqualFunc(sortedTuples(stepped.Kept, 2), sortedTuples(whole.Kept, 2), slices.Equal) {
			t.Errorf("%s: %d steps found %d in the box of %d values; one scan %d of %d", name, steps, stepped.InBox, stepped.Scanned, whole.InBox, whole.Scanned)
		}
	}
}

// boxCatching is the first of boxes (each one wide) that catches at least
// 20 of the Go reference's tuples (the last if none does), and its scan.
func boxCatching(inst rng.Instance, streams, count int, one uint32, boxes []rng.Box) (rng.Box, rng.BoxScan) {
	var box rng.Box
	var want rng.BoxScan
	for _, box = range boxes {
		for k := range box.Hi {
			box.Hi[k] = box.Lo[k] + one
		}
		if want = rng.ScanBox(inst, streams, count, box, 1<<20); want.InBox >= 20 {
			break
		}
	}
	return box, want
}
