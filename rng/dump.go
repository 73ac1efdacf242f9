package rng

import (
	"bufio"
	"encoding/binary"
	"io"
	"math"
)

// Dump writes `speckle rng dump --device cpu` output: streams streams of count
// values each, stream-major, little-endian. progress, if not nil, is told how
// many streams are done.
func Dump(inst Instance, streams, count int, f32 bool, w io.Writer, progress func(done int)) error {
	if err := instNoReference(inst, "the Go dump"); err != nil {
		return err
	}
	buf := make([]byte, count*4)
	for t := 0; t < streams; t++ {
		s := inst.Stream(t)
		for m := 0; m < count; m++ {
			putDumpValue(buf[4*m:], s, f32)
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
		if progress != nil && (t%64 == 63 || t == streams-1) {
			progress(t + 1)
		}
	}
	return nil
}

// DumpInterleaved writes the values Dump writes in the order a dispatch
// consumes them: value m of every stream, then value m+1 ([m*T + t]).
// progress, if not nil, is told how many streams' worth of values are done.
func DumpInterleaved(inst Instance, streams, count int, f32 bool, w io.Writer, progress func(done int)) error {
	if err := instNoReference(inst, "the Go dump"); err != nil {
		return err
	}
	all := make([]Stream, streams)
	for t := range all {
		all[t] = inst.Stream(t)
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	buf := make([]byte, streams*4)
	for m := 0; m < count; m++ {
		for t, s := range all {
			putDumpValue(buf[4*t:], s, f32)
		}
		if _, err := bw.Write(buf); err != nil {
			return err
		}
		if progress != nil && (m%4096 == 4095 || m == count-1) {
			progress(int(int64(streams) * int64(m+1) / int64(count)))
		}
	}
	return bw.Flush()
}

// putDumpValue draws s's next value as a dump holds it, its native integer
// or the bits of its dump float, into b little-endian.
func putDumpValue(b []byte, s Stream, f32 bool) {
	if f32 {
		binary.LittleEndian.PutUint32(b, math.Float32bits(s.DumpF32()))
	} else {
		binary.LittleEndian.PutUint32(b, s.U32())
	}
}

// Packer is an io.Writer that takes little-endian 32-bit values and writes
// only their low Bits bits, packed without gaps (least significant first)
// into little-endian 32-bit words: a generator with fewer than 32 output
// bits (rand48's 31, RANLUX's 24) then fills every bit a 32-bit test
// battery reads, instead of failing it on the bits it never sets. A final
// partial word is not written.
type Packer struct {
	w    io.Writer
	bits uint
	acc  uint64 // bits not yet written, the oldest lowest
	n    uint   // how many
	rest []byte // a value's bytes split across two Writes
	out  []byte
}

// NewPacker packs the low bits bits (1..32) of each value written to it.
func NewPacker(w io.Writer, bits int) *Packer { return &Packer{w: w, bits: uint(bits)} }

func (p *Packer) Write(b []byte) (int, error) {
	written := len(b)
	if len(p.rest) > 0 {
		take := min(4-len(p.rest), len(b))
		p.rest = append(p.rest, b[:take]...)
		b = b[take:]
		if len(p.rest) < 4 {
			return written, nil
		}
		p.add(binary.LittleEndian.Uint32(p.rest))
		p.rest = p.rest[:0]
	}
	for ; len(b) >= 4; b = b[4:] {
		p.add(binary.LittleEndian.Uint32(b))
	}
	p.rest = append(p.rest, b...)
	_, err := p.w.Write(p.out)
	p.out = p.out[:0]
	if err != nil {
		return 0, err
	}
	return written, nil
}

func (p *Packer) add(v uint32) {
	p.acc |= uint64(v&uint32(1<<p.bits-1)) << p.n
	p.n += p.bits
	for p.n >= 32 {
		p.out = binary.LittleEndian.AppendUint32(p.out, uint32(p.acc))
		p.acc >>= 32
		p.n -= 32
	}
}
