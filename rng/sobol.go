package rng

import (
	"bufio"
	"bytes"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sync"

	"speckle/assets"
)

// Sobol's sequence with Joe–Kuo direction numbers (new-joe-kuo-6.21201, the
// first 1024 dimensions, assets/new-joe-kuo-6.1024.txt), as NVIDIA's CUDA Sobol
// sample computes it: point i of dimension d is
//
//	X = XOR of v[d][j] over the set bits j of gray(i) = i ^ (i >> 1)
//
// (so consecutive points differ by one direction number: X(i+1) = X(i) ^
// v[d][ctz(i+1)]). The 32 direction numbers give 2^32 distinct points.
// The renderer's point index (photon k*N + i) is 64-bit and goes past that:
// index I is point I mod 2^32 of block b = I >> 32, and block b > 0 is
// Owen-scrambled (below) with the dimension's seed XOR lowbias32(b), also
// for seed 0. Block 0 is the sequence as before (renders below 2^32 photons
// keep their bytes); later blocks are independent randomisations of it, so
// photon 2^32 + i does not replay photon i, and each block keeps the
// stratification of a whole (0,32)-sequence block.
//
// Seed S != 0 applies a nested-uniform (Owen) scramble to each value, the
// hash-based one of Burley, "Practical Hash-based Owen Scrambling", JCGT 9(4),
// 2020, with a seed per dimension:
//
//	seed_d  = lowbias32(lowbias32(d) ^ S)
//	owen(X) = reverse(LK(reverse(X), seed_d))
//	LK(x,s) = x += s; x ^= x*0x6c50b47c; x ^= x*0xb82f1e52; x ^= x*0xc7afe638; x ^= x*0x8d22f6e6
//
// (all mod 2^32; lowbias32 is Chris Wellons' hash: x ^= x>>16; x *= 0x7feb352d;
// x ^= x>>15; x *= 0x846ca68b; x ^= x>>16). In LK each bit of the result is
// its input bit XOR a function of the lower bits only, so after the reversals
// bit k of X is flipped by a function of the bits above it: a nested
// permutation of the dyadic intervals, which keeps every stratification.
// S = 0 is the unscrambled sequence.
//
// Dump: stream t is dimension t (t < 1024), value m is point m. Renderer:
// rng_load(slot) starts point rng_iteration*rng_streams + slot (64-bit) and each draw
// takes its next dimension, 0, 1, 2, ...; after dimension 1023 it wraps to 0.
var Sobol = &Generator{
	Name:           "sobol",
	Doc:            "Sobol quasi-random sequence, Joe–Kuo new-joe-kuo-6 direction numbers (1024 dimensions), gray-code order as NVIDIA's CUDA sample; seed != 0: Burley's hash-based Owen scramble",
	Source:         "sobol.glsl",
	MaxDumpStreams: SobolDimensions,
	Options: []Option{{
		Name: "sobol-pixels", Kind: Choice, Choices: []string{"own", "shared"}, Default: "own",
		Help: "the renderer's eye pass: own: each pixel draws a sequence of its own, Owen-scrambled per pixel; shared: pixel p of iteration k takes point k*P+p of the one sequence, the naive use that freezes each pixel's jitter (dumps are the same)",
	}},
	// Degenerate: none: no state, every seed is a scramble (0 none).
	Degenerate:  none,
	Configure:   configureSobol,
	TestOptions: []map[string]string{{"sobol-pixels": "shared"}},
}

// SobolDimensions is the number of dimensions of the shipped direction numbers.
const SobolDimensions = 1024

// SobolDirections returns the direction numbers: [d*32 + j] is v_{j+1} of
// dimension d (d = 0 is van der Corput), as a 32-bit fraction.
func SobolDirections() []uint32 {
	sobolOnce.Do(func() { sobolV = parseJoeKuo(assets.JoeKuo) })
	return sobolV
}

var (
	sobolOnce sync.Once
	sobolV    []uint32
)

