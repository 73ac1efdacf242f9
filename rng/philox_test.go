package rng

import "testing"

// Random123's known-answer vectors for Philox4x32-10 (kat_vectors): the
// spec's two, and the one with the digits of pi.
func TestPhiloxKnownAnswers(t *testing.T) {
	for _, kat := range []struct {
		ctr  [4]uint32
		key  [2]uint32
		want [4]uint32
	}{
		{[4]uint32{}, [2]uint32{}, [4]uint32{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
		{[4]uint32{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, [2]uint32{0xffffffff, 0xffffffff},
			[4]uint32{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
		{[4]uint32{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, [2]uint32{0xa4093822, 0x299f31d0},
			[4]uint32{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
	} {
		if got := philox4x32(kat.ctr, kat.key); got != kat.want {
			t.Errorf("philox4x32-10(%08x, %08x) = %08x, want %08x", kat.ctr, kat.key, got, kat.want)
		}
	}
}

// The spec's layout: value m of stream t is lane m%4 of counter (m/4, t, 0, 0)
// under key (S, 0); seed 0, stream 0 begins with the all-zero known answer.
func TestPhiloxStreamLayout(t *testing.T) {
	inst, _ := Philox.New(Config{Seed: 0, Streams: 1})
	s := inst.Stream(0)
	for i, want := range []uint32{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8} {
		if got := s.U32(); got != want {
			t.Errorf("seed 0 stream 0 value %d = %08x, want %08x", i, got, want)
		}
	}
	for _, seed := range []uint32{1, 0x9E3779B9} {
		inst, _ := Philox.New(Config{Seed: seed, Streams: 70})
		for _, st := range []int{0, 5, 69} {
			s := inst.Stream(st)
			for m := 0; m < 1000; m++ {
				want := philox4x32([4]uint32{uint32(m / 4), uint32(st), 0, 0}, [2]uint32{seed, 0})[m%4]
				if got := s.U32(); got != want {
					t.Fatalf("seed %x stream %d value %d = %08x, want %08x", seed, st, m, got, want)
				}
			}
		}
	}
}

// Past 2^34 values the block index carries into counter word 2 (the spec
// stops at 2^32 blocks), so a stream never reuses its own or a neighbour's counters.
func TestPhiloxBlockCarry(t *testing.T) {
	s := &philoxStream{key: 7, t: 3, block: 0xFFFFFFFE}
	for _, ctr := range [][4]uint32{{0xFFFFFFFF, 3, 0, 0}, {0, 3, 1, 0}, {1, 3, 1, 0}} {
		for lane, want := range philox4x32(ctr, [2]uint32{7, 0}) {
			if got := s.U32(); got != want {
				t.Fatalf("counter %08x lane %d: %08x, want %08x", ctr, lane, got, want)
			}
		}
	}
}
