package lab

import (
	"fmt"
	"io"
	"math/bits"
	"time"

	"speckle/gpu"
	"speckle/render"
	"speckle/rng"
	"speckle/shaders"
)

// dumpChunkBytes bounds one dump dispatch's output buffer (and its pool).
var dumpChunkBytes = 64 << 20 // a variable: the tests cut dumps into small chunks

// Dump writes `speckle rng dump`'s bytes for r's Cfg.Streams streams of
// count values each to w, one chunk of whole streams at a time, drawn in
// dispatches of at most piece values per stream, each continuing from the
// pool (which Dump takes over). The first one seeds the chunk (DUMP_INIT),
// unless a warm-up needs dispatches of its own (render.RNG.SeedStreams).
// progress, if not nil, is told how many streams are done.
func Dump(r *render.RNG, count int, f32 bool, w io.Writer, progress func(done int)) error {
	perStream := int64(count) * 4
	limit := dumpLimit(r)
	if perStream > limit {
		return fmt.Errorf("--count %d is too large: one stream must fit in %d MiB on this GPU", count, limit>>20)
	}
	chunk := min(r.Cfg.Streams, int(limit/perStream))
	if words := r.Inst.StateWords(); words > 0 {
		chunk = min(chunk, int(limit)/(words*4))
	}
	d, err := newDumper(r, f32, chunk*count)
	if err != nil {
		return err
	}
	defer d.out.Delete()
	for first := 0; first < r.Cfg.Streams; first += chunk {
		n := min(chunk, r.Cfg.Streams-first)
		if err := d.start(first, n); err != nil {
			return err
		}
		words, err := d.block(n, 0, count)
		if err != nil {
			return err
		}
		if err := writeWords(w, words); err != nil {
			return err
		}
		if progress != nil {
			progress(first + n)
		}
	}
	return nil
}

// dumpLimit is the most bytes one of r's dump buffers (a chunk's or a
// block's values, a pool) may hold on its GPU.
func dumpLimit(r *render.RNG) int64 {
	return min(int64(dumpChunkBytes), r.Context().Info.MaxSSBOBytes)
}

// newBlockDumper is a dumper of blocks of k u32 values of each of `streams`
// streams, every stream started at its value 0: the source of the battery
// and of the CA evaluation's symbol counts.
func newBlockDumper(r *render.RNG, streams, k int) (*dumper, error) {
	d, err := newDumper(r, false, streams*k)
	if err != nil {
		return nil, err
	}
	if err := d.start(0, streams); err != nil {
		d.out.Delete()
		return nil, err
	}
	return d, nil
}

// MaxInterleavedStreams is the most streams an interleaved dump holds at
// once for inst: all of them live in one pool of at most a dump chunk.
func MaxInterleavedStreams(inst rng.Instance) int {
	return dumpChunkBytes / (4 * max(1, inst.StateWords()))
}

// DumpInterleaved writes the same values as Dump in the order a dispatch
// consumes them: value m of every stream, then value m+1 (`[m*T + t]`). All
// streams stay in the pool; blocks of values are drawn for all of them and
// interleaved here. progress, if not nil, is told how many streams' worth
// of values are done.
func DumpInterleaved(r *render.RNG, count int, f32 bool, w io.Writer, progress func(done int)) error {
	streams := r.Cfg.Streams
	if streams > MaxInterleavedStreams(r.Inst) {
		return fmt.Errorf("an interleaved dump holds every stream at once: at most %d streams of %s", MaxInterleavedStreams(r.Inst), r.Gen.Name)
	}
	limit := dumpLimit(r)
	block := max(1, min(count, int(limit/int64(4*streams))))
	d, err := newDumper(r, f32, streams*block)
	if err != nil {
		return err
	}
	defer d.out.Delete()
	if err := d.start(0, streams); err != nil {
		return err
	}
	inter := make([]uint32, streams*block)
	for m0 := 0; m0 < count; m0 += block {
		k := min(block, count-m0)
		words, err := d.block(streams, m0, k)
		if err != nil {
			return err
		}
		for t := 0; t < streams; t++ {
			for j := 0; j < k; j++ {
				inter[j*streams+t] = words[t*k+j]
			}
		}
		if err := writeWords(w, inter[:streams*k]); err != nil {
			return err
		}
		if progress != nil {
			progress(int(int64(streams) * int64(m0+k) / int64(count)))
		}
	}
	return nil
}

