package rng

import (
	"encoding/binary"
	"io"
	"runtime"
	"sync"
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
// not nil, is told how many slots are done. A stream generator that seeks
// (Seeker) has each slot drawn by all CPUs at once, in chunks written in
// order: the same bytes, fast enough to feed PractRand one slot to 2^36
// bytes within the lent machine's ten minutes.
func DumpRenderer(inst Instance, streams, slots, count, perPhoton int, slotSequences bool, w io.Writer, progress func(done int)) error {
	if err := instNoReference(inst, "the Go renderer order"); err != nil {
		return err
	}
	_, quasi := inst.(QuasiRandom)
	seeker, seeks := inst.(Seeker)
	for s := 0; s < slots; s++ {
		var err error
		if seeks && !quasi && count >= parallelDumpMin {
			err = dumpSlotParallel(seeker, s, count, runtime.GOMAXPROCS(0), w)
		} else {
			err = dumpWords(RendererStream(inst, streams, s, perPhoton, slotSequences), 0, count, make([]byte, 4*dumpChunkWords), w)
		}
		if err != nil {
			return err
		}
		if progress != nil {
			progress(s + 1)
		}
	}
	return nil
}

// dumpChunkWords is the words one write (and one worker's chunk) holds;
// parallelDumpMin the shortest slot that is worth the workers.
const (
	dumpChunkWords  = 1 << 14
	parallelDumpMin = 1 << 20
)

// dumpWords writes n renderer words of next, from word m0 of the slot on
// (m0 only bounds the chunks), through buf.
func dumpWords(next func() float32, m0, n int, buf []byte, w io.Writer) error {
	for m := 0; m < n; {
		k := min(len(buf)/4, n-m)
		for i := range k {
			binary.LittleEndian.PutUint32(buf[4*i:], RendererWord(next()))
		}
		if _, err := w.Write(buf[:4*k]); err != nil {
			return err
		}
		m += k
	}
	return nil
}

// dumpSlotParallel writes count renderer words of stream slot: worker i
// draws chunks i, i+workers, ... from a stream sought to each chunk's start
// into buffers that the writer hands back once written, and the chunks are
// written in order. A failed write stops the workers.
func dumpSlotParallel(seeker Seeker, slot, count, workers int, w io.Writer) error {
	chunks := count / dumpChunkWords // count may be MaxInt: no rounding up by addition
	if count%dumpChunkWords != 0 {
		chunks++
	}
	workers = max(1, min(workers, chunks))
	stop := make(chan struct{})
	done := make([]chan []byte, workers)
	free := make([]chan []byte, workers)
	var wg sync.WaitGroup
	for i := range done {
		done[i], free[i] = make(chan []byte, 2), make(chan []byte, 3)
		for range cap(free[i]) {
			free[i] <- make([]byte, 4*dumpChunkWords)
		}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for c := i; c < chunks; c += workers {
				var buf []byte
				select {
				case buf = <-free[i]:
				case <-stop:
					return
				}
				m0 := c * dumpChunkWords
				n := min(dumpChunkWords, count-m0)
				next := seeker.StreamAt(slot, uint64(m0)).F32
				for j := range n {
					binary.LittleEndian.PutUint32(buf[4*j:], RendererWord(next()))
				}
				select {
				case done[i] <- buf[:4*n]:
				case <-stop:
					return
				}
			}
		}(i)
	}
	var err error
	for c := 0; c < chunks && err == nil; c++ {
		buf := <-done[c%workers]
		_, err = w.Write(buf)
		free[c%workers] <- buf[:cap(buf)]
	}
	close(stop)
	wg.Wait()
	return err
}
