package rng

import (
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
