package rng

import (
	"testing"

	"speckle/internal/cref"
)

// The spec's property, against the C library itself: value m of stream t is
// number m*T+t of glibc's srand48(S); lrand48() sequence.
func TestRand48InterleavedEqualsGlibc(t *testing.T) {
	for _, seed := range []uint32{0, 1, 12345, 0x9E3779B9, 0xDEADBEEF, 0xFFFFFFFF} {
		for _, T := range []int{1, 3, 64, 1000} {
			M := max(20000/T, 20)
			want := cref.Lrand48(seed, M*T)
			inst, err := Rand48.New(Config{Seed: seed, Streams: T})
			if err != nil {
				t.Fatal(err)
			}
			for s := 0; s < T; s++ {
				st := inst.Stream(s)
				for m := 0; m < M; m++ {
					if got, w := st.U32(), want[m*T+s]; got != w {
						t.Fatalf("seed %08x, T %d: stream %d value %d = %08x, glibc lrand48 #%d = %08x",
							seed, T, s, m, got, m*T+s, w)
					}
				}
			}
		}
	}
}

// rand48_nextFloat is the state's upper 24 bits / 2^24, and lrand48 is its
// upper 31 bits: so each float is glibc's lrand48 >> 7, scaled.
func TestRand48FloatsAreUpper24Bits(t *testing.T) {
	const seed, T, M = 0xDEADBEEF, 7, 500
	want := cref.Lrand48(seed, T*M)
	inst, _ := Rand48.New(Config{Seed: seed, Streams: T})
	for s := 0; s < T; s++ {
		st := inst.Stream(s)
		for m := 0; m < M; m++ {
			w := float32(want[m*T+s]>>7) / (1 << 24)
			if f := st.DumpF32(); f != w {
				t.Fatalf("stream %d value %d: %v, want %v", s, m, f, w)
			}
		}
	}
}

// The leapfrog constants by squaring equal the seed's O(T) loop
// (C += A*c; A *= a, T times), and the aux words are their 24-bit limbs.
func TestRand48LeapfrogConstants(t *testing.T) {
	var A, C uint64 = 1, 0
	for k := 1; k <= 5000; k++ {
		C += A * rand48C
		A *= rand48A
		ja, jc := rand48Jump(uint64(k))
		if ja != A&rand48Mask || jc != C&rand48Mask {
			t.Fatalf("T=%d: jump gives (%012x, %012x), loop (%012x, %012x)", k, ja, jc, A&rand48Mask, C&rand48Mask)
		}
	}
	inst, _ := Rand48.New(Config{Seed: 0, Streams: 1})
	aux := inst.Aux()
	if want := []uint32{0xECE66D, 0x5DE, 0xB, 0}; aux[0] != want[0] || aux[1] != want[1] || aux[2] != want[2] || aux[3] != want[3] {
		t.Errorf("T=1 aux = %x, want a and c in 24-bit limbs %x", aux, want)
	}
}
