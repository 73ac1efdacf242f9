package stats

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"
)

// The Extra tests' statistics on good numbers (Go's PCG) give p-values that
// look uniform: a KS over the samples of each does not fail (30 samples; 1,000
// with SPECKLE_LONG_CALIBRATION=1; the GPU calibration on philox is lab's
// TestExtraCalibratedOnPhilox).
func TestExtraPValuesUniformOnGoodNumbers(t *testing.T) {
	samples := 30
	if os.Getenv("SPECKLE_LONG_CALIBRATION") != "" {
		samples = 1000
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, test := range Extra {
		length := extraSampleLen(test)
		x := make([]uint32, length)
		var ps []float64
		for s := 0; s < samples; s++ {
			for i := range x {
				x[i] = r.Uint32()
			}
			c := make([]uint64, test.Bins())
			Tally(test, x, 32, c)
			ps = append(ps, P(test, c, Layout{1, int64(length)}, 32))
		}
		ks := KS(ps)
		t.Logf("%s: KS of %d p-values over %d values each = %.3g", test, samples, length, ks)
		if !(ks > 1e-3) {
			t.Errorf("%s: KS of %d p-values on PCG numbers = %v", test, samples, ks)
		}
	}
}

// extraSampleLen is a sample long enough for the test's p-value: 64
// groups of birthdays, 2^16 values otherwise.
func extraSampleLen(t Test) int {
	if t.IsSpacings() {
		return 64 * t.Span()
	}
	return 1 << 16
}

// Hand-made items of the Extra tests.
func TestExtraTallyByHand(t *testing.T) {
	h := make([]uint64, Hamming.Bins())
	Tally(Hamming, []uint32{0x3FFF, 0xFFFF, 0xFFFFFFFF}, 32, h) // weights 14, 16: classes 2, 4; the lone third dropped
	if h[2*HammingClasses+4] != 1 || sum(h) != 1 {
		t.Errorf("hamming: cell (2,4) holds %d of %d", h[2*HammingClasses+4], sum(h))
	}
	if HammingClass(0, 32) != 0 || HammingClass(0xFFFFFFFE, 31) != 8 || HammingClass(0x7FFF<<17, 31) != 4 {
		t.Errorf("hamming classes: %d %d %d", HammingClass(0, 32), HammingClass(0xFFFFFFFE, 31), HammingClass(0x7FFF<<17, 31))
	}
	s := make([]uint64, Serial.Bins())
	Tally(Serial, []uint32{0x10000000, 0x20000000, 0x30000000, 0xF}, 32, s) // top nibbles 1 2 3 0
	if s[0x123] != 1 || s[0x230] != 1 || s[SerialTuples+0x12] != 1 || s[SerialTuples+0x30] != 1 || sum(s) != 5 {
		t.Errorf("serial: triples 123 %d, 230 %d; pairs 12 %d, 30 %d; %d in all", s[0x123], s[0x230], s[SerialTuples+0x12], s[SerialTuples+0x30], sum(s))
	}
	lo := make([]uint64, SerialLow.Bins())
	Tally(SerialLow, []uint32{0x7FFFFFF1, 0x2, 0x3}, 31, lo) // lowest nibbles of the 31 output bits: 1 2 3
	if lo[0x123] != 1 || sum(lo) != 3 {
		t.Errorf("seriallo: triple 123 %d, %d in all", lo[0x123], sum(lo))
	}
	if d := Day([]uint32{0xFFFFFFFF, 0}, 32, false); d != 0x1FFF<<12 {
		t.Errorf("Day of top bits in 2 dimensions: %#x", d)
	}
	if d := Day([]uint32{5 << 1, 1<<30 | 6<<1}, 31, true); d != 5<<12|6 {
		t.Errorf("Day of low bits in 2 dimensions, 31 output bits: %#x", d)
	}
	for dims, want := range map[int][]int{2: {13, 12}, 3: {9, 8, 8}, 4: {7, 6, 6, 6}, 8: {4, 3, 3, 3, 3, 3, 3, 3}} {
		total := 0
		for c, b := range want {
			if CoordBits(dims, c) != b {
				t.Errorf("coordinate %d of %d dimensions: %d bits, want %d", c, dims, CoordBits(dims, c), b)
			}
			total += b
		}
		if total != BirthdayDayBits {
			t.Errorf("%d dimensions: %d bits", dims, total)
		}
	}
}

// RankGF2x64 agrees with RankGF2 on matrices of 32-bit rows put on top of
// 64-bit ones, and finds full rank in the identity.
func TestRankGF2x64(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for k := 0; k < 200; k++ {
		rows32 := make([]uint32, 32)
		rows64 := make([]uint64, 32)
		for i := range rows32 {
			rows32[i] = r.Uint32() & r.Uint32() & r.Uint32() // low ranks too
			rows64[i] = uint64(rows32[i]) << 17
		}
		if a, b := RankGF2(rows32), RankGF2x64(rows64); a != b {
			t.Fatalf("ranks %d and %d", a, b)
		}
	}
	id := make([]uint64, 64)
	for i := range id {
		id[i] = 1 << i
	}
	if RankGF2x64(id) != 64 {
		t.Error("identity not of full rank")
	}
}

// The Hamming cells' probabilities sum to 1, for 32 and 31 output bits.
func TestHammingPairProbs(t *testing.T) {
	for _, n := range []int{32, 31, 24} {
		s := 0.0
		for _, p := range HammingPairProbs(n) {
			s += p
		}
		if math.Abs(s-1) > 1e-12 {
			t.Errorf("%d bits: probabilities sum to %v", n, s)
		}
	}
}

// MinSampleLen: 64 groups of each birthday spacings test (birthdays8: 2^18
// values), two triples a serial cell, an item for the nine's short tests.
func TestMinSampleLen(t *testing.T) {
	for test, want := range map[Test]int64{Birthdays: 1 << 15, Birthdays8Low: 1 << 18, Birthdays3: 1 << 17, Collisions: 1 << 15, Rank64: 1 << 13, Serial: 1 << 13, Hamming: 2, Rank: 32} {
		if got := test.MinSampleLen(); got != want {
			t.Errorf("%s: %d, want %d", test, got, want)
		}
	}
}