// dumper runs rng_dump.comp over a chunk of streams kept in the pool.
type dumper struct {
	r          *render.RNG
	p          *gpu.Program
	x4         *gpu.Program // strided: four values a lane and store (DUMP_X4)
	out        *gpu.Buffer
	piece      int // values per invocation and dispatch
	initInDump bool
	strided    bool // rng.StridedDump: invocations share a stream
	first, n   int
	words      []uint32
}

func newDumper(r *render.RNG, f32 bool, words int) (*dumper, error) {
	loops := r.Inst.Loops()
	_, strided := r.Inst.(rng.StridedDump)
	d := &dumper{r: r, initInDump: loops.Warmup == 0, strided: strided}
	defs := map[string]string{}
	fixed := 0
	if d.initInDump {
		defs["DUMP_INIT"] = "1"
		fixed = loops.Init // entered by every piece, if only masked off
	}
	var err error
	if d.piece, err = r.Piece(1, 1, fixed); err != nil {
		return nil, err
	}
	if f32 {
		defs["DUMP_F32"] = "1"
	}
	if d.p, err = r.Program("rng_dump.comp", defs); err != nil {
		return nil, err
	}
	if strided {
		defs["DUMP_X4"] = "1"
		if d.x4, err = r.Program("rng_dump.comp", defs); err != nil {
			return nil, err
		}
	}
	if d.out, err = r.Context().NewBuffer(words*4, nil); err != nil {
		return nil, err
	}
	return d, nil
}

// start takes streams first .. first+n-1 into the pool, seeded at their
// first value (or warmed up by SeedStreams where the warm-up has dispatches of its own).
func (d *dumper) start(first, n int) error {
	d.first, d.n = first, n
	if d.initInDump {
		return d.r.UsePool(n)
	}
	return d.r.SeedStreams(first, n)
}

// block draws values m0 .. m0+k-1 of the pool's n streams and returns them
// stream-major ([t*k + j]), in dispatches of at most piece values.
func (d *dumper) block(n, m0, k int) ([]uint32, error) {
	if err := d.draw(d.out, n, m0, k); err != nil {
		return nil, err
	}
	if len(d.words) < n*k {
		d.words = make([]uint32, n*k)
	}
	d.out.Read(0, d.words[:n*k])
	return d.words[:n*k], nil
}

// draw is block without the read-back: the values stay in out.
//
// A strided dump whose block starts at a multiple of 4 and holds a multiple
// of 4 values a stream takes them four at a time (DUMP_X4): lanes then share
// the stream's quads, each storing a uvec4 a pass.
func (d *dumper) draw(out *gpu.Buffer, n, m0, k int) error {
	p, piece, per := d.p, d.piece, 1
	if d.x4 != nil && m0%4 == 0 && k%4 == 0 && d.piece >= 4 {
		p, piece, per = d.x4, d.piece&^3, 4
	}
	d.r.Bind(p, 0)
	out.Bind(shaders.RNGOutBinding)
	p.SetUint("count", uint32(k))
	p.SetUint("first_stream", uint32(d.first))
	p.SetUint("chunk_streams", uint32(n))
	p.SetUint("block_first", uint32(m0))
	lanes := d.lanesLog2(k / per)
	if d.strided {
		p.SetUint("lanes_log2", uint32(lanes))
	}
	step := piece << lanes
	for m := m0; m < m0+k; m += step {
		p.SetUint("first_value", uint32(m))
		p.SetUint("values", uint32(min(step, m0+k-m)))
		if err := d.r.Context().Dispatch(p, n<<lanes); err != nil {
			return err
		}
	}
	return nil
}

