package rng

import (
	"bufio"
	"bytes"
	"math"
	"strconv"
	"strings"
	"testing"

	"speckle/assets"
)

func sobolInst(t *testing.T, seed uint32) sobolInstance {
	t.Helper()
	inst, err := Sobol.New(Config{Seed: seed, Streams: 64})
	if err != nil {
		t.Fatal(err)
	}
	return inst.(sobolInstance)
}

// Known answers from SciPy 1.10's scipy.stats.qmc.Sobol(d=1024,
// scramble=False, bits=32) (its own copy of new-joe-kuo-6.21201, gray-code
// order too): X of point idx[k] in dimension d, as value*2^32.
func TestSobolSciPyKnownAnswers(t *testing.T) {
	idx := []uint32{1, 2, 3, 5, 100, 1000, 4095, 65535, 1000000}
	want := []struct {
		d int
		x [9]uint32
	}{
		{0, [...]uint32{0x80000000, 0xc0000000, 0x40000000, 0xe0000000, 0x6a000000, 0x38400000, 0x00100000, 0x00010000, 0x06c71000}},
		{1, [...]uint32{0x80000000, 0x40000000, 0xc0000000, 0xe0000000, 0x42000000, 0x18c00000, 0xf0f00000, 0xffff0000, 0x4fd9f000}},
		{2, [...]uint32{0x80000000, 0x40000000, 0xc0000000, 0x20000000, 0xc6000000, 0x84c00000, 0x55900000, 0x90550000, 0xd3f79000}},
		{3, [...]uint32{0x80000000, 0x40000000, 0xc0000000, 0x60000000, 0xba000000, 0xad400000, 0xe6d00000, 0xc3050000, 0xab123000}},
		{10, [...]uint32{0x80000000, 0xc0000000, 0x40000000, 0x60000000, 0x76000000, 0x15c00000, 0x91d00000, 0x2c0f0000, 0xa369b000}},
		{100, [...]uint32{0x80000000, 0x40000000, 0xc0000000, 0x20000000, 0x0a000000, 0xc4c00000, 0x58500000, 0xa6eb0000, 0x0a177000}},
		{211, [...]uint32{0x80000000, 0x40000000, 0xc0000000, 0x60000000, 0x02000000, 0xd6c00000, 0x18d00000, 0xf6350000, 0x022ed000}},
		{212, [...]uint32{0x80000000, 0xc0000000, 0x40000000, 0x20000000, 0x0a000000, 0xe6400000, 0x88500000, 0xfda90000, 0xafc7d000}},
		{500, [...]uint32{0x80000000, 0x40000000, 0xc0000000, 0xe0000000, 0x2e000000, 0xb9c00000, 0x6ff00000, 0x77e50000, 0x88103000}},
		{1023, [...]uint32{0x80000000, 0xc0000000, 0x40000000, 0x60000000, 0xf2000000, 0xb6c00000, 0x5ad00000, 0x75af0000, 0x4c80f000}},
	}
	inst := sobolInst(t, 0)
	for _, w := range want {
		s := inst.Stream(w.d)
		n := uint32(0)
		for k, i := range idx {
			var x uint32
			for ; n <= i; n++ {
				x = s.U32()
			}
			if x != w.x[k] {
				t.Errorf("dump: dimension %d point %d = %08x, want %08x", w.d, i, x, w.x[k])
			}
			p := inst.Point(uint64(i))
			for d := 0; d < w.d; d++ {
				p.U32()
			}
			if x := p.U32(); x != w.x[k] {
				t.Errorf("renderer: dimension %d point %d = %08x, want %08x", w.d, i, x, w.x[k])
			}
		}
	}
}

// The textbook first points in gray-code order: van der Corput (dimension 0)
// and x+1's sequence (dimension 1), as dump floats.
func TestSobolFirstPoints(t *testing.T) {
	inst := sobolInst(t, 0)
	for d, want := range [][]float32{
		{0, .5, .75, .25, .375, .875, .625, .125},
		{0, .5, .25, .75, .375, .875, .125, .625},
	} {
		s := inst.Stream(d)
		for m, w := range want {
			if f := s.DumpF32(); f != w {
				t.Errorf("dimension %d point %d = %v, want %v", d, m, f, w)
			}
		}
	}
}

