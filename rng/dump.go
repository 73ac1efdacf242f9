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
	buf := make([]byte, count*4)
	for t := 0; t < streams; t++ {
		s := inst.Stream(t)
		for m := 0; m < count; m++ {
			var v uint32
			if f32 {
				v = math.Float32bits(s.DumpF32())
			} else {
				v = s.U32()
			}
			binary.LittleEndian.PutUint32(buf[4*m:], v)
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
	all := make([]Stream, streams)
	for t := range all {
		all[t] = inst.Stream(t)
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	buf := make([]byte, streams*4)
	for m := 0; m < count; m++ {
		for t, s := range all {
			var v uint32
			if f32 {
				v = math.Float32bits(s.DumpF32())
			} else {
				v = s.U32()
			}
			binary.LittleEndian.PutUint32(buf[4*t:], v)
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
