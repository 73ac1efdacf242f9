package lab

import (
	"fmt"
	"slices"
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
	"speckle/internal/stats"
	"speckle/render"
	"speckle/rng"
)

// The renderer order's draws are the Go reference's (rng.RendererStream)
// for every generator and both passes, at the renderer's own 2^20 photons
// an iteration (rand48's leapfrog over them, Sobol's points k*2^20+i), over
// two blocks (the pool carries the slots from one to the next; Sobol starts
// a point every PerPhoton draws).
func TestRendererOrderDrawsEqualGo(t *testing.T) {
	const slots, perPhoton, k = 5, 7, 28
	for _, g := range exactGenerators() {
		for _, opts := range paperSets(g) {
			for _, pass := range render.Passes {
				name := g.Name
				if opts != nil {
					name += "/" + describe(opts)
				}
				t.Run(fmt.Sprintf("%s/%s", name, pass), func(t *testing.T) {
					l := render.Layout(pass, 64, 48, 1<<20, 11, opts)
					inst, err := g.New(l.Cfg)
					if err != nil {
						t.Fatal(err)
					}
					got := make([]uint32, 2*slots*k)
					gltest.On(t, func(c *gpu.Context) error {
						r, err := render.NewLayoutRNG(c, g, l)
						if err != nil {
							return err
						}
						defer r.Close()
						src, err := newRendererSource(r, RendererDraws{Slots: slots, PerPhoton: perPhoton})
						if err != nil {
							return err
						}
						out, err := c.NewBuffer(slots*k*4, nil)
						if err != nil {
							return err
						}
						defer out.Delete()
						for b := range 2 {
							if err := src.draw(out, slots, b*k, k); err != nil {
								return err
							}
							out.Read(0, got[b*slots*k:(b+1)*slots*k])
						}
						return nil
					})
					for s := range slots {
						next := rng.RendererStream(inst, l.Cfg.Streams, s, perPhoton, l.SlotSequences)
						for m := range 2 * k {
							want := rng.RendererWord(next())
							if v := got[(m/k)*slots*k+s*k+m%k]; v != want {
								t.Fatalf("slot %d, draw %d: GPU %08x, Go %08x", s, m, v, want)
							}
						}
					}
				})
			}
		}
	}
}

// The battery's counts in the renderer order equal the Go reference's: the
// renderer's words of each slot (rng.RendererStream), tallied in the stream
// order over 24 bits, for a stream generator and a quasi-random one (whose
// blocks hold whole photons of 7 draws: 3,584 values a block, 2 blocks).
func TestBatteryRendererOrderCountsEqualGo(t *testing.T) {
	saved := dumpChunkBytes
	defer func() { dumpChunkBytes = saved }()
	const slots, perPhoton = 3, 7
	size := BatterySize{Numbers: slots * 7168, PerStream: 7168, Samples: 6, Renderer: &RendererDraws{Slots: slots, PerPhoton: perPhoton}}
	for _, g := range []*rng.Generator{rng.Rand48, rng.Sobol, rng.Philox} {
		t.Run(g.Name, func(t *testing.T) {
			l := render.Layout(render.PhotonPass, 8, 8, 1<<20, 5, nil)
			inst, err := g.New(l.Cfg)
			if err != nil {
				t.Fatal(err)
			}
			dumpChunkBytes = 4 * slots * 3584
			var got BatteryCounts
			gltest.On(t, func(c *gpu.Context) error {
				r, err := render.NewLayoutRNG(c, g, l)
				if err != nil {
					return err
				}
				defer r.Close()
				got, err = Battery(r, size, stats.Tests, nil)
				return err
			})
			values := make([][]uint32, slots)
			for s := range values {
				next := rng.RendererStream(inst, l.Cfg.Streams, s, perPhoton, false)
				for range size.PerStream {
					values[s] = append(values[s], rng.RendererWord(next()))
				}
			}
			if got.Counts[ConsumedOrder] != nil {
				t.Errorf("the renderer order counted the consumed order")
			}
			for i, test := range stats.Tests {
				want := tallyOnCPU(values, RendererBits, size, StreamOrder, test)
				if !slices.Equal(got.Counts[StreamOrder][i], want) {
					t.Errorf("%s: GPU counts differ from Go's (first difference at %d)", test, firstDiff(got.Counts[StreamOrder][i], want))
				}
			}
		})
	}
}

// Past llvmpipe's loop cap: 70,000 draws a slot in one block, which the
// renderer source cuts into dispatches within the loop budget (philox's
// rounds and RANLUX's luxury cost passes a draw; the CA's steps too; Sobol
// starts a point every 7 draws), equal the Go reference's to the last.
func TestRendererOrderPastLoopCap(t *testing.T) {
	const slots, perPhoton, k = 2, 7, 70000
	for _, g := range []*rng.Generator{rng.Philox, rng.Ranlux, rng.CA, rng.Sobol} {
		t.Run(g.Name, func(t *testing.T) {
			l := render.Layout(render.PhotonPass, 8, 8, 1<<20, 3, nil)
			inst, err := g.New(l.Cfg)
			if err != nil {
				t.Fatal(err)
			}
			got := make([]uint32, slots*k)
			gltest.On(t, func(c *gpu.Context) error {
				r, err := render.NewLayoutRNG(c, g, l)
				if err != nil {
					return err
				}
				defer r.Close()
				src, err := newRendererSource(r, RendererDraws{Slots: slots, PerPhoton: perPhoton})
				if err != nil {
					return err
				}
				if src.piece >= k && src.perPhoton == 0 {
					t.Errorf("one dispatch draws %d values: the block does not cross the loop cap", src.piece)
				}
				out, err := c.NewBuffer(slots*k*4, nil)
				if err != nil {
					return err
				}
				defer out.Delete()
				if err := src.draw(out, slots, 0, k); err != nil {
					return err
				}
				out.Read(0, got)
				return c.CheckError("the renderer order's draws")
			})
			for s := range slots {
				next := rng.RendererStream(inst, l.Cfg.Streams, s, perPhoton, false)
				for m := range k {
					if want := rng.RendererWord(next()); got[s*k+m] != want {
						t.Fatalf("slot %d, draw %d: GPU %08x, Go %08x", s, m, got[s*k+m], want)
					}
				}
			}
		})
	}
}