// joeKuoDirections follows Joe and Kuo's sobol.cc: V_k = m_k << (32-k) for
// k <= s, then V_k = V_{k-s} ^ (V_{k-s} >> s) ^ XOR_{j<s} a_j V_{k-j}.
func joeKuoDirections(t *testing.T) [][33]uint32 {
	var V [][33]uint32
	var first [33]uint32
	for k := 1; k <= 32; k++ {
		first[k] = 1 << (32 - k)
	}
	V = append(V, first)
	sc := bufio.NewScanner(bytes.NewReader(assets.JoeKuo))
	sc.Scan()
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		num := func(i int) uint32 {
			x, err := strconv.Atoi(f[i])
			if err != nil {
				t.Fatal(err)
			}
			return uint32(x)
		}
		s, a := int(num(1)), num(2)
		var v [33]uint32
		for k := 1; k <= 32; k++ {
			if k <= s {
				v[k] = num(2+k) << (32 - k)
				continue
			}
			v[k] = v[k-s] ^ v[k-s]>>s
			for j := 1; j < s; j++ {
				v[k] ^= (a >> (s - 1 - j) & 1) * v[k-j]
			}
		}
		V = append(V, v)
	}
	return V
}

// Independent implementation (Joe–Kuo's sobol.cc: their V recurrence, points
// by X_i = X_{i-1} ^ V[1 + rightmost zero bit of i-1]) against both Go paths,
// all 1024 dimensions, 8192 points.
func TestSobolJoeKuoIndependent(t *testing.T) {
	const points = 8192
	V := joeKuoDirections(t)
	if len(V) != SobolDimensions {
		t.Fatalf("table has %d dimensions", len(V))
	}
	inst := sobolInst(t, 0)
	all := make([][]uint32, SobolDimensions)
	for d := range V {
		s := inst.Stream(d)
		X := uint32(0)
		all[d] = make([]uint32, points)
		for i := 0; i < points; i++ {
			if i > 0 {
				c := 1
				for v := i - 1; v&1 == 1; v >>= 1 {
					c++
				}
				X ^= V[d][c]
			}
			all[d][i] = X
			if got := s.U32(); got != X {
				t.Fatalf("dimension %d point %d: %08x, want %08x", d, i, got, X)
			}
		}
	}
	for i := 0; i < points; i += 7 {
		p := inst.Point(uint64(i))
		for d := 0; d < SobolDimensions; d++ {
			if got := p.U32(); got != all[d][i] {
				t.Fatalf("point %d dimension %d: %08x, want %08x", i, d, got, all[d][i])
			}
		}
		if got := p.U32(); got != all[0][i] {
			t.Fatalf("point %d: dimension 1024 should wrap to 0: %08x, want %08x", i, got, all[0][i])
		}
	}
}

// stratified reports whether the top k bits of xs are a permutation of 0..2^k-1.
func stratified(xs []uint32, k int) bool {
	seen := make([]bool, 1<<k)
	for _, x := range xs {
		c := x >> (32 - k)
		if seen[c] {
			return false
		}
		seen[c] = true
	}
	return true
}

func sobolDump(inst sobolInstance, d, n int) []uint32 {
	s := inst.Stream(d)
	xs := make([]uint32, n)
	for i := range xs {
		xs[i] = s.U32()
	}
	return xs
}

// The Owen scramble keeps every dimension's 2^k-point prefixes stratified and
// the (0,2) net property of dimensions 0 and 1, changes the values, and
// depends on the seed; renderer and dump paths agree when scrambled.
func TestSobolScramble(t *testing.T) {
	const n = 1 << 12
	plain := sobolInst(t, 0)
	for _, seed := range []uint32{1, 0x9E3779B9, 12345} {
		inst := sobolInst(t, seed)
		other := sobolInst(t, seed+1)
		for _, d := range []int{0, 1, 2, 7, 100, 777, 1023} {
			xs := sobolDump(inst, d, n)
			for k := 1; k <= 12; k++ {
				if !stratified(xs[:1<<k], k) {
					t.Errorf("seed %x dimension %d: the first 2^%d points are not stratified", seed, d, k)
				}
			}
			same, sameOther := 0, 0
			p, o := sobolDump(plain, d, n), sobolDump(other, d, n)
			for i := range xs {
				if xs[i] == p[i] {
					same++
				}
				if xs[i] == o[i] {
					sameOther++
				}
			}
			if same > n/100 || sameOther > n/100 {
				t.Errorf("seed %x dimension %d: %d values equal to the unscrambled ones, %d to seed+1's", seed, d, same, sameOther)
			}
			for _, i := range []int{0, 1, 3, 1000, n - 1} {
				pt := inst.Point(uint64(i))
				for j := 0; j < d; j++ {
					pt.U32()
				}
				if x := pt.U32(); x != xs[i] {
					t.Errorf("seed %x dimension %d point %d: renderer %08x, dump %08x", seed, d, i, x, xs[i])
				}
			}
		}
		// (0,m,2)-net: every elementary box of area 2^-m holds one of the first 2^m points.
		x, y := sobolDump(inst, 0, n), sobolDump(inst, 1, n)
		for m := 1; m <= 12; m++ {
			for a := 0; a <= m; a++ {
				seen := map[[2]uint32]bool{}
				for i := 0; i < 1<<m; i++ {
					c := [2]uint32{uint32(uint64(x[i]) >> (32 - a)), uint32(uint64(y[i]) >> (32 - (m - a)))}
					if seen[c] {
						t.Fatalf("seed %x: the first 2^%d points of dimensions 0,1 have two points in a 2^-%d x 2^-%d box", seed, m, a, m-a)
					}
					seen[c] = true
				}
			}
		}
	}
}

