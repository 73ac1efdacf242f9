package lab

import (
	"fmt"
	"io"

	"speckle/gpu"
	"speckle/render"
	"speckle/rng"
	"speckle/shaders"
)

// RendererDraws makes the battery read a generator as a pass of the
// renderer draws it (the lab's renderer order): the RNG is made from the
// pass's layout (NewLayoutRNG: all of its streams, e.g. 2^20 photons an
// iteration), Slots of its slots are drawn through rng_draw.comp with the
// renderer's rng_load / rng_f32 / rng_store, and the battery's stream t is
// everything slot t draws through a render, photon after photon. The
// values are the renderer's floats, of which the battery tests the 24
// fraction bits (RendererBits).
type RendererDraws struct {
	// Slots are the pass's slots drawn: photons (or pixels) 0..Slots-1 of
	// every iteration. Their streams are those of the whole layout: a
	// leapfrog over 2^20 photons stays one.
	Slots int
	// PerPhoton is how many values a photon (or eye ray) draws in an
	// iteration: a quasi-random generator starts a new point after so many
	// (its dimensions 0..PerPhoton-1). A stream generator's slot continues
	// its stream whatever a path's length, so it changes nothing there.
	PerPhoton int
}

// RendererBits is what the renderer order tests of each value: the 24
// fraction bits of a float in [0,1) at 24-bit steps (rng.RendererWord).
const RendererBits = 24

// rendererSource draws battery blocks in the renderer order.
type rendererSource struct {
	r         *render.RNG
	p         *gpu.Program
	piece     int // draws per invocation and dispatch
	perPhoton int // a quasi-random generator's dimensions per iteration; else 0
	iteration uint32
}

func newRendererSource(r *render.RNG, d RendererDraws) (*rendererSource, error) {
	if d.Slots < 1 || d.Slots > r.Cfg.Streams {
		return nil, fmt.Errorf("renderer order: %d slots of a pass of %d", d.Slots, r.Cfg.Streams)
	}
	s := &rendererSource{r: r}
	if _, quasi := r.Inst.(rng.QuasiRandom); quasi {
		if d.PerPhoton < 1 {
			return nil, fmt.Errorf("renderer order: a photon draws at least one value (got %d)", d.PerPhoton)
		}
		s.perPhoton = d.PerPhoton
	}
	var err error
	if s.piece, err = r.Piece(1, 1, 0); err != nil {
		return nil, err
	}
	if err := r.SeedStreams(0, d.Slots); err != nil {
		return nil, err
	}
	if s.p, err = r.Program("rng_draw.comp", map[string]string{"RENDERER_ORDER": "1"}); err != nil {
		return nil, err
	}
	return s, nil
}

// draw fills out with the next k draws of each of the n slots, slot-major
// ([t*k + j]) as the battery reads a block; m0 is where the block starts in
// each slot's draws. A quasi-random generator's block holds whole photons.
func (s *rendererSource) draw(out *gpu.Buffer, n, m0, k int) error {
	per := k
	if s.perPhoton > 0 {
		if m0%s.perPhoton != 0 || k%s.perPhoton != 0 {
			return fmt.Errorf("renderer order: a block of %d values at %d does not hold whole photons of %d draws", k, m0, s.perPhoton)
		}
		per = s.perPhoton
	}
	p := s.p
	s.r.Bind(p, 0)
	out.Bind(shaders.RNGOutBinding)
	p.SetUint("invocations", uint32(n))
	p.SetUint("count", uint32(per))
	p.SetUint("out_stride", uint32(k))
	for at := 0; at < k; at += per {
		p.SetUint("rng_iteration", s.iteration)
		p.SetUint("out_first", uint32(at))
		for m := 0; m < per; m += s.piece {
			p.SetUint("first_draw", uint32(m))
			p.SetUint("draws", uint32(min(s.piece, per-m)))
			if err := s.r.Context().Dispatch(p, n); err != nil {
				return err
			}
		}
		if s.perPhoton > 0 {
			s.iteration++
		}
	}
	return nil
}

// MaxRendererDumpValues is the most values DumpRenderer holds at once
// where it draws several slots: they must fit one block.
func MaxRendererDumpValues() int { return dumpChunkBytes / 4 }

// DumpRenderer writes what `rng dump --order renderer` writes from the GPU:
// count draws of each of d.Slots slots, slot after slot, as words
// (rng.RendererWord), drawn by the renderer's own calls (rendererSource).
// All slots stay in the pool, drawn a block at a time, so several slots
// must fit one block whole; one slot goes on block after block, as long as
// its reader takes it. progress, if not nil, is told the slots done.
func DumpRenderer(r *render.RNG, d RendererDraws, count int, w io.Writer, progress func(done int)) error {
	limit := dumpLimit(r)
	k := int(min(int64(count), limit/int64(4*d.Slots)))
	if d.PerPhoton > 0 {
		if _, quasi := r.Inst.(rng.QuasiRandom); quasi {
			// A block holds whole photons: up to the photon that holds the
			// last value where that fits (the surplus is drawn, not written),
			// else down.
			whole := (k + d.PerPhoton - 1) / d.PerPhoton * d.PerPhoton
			if int64(whole)*int64(4*d.Slots) > limit {
				whole = k / d.PerPhoton * d.PerPhoton
			}
			k = max(d.PerPhoton, whole)
		}
	}
	if d.Slots > 1 && k < count {
		return fmt.Errorf("a renderer-order dump from the GPU holds its slots whole: --streams x --count at most %d values here (use --streams 1, or --device cpu)", limit/4)
	}
	src, err := newRendererSource(r, d)
	if err != nil {
		return err
	}
	out, err := r.Context().NewBuffer(d.Slots*k*4, nil)
	if err != nil {
		return err
	}
	defer out.Delete()
	words := make([]uint32, d.Slots*k)
	for m0 := 0; m0 < count; m0 += k {
		if err := src.draw(out, d.Slots, m0, k); err != nil {
			return err
		}
		out.Read(0, words)
		n := min(k, count-m0) // the last block may be cut short
		if d.Slots == 1 {
			err = writeWords(w, words[:n])
		} else {
			for s := range d.Slots {
				if err = writeWords(w, words[s*k:s*k+n]); err != nil {
					break
				}
			}
		}
		if err != nil {
			return err
		}
		if progress != nil && d.Slots > 1 {
			progress(d.Slots)
		}
	}
	return r.Context().CheckError("the renderer-order dump")
}
