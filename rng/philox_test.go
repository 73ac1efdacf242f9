package rng

import "testing"

// Random123's known-answer vectors for Philox4x32 (tests/kat_vectors of
// github.com/DEShawResearch/random123, lines "philox4x32 7" and "philox4x32
// 10"): zero, all ones and the digits of pi, at 7 rounds (the fewest SC'11
// found Crush-resistant) and at the default 10.
func TestPhiloxKnownAnswers(t *testing.T) {
	zero, ones := [4]uint32{}, [4]uint32{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}
	pi := [4]uint32{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}
	zeroKey, onesKey, piKey := [2]uint32{}, [2]uint32{0xffffffff, 0xffffffff}, [2]uint32{0xa4093822, 0x299f31d0}
	for _, kat := range []struct {
		rounds int
		ctr    [4]uint32
		key    [2]uint32
		want   [4]uint32
	}{
		{7, zero, zeroKey, [4]uint32{0x5f6fb709, 0x0d893f64, 0x4f121f81, 0x4f730a48}},
		{7, ones, onesKey, [4]uint32{0x5207ddc2, 0x45165e59, 0x4d8ee751, 0x8c52f662}},
		{7, pi, piKey, [4]uint32{0x4dfccaba, 0x190a87f0, 0xc47362ba, 0xb6b5242a}},
		{10, zero, zeroKey, [4]uint32{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
		{10, ones, onesKey, [4]uint32{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
		{10, pi, piKey, [4]uint32{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
	} {
		if got := philox4x32(kat.rounds, kat.ctr, kat.key); got != kat.want {
			t.Errorf("philox4x32-%d(%08x, %08x) = %08x, want %08x", kat.rounds, kat.ctr, kat.key, got, kat.want)
		}
	}
}

// --philox-rounds reaches the streams: philox:philox-rounds=7 begins with
// the 7-round known answer at seed 0 (and 10, the default, with the 10-round
// one, in TestPhiloxStreamLayout).
func TestPhiloxRoundsOption(t *testing.T) {
	inst, err := Philox.New(Config{Seed: 0, Streams: 1, Options: map[string]string{"philox-rounds": "7"}})
	if err != nil {
		t.Fatal(err)
	}
	s := inst.Stream(0)
	for i, want := range []uint32{0x5f6fb709, 0x0d893f64, 0x4f121f81, 0x4f730a48} {
		if got := s.U32(); got != want {
			t.Errorf("7 rounds, seed 0 stream 0 value %d = %08x, want %08x", i, got, want)
		}
	}
	if got := inst.Defines()["PHILOX_ROUNDS"]; got != "7" {
		t.Errorf("7 rounds: PHILOX_ROUNDS = %q", got)
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
				want := philox4x32(10, [4]uint32{uint32(m / 4), uint32(st), 0, 0}, [2]uint32{seed, 0})[m%4]
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
	s := &philoxStream{key: 7, t: 3, rounds: 10, block: 0xFFFFFFFE}
	for _, ctr := range [][4]uint32{{0xFFFFFFFF, 3, 0, 0}, {0, 3, 1, 0}, {1, 3, 1, 0}} {
		for lane, want := range philox4x32(10, ctr, [2]uint32{7, 0}) {
			if got := s.U32(); got != want {
				t.Fatalf("counter %08x lane %d: %08x, want %08x", ctr, lane, got, want)
			}
		}
	}
}

// --philox-interleave changes how the bench kernels compute the numbers,
// never which: it reaches the GLSL as PHILOX_INTERLEAVE, the Go streams are
// the same, Spec.Drawn (what rng test and capture refuse twice) ignores it,
// and Spec.Identity keeps it, so `rng bench` can time 1, 2 and 4 in one run.
func TestPhiloxInterleaveOption(t *testing.T) {
	specs, err := ParseSpecs("philox,philox:philox-interleave=2,philox:philox-interleave=4:philox-rounds=7")
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := Philox.New(Config{Seed: 5, Streams: 3})
	for i, want := range []string{"1", "2", "4"} {
		inst, err := specs[i].New(3, 5)
		if err != nil {
			t.Fatal(err)
		}
		if got := inst.Defines()["PHILOX_INTERLEAVE"]; got != want {
			t.Errorf("%s: PHILOX_INTERLEAVE = %q, want %s", specs[i], got, want)
		}
		if i == 2 {
			continue // 7 rounds: other numbers
		}
		a, b := plain.Stream(2), inst.Stream(2)
		for m := range 64 {
			if x, y := a.U32(), b.U32(); x != y {
				t.Fatalf("%s value %d = %08x, philox's %08x", specs[i], m, y, x)
			}
		}
	}
	if specs[0].Drawn(1) != specs[1].Drawn(1) {
		t.Errorf("Drawn: %q and %q, but they draw the same numbers", specs[0].Drawn(1), specs[1].Drawn(1))
	}
	if specs[0].Identity() == specs[1].Identity() {
		t.Errorf("Identity: both %q", specs[0].Identity())
	}
	if specs[1].Drawn(1) == specs[2].Drawn(1) {
		t.Errorf("Drawn: 7 rounds and 10 both %q", specs[1].Drawn(1))
	}
}
