package lab

import (
	"fmt"
	"math"
	"time"

	"speckle/gpu"
	"speckle/render"
	"speckle/rng"
	"speckle/shaders"
)

// BoxScanner is rng.ScanBox on the GPU, in steps a caller may spread over
// frames: it draws count values of each of Cfg.Streams streams (as Dump
// does: the same streams, the same values) and keeps the tuples of Dim
// successive values of one stream that fall in the box, at most keep of
// them, through rng_box.comp: a compaction with an atomic counter, each
// dispatch within the loop budget, the last values of each stream carried
// from one dispatch to the next.
type BoxScanner struct {
	r            *render.RNG
	box          rng.Box
	count, keep  int
	d            *dumper
	p            *gpu.Program
	out, carry   *gpu.Buffer
	piece, chunk int
	// values per stream in one dispatch: grown while dispatches are quick
	values int
	// where the scan is: the chunk's first stream and the next value
	first, next int
	started     bool
	kept        int
	scan        rng.BoxScan
}

// NewBoxScanner prepares a scan of b.
func NewBoxScanner(r *render.RNG, b rng.Box, count, keep int) (*BoxScanner, error) {
	if b.Dim != 2 && b.Dim != 3 {
		return nil, fmt.Errorf("a box holds pairs or triples (got %d values)", b.Dim)
	}
	if count < 1 || int64(count) > math.MaxUint32 {
		return nil, fmt.Errorf("a box scan draws 1..%d values a stream (got %d)", int64(math.MaxUint32), count)
	}
	limit := dumpLimit(r)
	if int64(keep)*int64(b.Dim)*4+4 > limit {
		return nil, fmt.Errorf("%d tuples kept need more than %d MiB on this GPU", keep, limit>>20)
	}
	s := &BoxScanner{r: r, box: b, count: count, keep: keep, chunk: r.Cfg.Streams, values: 64}
	if words := r.Inst.StateWords(); words > 0 {
		s.chunk = min(s.chunk, int(limit)/(words*4))
	}
	s.chunk = min(s.chunk, int(limit/8)) // the carry: two words a stream
	// The streams start as a dump's do (dumper.start); the kernel is its own.
	loops := r.Inst.Loops()
	s.d = &dumper{r: r, initInDump: loops.Warmup == 0}
	defs := map[string]string{"BOX_DIM": fmt.Sprint(b.Dim)}
	fixed := 0
	if s.d.initInDump {
		defs["DUMP_INIT"] = "1"
		fixed = loops.Init // entered by every piece, if only masked off
	}
	var err error
	if s.piece, err = r.Piece(1, 1, fixed); err != nil {
		return nil, err
	}
	if s.p, err = r.Program("rng_box.comp", defs); err != nil {
		return nil, err
	}
	if s.out, err = r.Context().NewBuffer(4+keep*b.Dim*4, nil); err != nil {
		return nil, err
	}
	if s.carry, err = r.Context().NewBuffer(s.chunk*8, nil); err != nil {
		s.out.Delete()
		return nil, err
	}
	return s, nil
}

// Close frees the scan's buffers (not the RNG's).
func (s *BoxScanner) Close() {
	s.out.Delete()
	s.carry.Delete()
}

// Done says whether every stream is scanned.
func (s *BoxScanner) Done() bool { return s.first >= s.r.Cfg.Streams }

// Step runs dispatches until the scan is done or, after one at least, the
// deadline has passed (a zero deadline: to the end). Each dispatch reads
// back its count, so the time is the GPU's; dispatches grow while they
// take under a quarter of budget.
func (s *BoxScanner) Step(deadline time.Time, budget time.Duration) error {
	for !s.Done() {
		n := min(s.chunk, s.r.Cfg.Streams-s.first)
		if !s.started {
			if err := s.d.start(s.first, n); err != nil {
				return err
			}
			s.started = true
		}
		// The streams' pool is the RNG's: bind it again each time, a
		// caller may have used the RNG in between.
		p := s.p
		s.r.Bind(p, 0)
		s.out.Bind(shaders.RNGOutBinding)
		s.carry.Bind(shaders.RNGCarryBinding)
		p.SetUint("first_stream", uint32(s.first))
		p.SetUint("chunk_streams", uint32(n))
		p.SetUvec3("box_lo", s.box.Lo)
		p.SetUvec3("box_hi", s.box.Hi)
		// A dispatch's count must not wrap: fewer than 2^32 tuples in one.
		values := max(1, min(s.values, s.piece, (1<<32-1)/n, s.count-s.next))
		zero := []uint32{0}
		s.out.Write(0, zero)
		p.SetUint("first_value", uint32(s.next))
		p.SetUint("values", uint32(values))
		p.SetUint("kept_base", uint32(s.kept))
		p.SetUint("kept_room", uint32(s.keep-s.kept))
		began := time.Now()
		if err := s.r.Context().Dispatch(p, n); err != nil {
			return err
		}
		s.out.Read(0, zero)
		if !deadline.IsZero() && time.Since(began) < budget/4 {
			s.values = min(2*s.values, s.piece)
		}
		if deadline.IsZero() {
			s.values = s.piece
		}
		s.scan.InBox += int64(zero[0])
		s.kept += min(int(zero[0]), s.keep-s.kept)
		s.scan.Scanned += int64(n) * int64(values)
		if s.next += values; s.next >= s.count {
			s.first, s.next, s.started = s.first+n, 0, false
		}
		if !deadline.IsZero() && time.Now().After(deadline) {
			break
		}
	}
	return nil
}

// Result is what the scan found so far.
func (s *BoxScanner) Result() rng.BoxScan {
	r := s.scan
	r.Kept = make([]uint32, s.kept*s.box.Dim)
	s.out.Read(1, r.Kept)
	return r
}

// scanBox scans the whole of b at once (BoxScanner).
func scanBox(r *render.RNG, b rng.Box, count, keep int) (rng.BoxScan, error) {
	s, err := NewBoxScanner(r, b, count, keep)
	if err != nil {
		return rng.BoxScan{}, err
	}
	defer s.Close()
	if err := s.Step(time.Time{}, 0); err != nil {
		return rng.BoxScan{}, err
	}
	return s.Result(), nil
}
