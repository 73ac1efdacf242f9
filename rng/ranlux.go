package rng

import "strconv"

// Ranlux is RANLUXCL v1.3.1 (Nikolaisen), the OpenCL port of James' Fortran
// RANLUX (Lüscher's subtract-with-carry generator with skipping), default
// build: xorshift seeding with warm-up and planar-shift skipping.
var Ranlux = &Generator{
	Name:       "ranlux",
	Doc:        "RANLUX (Lüscher; James' Fortran) as RANLUXCL v1.3.1: 24-bit subtract-with-carry in floats, xorshift seeding, planar-shift skipping",
	Source:     "ranlux.glsl",
	OutputBits: 24, // u32 = floor(f·2^24)
	Options: []Option{{
		Name: "lux", Kind: Integer, Min: 0, Max: int64(len(ranluxP) - 1), Default: "4",
		Help: "luxury level: keep 24 of every p values, p = 24, 48, 100, 224, 404",
	}},
	// Degenerate: none. Subtract-with-carry has two fixed points, all 0 with
	// carry 0 and all 2^24-1 with carry 1, each its own only predecessor;
	// seeding sets the carry exactly when s24 = 0, so it reaches neither
	// (seed 0 stream 0 starts all 0 with carry 1: on the long cycle).
	Degenerate: none,
	// The state's cycle, (m-1)/48 > 2^570 steps (Lüscher), over p steps
	// for 24 values (p <= 404 < 2^9): at least 2^565 values.
	Period:    Period{Stream: 0x1p565},
	Configure: configureRanlux,
	TestOptions: []map[string]string{
		{"lux": "0"}, {"lux": "1"}, {"lux": "2"}, {"lux": "3"},
	},
}

// ranluxP is the planar-shift p of each luxury level: RANLUXCL keeps 24 values
// and skips p-24, a multiple of 4 because it steps a float4 at a time.
var ranluxP = [5]int{24, 48, 100, 224, 404}

// The seed's RANLUXCL_TWOM24 and RANLUXCL_TWOM12 (both exact in binary32).
const (
	ranluxTwoM24 = float32(1.0 / (1 << 24))
	ranluxTwoM12 = float32(1.0 / (1 << 12))
	// ranluxTiny replaces an output of exactly 0 (RANLUXCL_TWOM24 * RANLUXCL_TWOM24).
	ranluxTiny = float32(1.0 / (1 << 48))
)

type ranluxInstance struct {
	seed  uint32
	nskip int // p - 24
}

func configureRanlux(c Config) (Instance, error) {
	return ranluxInstance{seed: c.Seed, nskip: ranluxP[c.Int("lux")] - 24}, nil
}

// StateWords: s01..s24, the carry and the packed positions (see ranlux.glsl).
func (r ranluxInstance) StateWords() int { return 26 }
func (r ranluxInstance) Aux() []uint32   { return nil }
func (r ranluxInstance) Defines() map[string]string {
	return map[string]string{"RANLUX_NSKIP": strconv.Itoa(r.nskip)}
}

// Stream t is work-item t of ranluxcl_initialization(ins = seed): the default
// build seeds it from x = t + seed*2^32 alone (the number of work-items
// only matters to the legacy initialisation, which is not built).
func (r ranluxInstance) Stream(t int) Stream {
	st := newRanluxState(uint64(uint32(t)) | uint64(r.seed)<<32)
	st.nskip = r.nskip
	return &ranluxStream{st: st, n: 4}
}

// ranluxState is the seed's ranluxcl_state_t: s[i] is its s(i+1).
type ranluxState struct {
	s      [24]float32
	carry  float32 // 0 or 2^-24
	stepnr int     // next step overwrites s(24-stepnr); a multiple of 4 between calls
	in24   int     // values of the current block of 24 already returned
	nskip  int
}

// ranluxXorshift is one step of Marsaglia's 64-bit xorshift (13, 7, 17).
func ranluxXorshift(x uint64) uint64 {
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	return x
}

// ranluxSeedValues is ranluxcl_init's seeding before the warm-up: nine
// xorshift outputs, cut into 24 values of 24 bits (three outputs per eight
// values, most significant bits first), each divided by 2^24.
func ranluxSeedValues(x uint64) (s [24]float32) {
	for b := 0; b < 3; b++ {
		x = ranluxXorshift(x)
		x1 := x
		x = ranluxXorshift(x)
		x2 := x
		x = ranluxXorshift(x)
		x3 := x
		v := [8]uint64{
			x1 >> 40,
			(x1 & (1<<40 - 1)) >> 16,
			(x1&0xFFFF)<<8 + x2>>56,
			(x2 & (1<<56 - 1)) >> 32,
			(x2 & 0xFFFFFFFF) >> 8,
			(x2&0xFF)<<16 + x3>>48,
			(x3 & (1<<48 - 1)) >> 24,
			x3 & 0xFFFFFF,
		}
		for i, u := range v {
			s[8*b+i] = float32(u) / (1 << 24) // exact: u < 2^24
		}
	}
	return s
}

