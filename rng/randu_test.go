package rng

import "testing"

// RANDU from seed 1, worked by hand: 65539^2 = 2^32 + 6*2^16 + 9, so x_2 =
// 393225; x_3 = 393225*65539 mod 2^31 = 1769499.
func TestRANDUKnownAnswers(t *testing.T) {
	inst, err := RANDU.New(Config{Seed: 0, Streams: 2})
	if err != nil {
		t.Fatal(err)
	}
	s := inst.Stream(0) // seed 2*0+1 = 1
	for i, want := range []uint32{65539, 393225, 1769499} {
		if got := s.U32(); got != want {
			t.Errorf("value %d = %d, want %d", i, got, want)
		}
	}
	if got := inst.Stream(1).U32(); got != 3*65539 { // stream 1 starts at 3
		t.Errorf("stream 1 value 0 = %d, want %d", got, 3*65539)
	}
}

// Every value obeys RANDU's three-term relation x_{k+2} = 6 x_{k+1} - 9 x_k
// (mod 2^31), computed here in 64-bit signed arithmetic, independently of
// the step; every state stays odd and below 2^31.
func TestRANDUThreeTermRelation(t *testing.T) {
	inst, _ := RANDU.New(Config{Seed: 12345, Streams: 1})
	s := inst.Stream(0)
	a, b := int64(s.U32()), int64(s.U32())
	for i := 0; i < 100000; i++ {
		c := int64(s.U32())
		if want := ((6*b-9*a)%(1<<31) + 1<<31) % (1 << 31); c != want {
			t.Fatalf("value %d = %d, want 6*%d - 9*%d mod 2^31 = %d", i+2, c, b, a, want)
		}
		if c&1 == 0 || c >= 1<<31 {
			t.Fatalf("value %d = %d: not an odd 31-bit state", i+2, c)
		}
		a, b = b, c
	}
}

// RANDU is a control: listed, but kept out of the default comparison.
func TestRANDUIsAControl(t *testing.T) {
	if !RANDU.Control {
		t.Error("RANDU is not marked as a control")
	}
	for _, sp := range DefaultComparison() {
		if sp.Gen.Control {
			t.Errorf("the default comparison holds the control %s", sp.Gen.Name)
		}
	}
}
