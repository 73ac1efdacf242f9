package rng

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"testing"
)

func caNew(t *testing.T, seed uint32, opts map[string]string) Instance {
	t.Helper()
	inst, err := CA.New(Config{Seed: seed, Streams: 1, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// naiveCA is the spec's text taken literally: an array of 64 cells, each
// new cell a table look-up, the seed's bits one by one.
type naiveCA struct {
	c     [64]int
	k     [4]int
	rule  int
	steps int
}

func newNaiveCA(seed uint32, t uint32, k [4]int, rule, steps, warmup int) *naiveCA {
	z := uint64(seed)<<32 | uint64(t) // SplitMix64, as the spec writes it
	z += 0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	s := z ^ (z >> 31)
	if s == 0 {
		s = 1
	}
	n := &naiveCA{k: k, rule: rule, steps: steps}
	for i := 0; i < 64; i++ {
		n.c[i] = int(s >> i & 1)
	}
	for i := 0; i < warmup; i++ {
		n.step()
	}
	return n
}

func (n *naiveCA) step() {
	var next [64]int
	for i := 0; i < 64; i++ {
		idx := 0
		for j := 0; j < 4; j++ {
			idx |= n.c[((i-n.k[j])%64+64)%64] << j
		}
		next[i] = (n.rule >> idx) & 1
	}
	n.c = next
}

func (n *naiveCA) u32() uint32 {
	for i := 0; i < n.steps; i++ {
		n.step()
	}
	var u uint32
	for b := 0; b < 32; b++ {
		u |= uint32(n.c[2*b+1]) << b
	}
	return u
}

// The spec's known answers (seed 1, stream 0), for the Go reference and the
// naive implementation alike.
func TestCAKnownAnswers(t *testing.T) {
	for _, c := range []struct {
		preset string
		rule   int
		want   []uint32
	}{
		{"paper", 0x99A5, []uint32{0x45928be5, 0x2d0b929b, 0x158076e5, 0x00271d4d}},
		{"linear", 0x9696, []uint32{0x7444dd16, 0x3e9991b8, 0x65a9b81f, 0x755f0c43}},
	} {
		s := caNew(t, 1, map[string]string{"ca-preset": c.preset}).Stream(0)
		n := newNaiveCA(1, 0, [4]int{56, 2, 21, 49}, c.rule, 1, 64)
		for i, w := range c.want {
			if got := s.U32(); got != w {
				t.Errorf("%s value %d: %08x, want %08x", c.preset, i, got, w)
			}
			if got := n.u32(); got != w {
				t.Errorf("%s value %d: naive %08x, want %08x", c.preset, i, got, w)
			}
		}
	}
}

// The word-parallel reference equals the naive one for random
// configurations, seeds, streams, steps and warm-ups.
func TestCAWordParallelEqualsNaive(t *testing.T) {
	x := uint64(0x243F6A8885A308D3)
	next := func() uint64 { x = splitMix64(x); return x }
	for trial := 0; trial < 300; trial++ {
		var k [4]int
		for j := range k {
			k[j] = int(next() % 64)
		}
		if trial < 4 { // the ring's seams: 0, 31, 32, 33, 63
			k = [][4]int{{0, 32, 31, 33}, {63, 1, 32, 0}, {0, 0, 0, 0}, {32, 32, 63, 31}}[trial]
		}
		rule := int(next() & 0xFFFF)
		steps := 1 + int(next()%4)
		warmup := int(next() % 100)
		seed, stream := uint32(next()), uint32(next()%100000)
		opts := map[string]string{
			"ca-k":      fmt.Sprintf("%d,%d,%d,%d", k[0], k[1], k[2], k[3]),
			"ca-rule":   fmt.Sprintf("%#04x", rule),
			"ca-steps":  strconv.Itoa(steps),
			"ca-warmup": strconv.Itoa(warmup),
		}
		s := caNew(t, seed, opts).Stream(int(stream))
		n := newNaiveCA(seed, stream, k, rule, steps, warmup)
		for i := 0; i < 40; i++ {
			if a, b := s.U32(), n.u32(); a != b {
				t.Fatalf("%v seed %x stream %d value %d: %08x, naive %08x", opts, seed, stream, i, a, b)
			}
		}
	}
}

// Every 16-bit rule against the naive evaluation on random neighbourhoods.
func TestCARuleMuxTree(t *testing.T) {
	x := uint64(1)
	for r := 0; r < 1<<16; r++ {
		x = splitMix64(x)
		a, b, c, d := x, bits.RotateLeft64(x, 17)^0x5555, ^x*3, x*0x9E3779B97F4A7C15
		got := caRule(uint16(r), a, b, c, d)
		for i := 0; i < 64; i += 7 {
			n := a>>i&1 | (b>>i&1)<<1 | (c>>i&1)<<2 | (d>>i&1)<<3
			if got>>i&1 != uint64(r)>>n&1 {
				t.Fatalf("rule %04x cell %d", r, i)
			}
		}
	}
}

// The XOR of all four neighbours (rule 0x6996) is linear: one step multiplies
// the ring, as a polynomial in GF(2)[z]/(z^64 + 1) = GF(2)[z]/((z+1)^64), by
// p(z) = z^k0 + z^k1 + z^k2 + z^k3, and p(1) = 0 (four taps), so z+1 divides p
// and p^64 = 0: every state is all zeros after at most 64 steps. The paper
// preset does not die.
func TestCAXorOfFourDies(t *testing.T) {
	x := uint64(7)
	for trial := 0; trial < 200; trial++ {
		x = splitMix64(x)
		var k [4]int
		for j := range k {
			k[j] = int(splitMix64(x+uint64(j)) % 64)
		}
		cfg := caConfig{k: k, rule: 0x6996}
		c := splitMix64(x ^ 0xabc)
		for i := 0; i < 64; i++ {
			c = cfg.step(c)
		}
		if c != 0 {
			t.Fatalf("K = %v: state %016x after 64 steps, want 0", k, c)
		}
	}
	s := caNew(t, 1, nil).Stream(0).(*caStream)
	for i := 0; i < 100000; i++ {
		s.U32()
	}
	if s.cells == 0 {
		t.Fatal("the paper CA died")
	}
}

// SplitMix64's known first output from state 0 (Vigna's splitmix64.c).
func TestCASplitMix64(t *testing.T) {
	if got := splitMix64(0); got != 0xE220A8397B1DCDAF {
		t.Errorf("splitmix64 first output from 0 = %016x, want e220a8397b1dcdaf", got)
	}
}

// The odd-cell packing against a loop.
func TestCAOdd(t *testing.T) {
	x := uint64(3)
	for i := 0; i < 10000; i++ {
		x = splitMix64(x)
		var want uint32
		for b := 0; b < 32; b++ {
			want |= uint32(x>>(2*b+1)&1) << b
		}
		if got := caOdd(x); got != want {
			t.Fatalf("odd cells of %016x: %08x, want %08x", x, got, want)
		}
	}
}

func TestCAOptionErrors(t *testing.T) {
	for _, c := range []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{"ca-preset": "fast"}, "--ca-preset"},
		{map[string]string{"ca-k": "1,2,3"}, "--ca-k"},
		{map[string]string{"ca-k": "1,2,3,64"}, "--ca-k"},
		{map[string]string{"ca-k": "1,2,-3,4"}, "--ca-k"},
		{map[string]string{"ca-k": "a,b,c,d"}, "--ca-k"},
		{map[string]string{"ca-rule": "0x10000"}, "--ca-rule"},
		{map[string]string{"ca-rule": "zz"}, "--ca-rule"},
		{map[string]string{"ca-steps": "0"}, "--ca-steps"},
		{map[string]string{"ca-steps": "x"}, "--ca-steps"},
		{map[string]string{"ca-warmup": "-1"}, "--ca-warmup"},
	} {
		_, err := CA.New(Config{Seed: 1, Streams: 1, Options: c.opts})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: error %v, want one line starting %s", c.opts, err, c.want)
		}
	}
	// Overrides: --ca-k and --ca-rule equal to the paper preset reproduce it;
	// a binary rule (the slides' bit string) works too.
	a := caNew(t, 5, nil).Stream(3)
	b := caNew(t, 5, map[string]string{"ca-preset": "linear", "ca-k": "56,2,21,49", "ca-rule": "0b1001100110100101"}).Stream(3)
	for i := 0; i < 100; i++ {
		if x, y := a.U32(), b.U32(); x != y {
			t.Fatalf("value %d: %08x vs %08x", i, x, y)
		}
	}
}

// Floats are the top 24 bits, and equal in dump and renderer.
func TestCAFloats(t *testing.T) {
	inst := caNew(t, 9, nil)
	a, b, c := inst.Stream(2), inst.Stream(2), inst.Stream(2)
	for i := 0; i < 1000; i++ {
		u := a.U32()
		if f, g := b.F32(), c.DumpF32(); f != toF32(u) || g != f {
			t.Fatalf("value %d: renderer %v, dump %v, want %v", i, f, g, toF32(u))
		}
	}
}

// Every --ca-preset choice names a preset and every preset is a choice
// (Configure reads the table unchecked).
func TestCAPresetChoices(t *testing.T) {
	choices := CA.Option("ca-preset").Choices
	if len(choices) != len(caPresets) {
		t.Errorf("choices %v, presets %d", choices, len(caPresets))
	}
	for _, c := range choices {
		if _, ok := caPresets[c]; !ok {
			t.Errorf("choice %q has no preset", c)
		}
	}
}