// parseJoeKuo reads the `d s a m_1..m_s` lines and extends each dimension to
// 32 direction integers with Bratley and Fox's recurrence on the m_k:
//
//	m_k = 2 a_1 m_{k-1} ^ 4 a_2 m_{k-2} ^ ... ^ 2^{s-1} a_{s-1} m_{k-s+1} ^ 2^s m_{k-s} ^ m_{k-s}
//
// for the primitive polynomial x^s + a_1 x^{s-1} + ... + a_{s-1} x + 1 (a's
// binary digits are a_1..a_{s-1}, a_1 the most significant); v_k = m_k / 2^k.
// The table is embedded, so a malformed one is a build error: panic.
func parseJoeKuo(text []byte) []uint32 {
	v := make([]uint32, SobolDimensions*32)
	for k := 1; k <= 32; k++ { // dimension 0: all m_k = 1
		v[k-1] = 1 << (32 - k)
	}
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Scan() // header
	d := 1
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		n := make([]uint64, len(f))
		for i, s := range f {
			x, err := strconv.ParseUint(s, 10, 32)
			if err != nil {
				panic(fmt.Sprintf("sobol table line %d: %v", d+1, err))
			}
			n[i] = x
		}
		s := int(n[1])
		if d >= SobolDimensions || n[0] != uint64(d+1) || s < 1 || s > 31 || len(n) != 3+s || n[2] >= 1<<(s-1) {
			panic(fmt.Sprintf("sobol table line %d: malformed %q", d+1, sc.Text()))
		}
		a := n[2]
		m := make([]uint64, 33) // m[k], k = 1..32
		for k := 1; k <= s; k++ {
			m[k] = n[2+k]
			if m[k]&1 == 0 || m[k] >= 1<<k {
				panic(fmt.Sprintf("sobol table line %d: m_%d = %d must be odd and below 2^%d", d+1, k, m[k], k))
			}
		}
		for k := s + 1; k <= 32; k++ {
			x := m[k-s]<<s ^ m[k-s]
			for i := 1; i < s; i++ {
				if a>>(s-1-i)&1 == 1 {
					x ^= m[k-i] << i
				}
			}
			m[k] = x
		}
		for k := 1; k <= 32; k++ {
			v[d*32+k-1] = uint32(m[k] << (32 - k))
		}
		d++
	}
	if d != SobolDimensions {
		panic(fmt.Sprintf("sobol table: %d dimensions, want %d", d, SobolDimensions))
	}
	return v
}

func configureSobol(c Config) (Instance, error) {
	return sobolInstance{seed: c.Seed, v: SobolDirections(), streams: c.Streams, sharedSlots: c.Options["sobol-pixels"] == "shared"}, nil
}

type sobolInstance struct {
	seed    uint32
	v       []uint32
	streams int
	// sharedSlots (--sobol-pixels shared) turns slot sequences off: slot s
	// of dispatch k takes point k*streams + s, as outside the eye pass.
	sharedSlots bool
}

func (s sobolInstance) StateWords() int { return 0 } // everything follows from the uniforms
func (s sobolInstance) Defines() map[string]string {
	if s.sharedSlots {
		return map[string]string{"SOBOL_SHARED_SLOTS": "1"}
	}
	return nil
}

// StridedDump: a dump point 2^k on is two XORs away (sobol.glsl).
func (s sobolInstance) StridedDump() {}

// Aux lays out, for the GLSL port: the direction numbers (dimension d's
// v_{j+1} at d*32+j, the dump's one-XOR-per-point walk); then, at
// sobolNibbleBase, per dimension d and nibble k of the gray code, the XOR of
// the direction numbers that each of the 16 nibble values selects (the
// renderer computes X in 8 look-ups, the same for every lane, instead of one
// per set bit); then at sobolSeedBase the per-dimension scramble seeds.
func (s sobolInstance) Aux() []uint32 {
	aux := make([]uint32, sobolSeedBase+SobolDimensions)
	copy(aux, s.v)
	for d := 0; d < SobolDimensions; d++ {
		for k := 0; k < 8; k++ {
			for nib := uint32(0); nib < 16; nib++ {
				aux[sobolNibbleBase+(d*8+k)*16+int(nib)] = sobolGray(s.v[d*32:d*32+32], nib<<(4*k))
			}
		}
		aux[sobolSeedBase+d] = sobolDimSeed(s.seed, uint32(d))
	}
	return aux
}

// Offsets into Aux; rng/sobol.glsl has the same numbers.
const (
	sobolNibbleBase = SobolDimensions * 32
	sobolSeedBase   = sobolNibbleBase + SobolDimensions*8*16
)

// Stream is dimension t mod 1024 (dumps stop at 1024; renderer pools may be
// larger but their streams are never drawn from).
func (s sobolInstance) Stream(t int) Stream {
	d := uint32(t) % SobolDimensions
	return &sobolDimension{v: s.v[d*32 : d*32+32], scramble: s.seed != 0, dseed: sobolDimSeed(s.seed, d)}
}

