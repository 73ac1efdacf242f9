package render

import (
	"fmt"
	"testing"

	"speckle/gpu"
	"speckle/rng"
)

// The renderer order's draws are the Go reference's (rng.RendererStream)
// for every generator and both passes, at the renderer's own 2^20 photons
// an iteration (rand48's leapfrog over them, Sobol's points k*2^20+i), over
// two blocks (the pool carries the slots from one to the next; Sobol starts
// a point every PerPhoton draws).
func TestRendererOrderDrawsEqualGo(t *testing.T) {
	const slots, perPhoton, k = 5, 7, 28
	for _, g := range rng.All {
		for _, pass := range Passes {
			t.Run(fmt.Sprintf("%s/%s", g.Name, pass), func(t *testing.T) {
				l := Layout(pass, 64, 48, 1<<20, 11, nil)
				inst, err := g.New(l.Cfg)
				if err != nil {
					t.Fatal(err)
				}
				got := make([]uint32, 2*slots*k)
				onGL(t, func(c *gpu.Context) error {
					r, err := NewLayoutRNG(c, g, l)
					if err != nil {
						return err
					}
					defer r.Close()
					src, err := r.newRendererSource(RendererDraws{Slots: slots, PerPhoton: perPhoton})
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
