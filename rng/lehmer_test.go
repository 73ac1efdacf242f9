package rng

import "testing"

// The spec's known answers for slm seeding (seed 0).
func TestLehmerSLMKnownAnswers(t *testing.T) {
	inst, err := Lehmer.New(Config{Seed: 0, Streams: 3, Options: map[string]string{"lehmer-seeding": "slm"}})
	if err != nil {
		t.Fatal(err)
	}
	starts := []uint32{0xc160a810, 0xa1aafbd1, 0x86f44e93}
	for i, want := range starts {
		if got := inst.Stream(i).(*lehmerStream).s; got != want {
			t.Errorf("stream %d starts at %08x, want %08x", i, got, want)
		}
	}
	s := inst.Stream(0)
	for i, want := range []uint32{0xa2f73bea, 0xca197e14, 0x3c0886cb} {
		if got := s.U32(); got != want {
			t.Errorf("stream 0 value %d = %08x, want %08x", i, got, want)
		}
	}
}

// The step against an independent evaluation: 64-bit product, then the
// modulus by repeated subtraction of a multiple found by float division.
func TestLehmerStepIndependent(t *testing.T) {
	const p = uint64(1)<<32 - 5
	x := uint32(0)
	for i := 0; i < 100000; i++ {
		v := uint64(x+1) * 279470273
		q := uint64(float64(v) / float64(p))
		r := int64(v - q*p) // float division is off by at most a few units
		for r < 0 {
			r += int64(p)
		}
		for uint64(r) >= p {
			r -= int64(p)
		}
		if got := LehmerStep(x); uint64(got) != uint64(r) {
			t.Fatalf("step(%08x) = %08x, want %08x", x, got, r)
		}
		x = x*2654435761 + uint32(i) // walk over the whole 32-bit range, edge cases too
		if i%1000 == 0 {
			x = 0xFFFFFFFF - uint32(i/1000)
		}
	}
}

// Dump floats are rng.cl's lehmer_rand_vec components, first draw first, in [-0.5, 0.5].
func TestLehmerDumpFloats(t *testing.T) {
	inst, _ := Lehmer.New(Config{Seed: 99, Streams: 1})
	a, b := inst.Stream(0), inst.Stream(0)
	for i := 0; i < 10000; i++ {
		u := a.U32()
		f := b.DumpF32()
		if want := float32(u)/float32(0xfffffffb) - 0.5; f != want {
			t.Fatalf("value %d: %v, want %v", i, f, want)
		}
		if f < -0.5 || f > 0.5 {
			t.Fatalf("value %d: %v outside [-0.5, 0.5]", i, f)
		}
	}
}
