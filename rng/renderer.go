package rng

import (
	"encoding/binary"
	"io"
)

// RendererStream is the Go reference of the lab's renderer order: what pool
// slot `slot` of a renderer pass draws through a render, as the renderer's
// floats (Stream.F32), photon after photon. inst is configured as the pass
// has it (streams = its slots: photons per iteration, or pixels). A stream
// generator's slot continues stream `slot` whatever a path's length; a
// quasi-random one draws dimensions 0..perPhoton-1 of point k*streams+slot
// in iteration k, or of point k of the slot's own sequence where the pass
// gives each slot one (slotSequences, the eye pass).
func RendererStream(inst Instance, streams, slot, perPhoton int, slotSequences bool) func() float32 {
	quasi, isQuasi := inst.(QuasiRandom)
	if !isQuasi {
		return inst.Stream(slot).F32
	}
	seq, hasSeq := inst.(SlotSequences)
	k, drawn := uint64(0), 0
	var point Stream
	return func() float32 {
		if point == nil || drawn == perPhoton {
			if slotSequences && hasSeq {
				point = seq.SlotPoint(slot, k)
			} else {
				point = quasi.Point(k*uint64(streams) + uint64(slot))
			}
			k, drawn = k+1, 0
		}
		drawn++
		return point.F32()
	}
}

// RendererWord is the word the lab's renderer order tests for a renderer
// float f in [0,1): uint(f * 2^24), f's fraction bits at 24-bit steps in
// the low 24 bits, where the battery takes a generator's output bits (the
// GPU computes the same, exactly: the scale is a power of two).
func RendererWord(f float32) uint32 { return uint32(float64(f) * (1 << 24)) }

// DumpRenderer writes slots 0..slots-1 of a renderer pass laid out as inst
// (streams slots), count draws each, slot after slot, in the lab's renderer
// order (RendererStream) as RendererWord words, little-endian. progress, if
// not nil, is told how many slots are done.
func DumpRenderer(inst Instance, streams, slots, count, perPhoton int, slotSequences bool, w io.Writer, progress func(done int)) error {
	buf := make([]byte, 4<<14) // whole words: a packing writer takes them as they come
	for s := 0; s < slots; s++ {
		next := RendererStream(inst, streams, s, perPhoton, slotSequences)
		for m := 0; m < count; {
			n := min(len(buf)/4, count-m)
			for i := range n {
				binary.LittleEndian.PutUint32(buf[4*i:], RendererWord(next()))
			}
			if _, err := w.Write(buf[:4*n]); err != nil {
				return err
			}
			m += n
		}
		if progress != nil {
			progress(s + 1)
		}
	}
	return nil
}