// owenScramble is a nested permutation: the top k bits of the result depend
// on the top k bits of the input only, and it is one-to-one.
func TestOwenScrambleNested(t *testing.T) {
	x := uint32(1)
	for i := 0; i < 100000; i++ {
		x = x*1664525 + 1013904223
		seed := lowbias32(uint32(i))
		k := i % 33
		mask := ^uint32(0)
		if k < 32 {
			mask = ^(^uint32(0) >> k)
		}
		y := x&mask | lowbias32(x)&^mask // same top k bits
		if a, b := owenScramble(x, seed), owenScramble(y, seed); a&mask != b&mask {
			t.Fatalf("top %d bits: scramble(%08x) = %08x, scramble(%08x) = %08x", k, x, a, y, b)
		}
	}
	seen := make(map[uint32]bool, 1<<16)
	for i := uint32(0); i < 1<<16; i++ {
		seen[owenScramble(i<<16|i, 0xdeadbeef)] = true
	}
	if len(seen) != 1<<16 {
		t.Fatalf("scramble is not one-to-one: %d distinct of %d", len(seen), 1<<16)
	}
}

// Dump floats are the seed's (float)X * 2^-32, 1 at the top, not clamped;
// renderer floats are clamped below 1.
func TestSobolFloats(t *testing.T) {
	for _, c := range []struct {
		x    uint32
		want float32
	}{{0, 0}, {1, 0x1p-32}, {0x80000000, .5}, {0xFFFFFF7F, 1 - 0x1p-24}, {0xFFFFFF80, 1}, {0xFFFFFFFF, 1}, {0x01000001, 0x1p-8}, {0x01000003, 0x1.000004p-8}} {
		if f := sobolUnit(c.x); f != c.want {
			t.Errorf("unit(%08x) = %v, want %v", c.x, f, c.want)
		}
		if want := float32(float64(c.x) * 0x1p-32); sobolUnit(c.x) != want {
			t.Errorf("unit(%08x) = %v, want %v", c.x, sobolUnit(c.x), want)
		}
	}
	// The renderer clamps: dimension 0 of the point whose gray code is all ones
	// is 0xFFFFFFFF (every van der Corput direction number).
	i := uint32(0xAAAAAAAA) // gray(i) = 0xFFFFFFFF
	inst := sobolInst(t, 0)
	if u := inst.Point(uint64(i)).U32(); u != 0xFFFFFFFF {
		t.Fatalf("point %08x dimension 0 = %08x, want ffffffff", i, u)
	}
	if f := inst.Point(uint64(i)).F32(); f != largestBelowOne {
		t.Errorf("renderer float %v, want %v", f, largestBelowOne)
	}
	if f := inst.Point(uint64(i)).DumpF32(); f != 1 {
		t.Errorf("dump float %v, want 1", f)
	}
	if math.Nextafter32(1, 0) != largestBelowOne {
		t.Fatal("largestBelowOne")
	}
}

func TestSobolDumpBound(t *testing.T) {
	if err := Sobol.CheckDump(1024, 10); err != nil {
		t.Error(err)
	}
	if err := Sobol.CheckDump(1025, 10); err == nil {
		t.Error("1025 streams accepted")
	}
	aux := sobolInst(t, 0).Aux()
	if n := len(aux); n != 1024*32+1024*8*16+1024 {
		t.Errorf("aux has %d words", n)
	}
}

