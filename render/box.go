package render

import (
	"fmt"

	"speckle/rng"
	"speckle/shaders"
)

// ScanBox is rng.ScanBox on the GPU: it draws count values of each of
// Cfg.Streams streams (as Dump does: the same streams, the same values) and keeps the tuples of Dim successive
// values of one stream that fall in b, at most keep of them: a compaction on
// the GPU with an atomic counter, in pieces within the loop budget, the last
// values of each stream carried from piece to piece. progress, if not nil,
// is told how many streams are done.
func (r *RNG) ScanBox(b rng.Box, count, keep int, progress func(done int)) (rng.BoxScan, error) {
	if b.Dim != 2 && b.Dim != 3 {
		return rng.BoxScan{}, fmt.Errorf("a box holds pairs or triples (got %d values)", b.Dim)
	}
	limit := min(int64(dumpChunkBytes), r.ctx.Info.MaxSSBOBytes)
	if int64(keep)*int64(b.Dim)*4+4 > limit {
		return rng.BoxScan{}, fmt.Errorf("%d tuples kept need more than %d MiB on this GPU", keep, limit>>20)
	}
	chunk := r.Cfg.Streams
	if words := r.Inst.StateWords(); words > 0 {
		chunk = min(chunk, int(limit)/(words*4))
	}
	chunk = min(chunk, int(limit/8)) // the carry: two words a stream
	// The streams start as a dump's do (dumper.start); the kernel is its own.
	loops := r.Inst.Loops()
	d := &dumper{r: r, initInDump: loops.Warmup == 0}
	defs := map[string]string{"BOX_DIM": fmt.Sprint(b.Dim)}
	fixed := 0
	if d.initInDump {
		defs["DUMP_INIT"] = "1"
		fixed = loops.Init // entered by every piece, if only masked off
	}
	piece, err := r.piece(1, 1, fixed)
	if err != nil {
		return rng.BoxScan{}, err
	}
	p, err := r.Program("rng_box.comp", defs)
	if err != nil {
		return rng.BoxScan{}, err
	}
	out, err := r.ctx.NewBuffer(4+keep*b.Dim*4, nil)
	if err != nil {
		return rng.BoxScan{}, err
	}
	defer out.Delete()
	carry, err := r.ctx.NewBuffer(chunk*8, nil)
	if err != nil {
		return rng.BoxScan{}, err
	}
	defer carry.Delete()
	var scan rng.BoxScan
	kept := 0
	zero := []uint32{0}
	for first := 0; first < r.Cfg.Streams; first += chunk {
		n := min(chunk, r.Cfg.Streams-first)
		if err := d.start(first, n); err != nil {
			return rng.BoxScan{}, err
		}
		r.Bind(p, 0)
		out.Bind(shaders.RNGOutBinding)
		carry.Bind(shaders.RNGCarryBinding)
		p.SetUint("first_stream", uint32(first))
		p.SetUint("chunk_streams", uint32(n))
		p.SetUvec3("box_lo", b.Lo)
		p.SetUvec3("box_hi", b.Hi)
		// A dispatch's count must not wrap: fewer than 2^32 tuples in one.
		piece := max(1, min(piece, (1<<32-1)/n))
		for m := 0; m < count; m += piece {
			out.Write(0, zero)
			p.SetUint("first_value", uint32(m))
			p.SetUint("values", uint32(min(piece, count-m)))
			p.SetUint("kept_base", uint32(kept))
			p.SetUint("kept_room", uint32(keep-kept))
			if err := r.ctx.Dispatch(p, n); err != nil {
				return rng.BoxScan{}, err
			}
			out.Read(0, zero)
			scan.InBox += int64(zero[0])
			kept += min(int(zero[0]), keep-kept)
			zero[0] = 0
		}
		scan.Scanned += int64(n) * int64(count)
		if progress != nil {
			progress(first + n)
		}
	}
	scan.Kept = make([]uint32, kept*b.Dim)
	out.Read(1, scan.Kept)
	return scan, nil
}