// Point is the renderer's view: successive dimensions of point index, of
// block index >> 32 (see the doc above).
func (s sobolInstance) Point(index uint64) Stream {
	i := uint32(index)
	return &sobolPoint{inst: s, gray: i ^ i>>1, key: lowbias32(uint32(index >> 32))}
}

// sobolGray is the unscrambled X of the point whose gray code is g, in the
// dimension whose 32 direction numbers are v.
func sobolGray(v []uint32, g uint32) uint32 {
	var x uint32
	for ; g != 0; g &= g - 1 {
		x ^= v[bits.TrailingZeros32(g)]
	}
	return x
}

// sobolDimension walks one dimension point by point, one XOR per point.
type sobolDimension struct {
	v        []uint32
	x, i     uint32
	scramble bool
	dseed    uint32
}

func (s *sobolDimension) U32() uint32 {
	x := s.x
	// gray(i+1) = gray(i) ^ 1<<ctz(^i); 31 at i = 2^32-1 (as the GLSL, never reached)
	s.x ^= s.v[min(bits.TrailingZeros32(^s.i), 31)]
	s.i++
	if s.scramble {
		x = owenScramble(x, s.dseed)
	}
	return x
}

func (s *sobolDimension) F32() float32     { return min(sobolUnit(s.U32()), largestBelowOne) }
func (s *sobolDimension) DumpF32() float32 { return sobolUnit(s.U32()) }

// SlotPoint is point index of slot's own sequence: Owen-scrambled with the
// dimension's seed XOR a hash of the slot, always (also for seed 0, or every
// slot would draw the same points). With --sobol-pixels shared it is the
// shared sequence's point index*streams + slot instead.
func (s sobolInstance) SlotPoint(slot int, index uint64) Stream {
	if s.sharedSlots {
		return s.Point(index*uint64(s.streams) + uint64(slot))
	}
	i := uint32(index)
	return &sobolPoint{inst: s, gray: i ^ i>>1, key: sobolSlotKey(uint32(slot)), perSlot: true}
}

// sobolSlotKey decorrelates the slots' sequences.
func sobolSlotKey(slot uint32) uint32 { return lowbias32(slot + 1) }

// sobolPoint walks the dimensions of one point.
type sobolPoint struct {
	inst    sobolInstance
	gray    uint32
	d       uint32
	key     uint32 // the slot's (perSlot) or the 2^32-block's scramble key; 0 in block 0
	perSlot bool
}

func (p *sobolPoint) U32() uint32 {
	d := p.d
	p.d = (p.d + 1) % SobolDimensions
	x := sobolGray(p.inst.v[d*32:d*32+32], p.gray)
	if p.inst.seed != 0 || p.perSlot || p.key != 0 {
		x = owenScramble(x, sobolDimSeed(p.inst.seed, d)^p.key)
	}
	return x
}

func (p *sobolPoint) F32() float32     { return min(sobolUnit(p.U32()), largestBelowOne) }
func (p *sobolPoint) DumpF32() float32 { return sobolUnit(p.U32()) }

// sobolUnit is the seed's (float)X * 2.3283064E-10F: X rounded to a float
// (nearest even), times 2^-32 (exact). It reaches 1 for X >= 2^32 - 128.
func sobolUnit(x uint32) float32 { return float32(x) * (1.0 / 4294967296.0) }

// sobolDimSeed is the Owen scramble seed of dimension d.
func sobolDimSeed(seed, d uint32) uint32 { return lowbias32(lowbias32(d) ^ seed) }

// lowbias32 is Chris Wellons' 32-bit integer hash (hash-prospector).
func lowbias32(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}

// owenScramble is Burley's nested_uniform_scramble (see the Sobol doc above).
func owenScramble(x, seed uint32) uint32 {
	x = bits.Reverse32(x)
	x += seed
	x ^= x * 0x6c50b47c
	x ^= x * 0xb82f1e52
	x ^= x * 0xc7afe638
	x ^= x * 0x8d22f6e6
	return bits.Reverse32(x)
}

// Loops: a renderer draw (and the dump's seek to its first point) XORs eight
// nibble look-ups in a loop (9); the dump's own draws and rng_init have none.
func (s sobolInstance) Loops() Loops { return Loops{Draw: 9} }