// The renderer's nibble tables give the same X as the bit-by-bit walk, for
// every dimension, and the seed words are the per-dimension scramble seeds.
func TestSobolAuxTables(t *testing.T) {
	inst := sobolInst(t, 77)
	aux := inst.Aux()
	v := SobolDirections()
	for d := 0; d < SobolDimensions; d++ {
		for _, g := range []uint32{0, 1, 0xFFFFFFFF, 0x80000000, 0x12345678, 0x9E3779B9} {
			var x uint32
			for k := 0; k < 8; k++ {
				x ^= aux[sobolNibbleBase+(d*8+k)*16+int(g>>(4*k)&15)]
			}
			if want := sobolGray(v[d*32:d*32+32], g); x != want {
				t.Fatalf("dimension %d gray %08x: tables give %08x, walk %08x", d, g, x, want)
			}
		}
		if aux[sobolSeedBase+d] != sobolDimSeed(77, uint32(d)) {
			t.Fatalf("dimension %d: seed word %08x", d, aux[sobolSeedBase+d])
		}
	}
}

// A slot's own sequence (the eye pass: one pixel across iterations) is a
// scrambled Sobol sequence: its first 2^k points put one point in each of 2^k
// intervals, in both of the first two dimensions, also with seed 0; and slots
// differ. With the shared indexing k*streams+slot, dimension 0 of one slot
// barely moves across iterations: the reason SlotPoint exists.
func TestSobolSlotSequencesStratify(t *testing.T) {
	for _, seed := range []uint32{0, 7} {
		inst := sobolInst(t, seed)
		const k = 8
		for _, slot := range []int{0, 1, 230399} {
			for dim := 0; dim < 2; dim++ {
				seen := make([]bool, 1<<k)
				for i := 0; i < 1<<k; i++ {
					p := inst.SlotPoint(slot, uint64(i))
					for d := 0; d < dim; d++ {
						p.U32()
					}
					cell := p.U32() >> (32 - k)
					if seen[cell] {
						t.Fatalf("seed %d slot %d dim %d: two of the first %d points in interval %d", seed, slot, dim, 1<<k, cell)
					}
					seen[cell] = true
				}
			}
		}
		if inst.SlotPoint(0, 3).U32() == inst.SlotPoint(1, 3).U32() {
			t.Errorf("seed %d: slots 0 and 1 draw the same point", seed)
		}
	}
	// The shared indexing's flaw: slot 0's dimension 0 over 8 dispatches of
	// 230400 slots (a 640x360 eye pass) stays within 1/128.
	inst := sobolInst(t, 7)
	lo, hi := uint32(0xFFFFFFFF), uint32(0)
	for k := 0; k < 8; k++ {
		x := inst.Point(uint64(k * 230400)).U32()
		lo, hi = min(lo, x), max(hi, x)
	}
	if hi-lo >= 1<<25 {
		t.Errorf("shared indexing spread %08x..%08x: wider than the known flaw", lo, hi)
	}
}

// TestSobolPointPast2To32: the renderer's 64-bit point index does not wrap:
// point 2^32 + i (block 1) differs from point i in nearly every dimension,
// blocks differ from each other, and block 0 is the unscrambled sequence for
// seed 0 (renders below 2^32 photons keep their bytes).
func TestSobolPointPast2To32(t *testing.T) {
	for _, seed := range []uint32{0, 12345} {
		inst, err := Sobol.New(Config{Seed: seed, Streams: 1})
		if err != nil {
			t.Fatal(err)
		}
		q := inst.(QuasiRandom)
		same, total := 0, 0
		for i := uint64(0); i < 64; i++ {
			p0, p1, p2 := q.Point(i), q.Point(1<<32+i), q.Point(2<<32+i)
			for d := 0; d < 16; d++ {
				a, b, c := p0.U32(), p1.U32(), p2.U32()
				if a == b || b == c {
					same++
				}
				total++
			}
		}
		if same > total/100 {
			t.Errorf("seed %d: %d of %d values of block 1 equal block 0's or block 2's", seed, same, total)
		}
	}
	inst, _ := Sobol.New(Config{Streams: 1})
	v := SobolDirections()
	for i := uint32(1); i < 100; i++ {
		if got, want := inst.(QuasiRandom).Point(uint64(i)).U32(), sobolGray(v[:32], i^i>>1); got != want {
			t.Fatalf("block 0 point %d: %08x, the unscrambled sequence has %08x", i, got, want)
		}
	}
}
