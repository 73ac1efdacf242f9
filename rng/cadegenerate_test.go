package rng

import (
	"math/bits"
	"strings"
	"testing"
)

// splitMix64Inverse inverts splitMix64: the seed and stream whose cells a
// state is.
func splitMix64Inverse(s uint64) (seed uint32, t int) {
	unshift := func(y uint64, k uint) uint64 {
		x := y
		for i := uint(0); i < 64; i += k {
			x = y ^ x>>k
		}
		return x
	}
	inv := func(m uint64) uint64 { // Newton: m odd
		v := m
		for i := 0; i < 6; i++ {
			v *= 2 - m*v
		}
		return v
	}
	z := unshift(s, 31) * inv(0x94D049BB133111EB)
	z = unshift(z, 27) * inv(0xBF58476D1CE4E5B9)
	x := unshift(z, 30) - 0x9E3779B97F4A7C15
	return uint32(x >> 32), int(uint32(x))
}

// The linear preset (and any affine rule) repeats every stream after at
// most 64 values: L^64 = I. Found by reasoning, shown by drawing; an even
// number of taps, or 64 steps per value, leaves every stream constant
// and is refused.
func TestCAAffineRules(t *testing.T) {
	ds, err := CA.Degeneracies(Config{Seed: 1, Streams: 64, Options: map[string]string{"ca-preset": "linear"}})
	if err != nil || len(ds) != 1 || ds[0].Count != 64 || ds[0].Constant || !strings.Contains(ds[0].Reason, "L^64 = I") {
		t.Fatalf("linear: %+v, %v", ds, err)
	}
	inst, _ := CA.New(Config{Seed: 1, Streams: 64, Options: map[string]string{"ca-preset": "linear"}})
	for st := 0; st < 64; st++ {
		s := inst.Stream(st)
		var v [128]uint32
		for i := range v {
			v[i] = s.U32()
		}
		if v[64] != v[0] || v[127] != v[63] {
			t.Errorf("linear stream %d does not repeat after 64 values", st)
		}
	}
	for _, o := range []map[string]string{{"ca-rule": "0xFFFF"}, {"ca-rule": "0x6996"}, {"ca-preset": "linear", "ca-steps": "64"}, {"ca-k": "5,5,1,2", "ca-rule": "0x6666"}} {
		ds, _ := CA.Degeneracies(Config{Seed: 1, Streams: 8, Options: o})
		inst, _ := CA.New(Config{Seed: 1, Streams: 8, Options: o})
		if !Refuse(ds, 8) || !constant(inst.Stream(3), 200) {
			t.Errorf("%v: %+v; want every stream constant and refused", o, ds)
		}
	}
}

// States whose cells repeat every d <= 16 (2^17 of them, all-ones among
// them: the paper rule's fixed point) come from seeds found by inverting
// SplitMix64; each with a stream below 2^20 (the most streams a render uses) is reported, and its stream
// repeats as said.
func TestCAPeriodicSeeds(t *testing.T) {
	found := 0
	for d := 1; d <= 16; d *= 2 {
		for p := uint64(0); p < 1<<d; p++ {
			s := p
			for w := d; w < 64; w *= 2 {
				s |= s << w
			}
			seed, st := splitMix64Inverse(s)
			if splitMix64(uint64(seed)<<32|uint64(st)) != s {
				t.Fatalf("splitMix64Inverse(%#x) is wrong", s)
			}
			if caSpatialPeriod(s) != d || st >= 1<<20 {
				continue
			}
			found++
			ds, _ := CA.Degeneracies(Config{Seed: seed, Streams: st + 1})
			if len(ds) == 0 || ds[0].Streams[0] != st || !strings.Contains(ds[0].Reason, "repeat every") {
				t.Errorf("seed %d stream %d (cells repeat every %d): %+v", seed, st, d, ds)
				continue
			}
			t.Logf("ca seed %d stream %d: %s", seed, st, ds[0].Reason)
			inst, _ := CA.New(Config{Seed: seed, Streams: st + 1})
			if n := inst.Stream(st).(*caStream).cycle(1 << d); n == 0 {
				t.Errorf("seed %d stream %d: no cycle within 2^%d values", seed, st, d)
			}
		}
	}
	if found == 0 {
		t.Error("no periodic seed below stream 2^20: the search found nothing to check")
	}
	// The paper's rule maps all-zero cells to all ones, a fixed point.
	if cfg := caPresets["paper"]; cfg.step(0) != ^uint64(0) || cfg.step(^uint64(0)) != ^uint64(0) {
		t.Error("paper rule: all zero -> all ones -> all ones expected")
	}
	if bits.OnesCount64(splitMix64(0)) == 64 {
		t.Error("seed 0 stream 0 is all ones")
	}
}

// The configurations docs/generators.md names as constant are refused
// (issue 32 item 7: --ca-k 0,0,0,0, --ca-rule 0x8000, 0xFFFE were only
// warned about by the probe), and each is constant as said; an AND whose
// taps' differences leave Z_64 (taps 0,2,4,6: even shifts) is not
// refused, nor is a one-tap rule that turns the ring.
func TestCACollapsingRulesRefused(t *testing.T) {
	for _, o := range []map[string]string{
		{"ca-k": "0,0,0,0"}, {"ca-rule": "0x8000"}, {"ca-rule": "0xFFFE"},
		{"ca-k": "3,9,9,40", "ca-rule": "0x8000"}, {"ca-k": "7,7,7,7", "ca-rule": "0x0000", "ca-steps": "3"},
		{"ca-k": "0,0,0,0", "ca-rule": "0xFF00"}, {"ca-k": "3,1,2,5", "ca-rule": "0xFFFE", "ca-warmup": "64"},
	} {
		ds, err := CA.Degeneracies(Config{Seed: 1, Streams: 8, Options: o})
		if err != nil {
			t.Fatal(err)
		}
		inst, _ := CA.New(Config{Seed: 1, Streams: 8, Options: o})
		if !Refuse(ds, 8) || !constant(inst.Stream(3), 200) {
			t.Errorf("%v: %+v; want every stream constant and refused", o, ds)
		}
	}
	for _, o := range []map[string]string{{"ca-k": "0,2,4,6", "ca-rule": "0x8000"}, {"ca-k": "5,5,5,5", "ca-rule": "0xFF00"}, {}} {
		ds, _ := CA.Degeneracies(Config{Seed: 1, Streams: 8, Options: o})
		if Refuse(ds, 8) {
			t.Errorf("%v refused: %+v", o, ds)
		}
	}
}