// maxDumpLanesLog2 is log2 of the most invocations that share a strided
// dump stream: the Sobol seed's CUDA kernel runs 2^11 a dimension. A
// variable: a test lowers it so that a dump crosses many dispatches.
var maxDumpLanesLog2 = 11

// lanesLog2 is log2 of the invocations per stream for a block of k values
// a stream: 0 unless the generator's dumps are strided.
func (d *dumper) lanesLog2(k int) int {
	if !d.strided || k < 2 {
		return 0
	}
	return min(maxDumpLanesLog2, bits.Len(uint(k))-1)
}

// writeWords writes words little-endian.
func writeWords(w io.Writer, words []uint32) error {
	b := make([]byte, len(words)*4)
	putWords(b, words)
	_, err := w.Write(b)
	return err
}

// DrawMode says what rng_draw.comp does with the values it draws.
type DrawMode int

const (
	DrawRecord DrawMode = iota // keep every value: u32 for even draws, f32 for odd (tests)
	DrawStore                  // store every renderer float (bench)
	DrawSum                    // only sum them (bench)
)

// Draw runs rng_draw.comp over the pool for `dispatches` iterations back to
// back, first, first+1, ...: each slot draws count values per iteration into
// out, in as many dispatches as the loop budget asks for. It returns the GPU
// time of them all.
func Draw(r *render.RNG, mode DrawMode, count int, first uint32, dispatches int, out *gpu.Buffer) (time.Duration, error) {
	sites, per := 2, 1 // record: a u32 and an f32 call, one of them taken
	switch mode {
	case DrawStore:
		if count%4 != 0 {
			return 0, fmt.Errorf("stored draws come in fours (got %d)", count)
		}
		sites, per = 4, 4
	case DrawSum:
		if count%4 != 0 {
			return 0, fmt.Errorf("summed draws come in fours (got %d)", count)
		}
		sites, per = 4, 4
	}
	if count < 1 {
		return 0, fmt.Errorf("draws per invocation must be at least 1 (got %d)", count)
	}
	if need := int64(DrawWords(mode, r.Slots, count)) * 4; need > int64(out.Bytes) {
		return 0, fmt.Errorf("%d draws for %d invocations need %d bytes, the buffer has %d", count, r.Slots, need, out.Bytes)
	}
	fixed := 0
	if mode == DrawStore || mode == DrawSum {
		// A wide draw's loop (RNG_F32X4N, only in generators whose draws
		// do not loop) ends one pass before the fours' loop.
		fixed = 1
	}
	piece, err := r.Piece(sites, per, fixed)
	if err != nil {
		return 0, err
	}
	defs := map[string]string{}
	switch mode {
	case DrawStore:
		defs["BENCH_STORE"] = "1"
	case DrawSum:
		defs["BENCH_SUM"] = "1"
	}
	p, err := r.Program("rng_draw.comp", defs)
	if err != nil {
		return 0, err
	}
	r.Bind(p, first)
	out.Bind(shaders.RNGOutBinding)
	p.SetUint("invocations", uint32(r.Slots))
	p.SetUint("count", uint32(count))
	return r.Context().Time(func() error {
		for k := 0; k < dispatches; k++ {
			p.SetUint("rng_iteration", first+uint32(k))
			for m := 0; m < count; m += piece {
				p.SetUint("first_draw", uint32(m))
				p.SetUint("draws", uint32(min(piece, count-m)))
				if err := r.Context().Dispatch(p, r.Slots); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// DrawWords is how many words Draw writes for mode.
func DrawWords(mode DrawMode, slots, count int) int {
	switch mode {
	case DrawRecord, DrawStore:
		return slots * count
	default: // DrawSum: four running sums
		return slots * 4
	}
}

func putWords(b []byte, w []uint32) {
	for i, v := range w {
		b[4*i] = byte(v)
		b[4*i+1] = byte(v >> 8)
		b[4*i+2] = byte(v >> 16)
		b[4*i+3] = byte(v >> 24)
	}
}
