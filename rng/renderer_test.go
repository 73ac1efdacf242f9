package rng

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// A sought philox stream continues the stream exactly: value m of stream t
// is the one the stream draws m-th, here counted out, and past 2^32 blocks
// lane m%4 of the block for counter (m/4 low, t, m/4 high, 0), the spec's
// layout (generators.md).
func TestPhiloxStreamAtContinuesTheStream(t *testing.T) {
	inst, err := Philox.New(Config{Streams: 8, Seed: 77, Options: map[string]string{"philox-rounds": "10"}})
	if err != nil {
		t.Fatal(err)
	}
	seeker := inst.(Seeker)
	whole := inst.Stream(5)
	var want []uint32
	for range 70_000 {
		want = append(want, whole.U32())
	}
	for _, m := range []int{0, 1, 2, 3, 4, 5, 7, 65_537, 69_990} {
		got := seeker.StreamAt(5, uint64(m))
		for k := m; k < min(m+9, len(want)); k++ {
			if v := got.U32(); v != want[k] {
				t.Fatalf("StreamAt(5, %d): value %d is %#x, the stream's is %#x", m, k, v, want[k])
			}
		}
	}
	for _, m := range []uint64{1<<34 + 2, 1<<40 + 5} {
		b := m / 4
		block := philox4x32(10, [4]uint32{uint32(b), 5, uint32(b >> 32), 0}, [2]uint32{77, 0})
		if v := seeker.StreamAt(5, m).U32(); v != block[m%4] {
			t.Errorf("StreamAt(5, %d) = %#x, the spec's counter gives %#x", m, v, block[m%4])
		}
	}
}

// The parallel slot dump writes the serial dump's bytes, whatever the
// workers and a count that ends mid-chunk; through DumpRenderer too.
func TestParallelSlotDumpEqualsSerial(t *testing.T) {
	inst, err := Philox.New(Config{Streams: 1 << 20, Seed: 3, Options: map[string]string{"philox-rounds": "10"}})
	if err != nil {
		t.Fatal(err)
	}
	count := 3*dumpChunkWords + 1234
	var serial bytes.Buffer
	if err := dumpWords(RendererStream(inst, 1<<20, 9, 7, false), 0, count, make([]byte, 4096), &serial); err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 3, 8} {
		var par bytes.Buffer
		if err := dumpSlotParallel(inst.(Seeker), 9, count, workers, &par); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(par.Bytes(), serial.Bytes()) {
			t.Fatalf("%d workers: the parallel dump differs from the serial one", workers)
		}
	}
	var all, want bytes.Buffer
	if err := DumpRenderer(inst, 1<<20, 2, parallelDumpMin+5, 7, false, &all, nil); err != nil {
		t.Fatal(err)
	}
	for s := range 2 {
		if err := dumpWords(RendererStream(inst, 1<<20, s, 7, false), 0, parallelDumpMin+5, make([]byte, 4096), &want); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(all.Bytes(), want.Bytes()) {
		t.Fatal("DumpRenderer's parallel path differs from the serial dump")
	}
}

// A reader that stops (PractRand at its length, a closed pipe) ends the
// parallel dump with the write's error, workers and all, even one that never
// ends (count MaxInt, as --count 0).
func TestParallelSlotDumpStopsWithItsWriter(t *testing.T) {
	inst, err := Philox.New(Config{Streams: 4, Seed: 1, Options: map[string]string{"philox-rounds": "10"}})
	if err != nil {
		t.Fatal(err)
	}
	w := &failAfter{left: 5 * 4 * dumpChunkWords}
	err = dumpSlotParallel(inst.(Seeker), 0, int(^uint(0)>>1), 4, w)
	if !errors.Is(err, io.ErrClosedPipe) {
		t.Fatalf("got %v, want the writer's error", err)
	}
}

type failAfter struct{ left int }

func (f *failAfter) Write(b []byte) (int, error) {
	if f.left < len(b) {
		return 0, io.ErrClosedPipe
	}
	f.left -= len(b)
	return len(b), nil
}