// newRanluxState is ranluxcl_init(x): xorshift seeding, then 2*16 warm-up
// cycles of 24 steps whose outputs are dropped.
func newRanluxState(x uint64) *ranluxState {
	r := &ranluxState{s: ranluxSeedValues(x)}
	if r.s[23] == 0 {
		r.carry = ranluxTwoM24
	}
	for i := 0; i < 32*24; i++ {
		r.step(i % 24)
	}
	return r
}

// step is ranluxcl_os at ring position k (0..23): it overwrites s(24-k) with
// s(10-k) - s(24-k) - carry mod 1 (indices mod 24, 0 meaning 24), i.e.
// x_n = x_{n-10} - x_{n-24} - c. It returns the new value (raw) and James'
// output, where a value below 2^-12 gets 2^-24 * s(9-k) (= x_{n-9}) added
// so that its low bits are not all zero, and 0 becomes 2^-48.
//
// Everything but that padding is exact in binary32; each operation below is
// rounded to float32 on its own (the product is converted explicitly so
// that it cannot be fused with the sum, though fusing would not change it).
func (r *ranluxState) step(k int) (out, raw float32) {
	i := 23 - k
	sj := r.s[(33-k)%24]
	sjm1 := r.s[(32-k)%24]
	uni := sj - r.s[i]
	uni -= r.carry
	if uni < 0 {
		uni += 1
		r.carry = ranluxTwoM24
	} else {
		r.carry = 0
	}
	r.s[i] = uni
	out = uni
	if uni < ranluxTwoM12 {
		out += float32(ranluxTwoM24 * sjm1)
		if out == 0 {
			out = ranluxTiny
		}
	}
	return out, uni
}

// next4 is ranluxcl32: four steps, then, once 24 values of the block have
// been returned, nskip steps whose outputs are dropped. (The seed keeps in24
// only when nskip is not a multiple of 24; otherwise blocks and ring cycles
// coincide and stepnr alone tells the block's end, with the same result.)
func (r *ranluxState) next4() (out, raw [4]float32) {
	for c := 0; c < 4; c++ {
		out[c], raw[c] = r.step(r.stepnr + c)
	}
	r.stepnr = (r.stepnr + 4) % 24
	r.in24 += 4
	if r.in24 == 24 {
		r.in24 = 0
		// The seed's initial, bulk and remaining skips: nskip steps in a row.
		for i := 0; i < r.nskip; i++ {
			r.step(r.stepnr)
			r.stepnr = (r.stepnr + 1) % 24
		}
	}
	return out, raw
}

// ranluxStream yields the float4 components one after the other (x, y, z, w
// of the first call, then of the second...), so any count works.
type ranluxStream struct {
	st       *ranluxState
	out, raw [4]float32
	n        int // components of out already returned
}

// next returns James' output and the raw state value behind it.
func (s *ranluxStream) next() (out, raw float32) {
	if s.n == 4 {
		s.out, s.raw = s.st.next4()
		s.n = 0
	}
	s.n++
	return s.out[s.n-1], s.raw[s.n-1]
}

// U32 is floor(f * 2^24): the 24-bit value itself unless padding moved it.
func (s *ranluxStream) U32() uint32 {
	f, _ := s.next()
	return uint32(f * (1 << 24))
}

// F32 is the seed's output, in (0,1): raw values are multiples of 2^-24
// below 1, only those below 2^-12 are padded (by less than 2^-24) and 0
// becomes 2^-48.
func (s *ranluxStream) F32() float32     { f, _ := s.next(); return f }
func (s *ranluxStream) DumpF32() float32 { f, _ := s.next(); return f }

// Loops: rng_init turns the ring 32 times (33). A draw may start a float4
// with a switch (Mesa makes it a loop that leaves in its one pass: 1) and,
// every 24 values, skip NSKIP steps first: whole ring turns in a loop of at
// most NSKIP/24 passes (NSKIP/24 + 1; the planar shift's partial turns are
// straight code). rng_load's switch costs 1, no more than a draw.
func (r ranluxInstance) Loops() Loops {
	draw := 1
	if r.nskip > 0 {
		draw += r.nskip/24 + 1
	}
	return Loops{Init: 33, Draw: draw}
}
