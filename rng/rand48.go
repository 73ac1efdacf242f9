package rng

// rand48 is the POSIX drand48 family's LCG, x' = a x + c mod 2^48, run as
// rand48_cuda.txt's Rand48: thread t of T starts at x_{t+1} and steps by T, so
// the T streams interleaved are exactly the serial lrand48() sequence.
const (
	rand48A    = 0x5DEECE66D
	rand48C    = 0xB
	rand48Mask = 1<<48 - 1
)

// Rand48 is the seed's leapfrogged lrand48.
var Rand48 = &Generator{
	Name:       "rand48",
	Doc:        "POSIX lrand48 LCG (a = 0x5DEECE66D, c = 11, mod 2^48) leapfrogged over T streams, as rand48_cuda.txt (Arnold, Barros)",
	Source:     "rand48.glsl",
	OutputBits: 31, // lrand48: the upper 31 bits of the state
	// Degenerate: none. x -> a x + c mod 2^48 has full period (c odd, a = 1
	// mod 4), seeds map to distinct states (S << 16 | 0x330E) and the
	// leapfrogged streams are disjoint pieces of that one cycle.
	Degenerate: none,
	// The leapfrogged streams are pieces of one cycle of 2^48.
	Period:    Period{Pool: 1 << 48, Position: rand48Position},
	Configure: configureRand48,
}

type rand48Instance struct {
	x0           uint64 // x_0 of the serial sequence
	stepA, stepC uint64 // the leapfrog step x -> stepA*x + stepC = T serial steps
}

func configureRand48(c Config) (Instance, error) {
	a, cc := rand48Jump(uint64(c.Streams))
	return rand48Instance{x0: uint64(c.Seed)<<16 | 0x330E, stepA: a, stepC: cc}, nil
}

// rand48Jump returns (A, C) with x_{n+k} = A x_n + C mod 2^48: A = a^k and
// C = c(1 + a + ... + a^{k-1}), by squaring (Brown, "Random number generation
// with arbitrary strides", 1994), O(log k).
func rand48Jump(k uint64) (A, C uint64) {
	A, C = 1, 0
	ma, mc := uint64(rand48A), uint64(rand48C) // the step for 2^i serial steps
	for ; k > 0; k >>= 1 {
		if k&1 != 0 {
			A, C = A*ma&rand48Mask, (C*ma+mc)&rand48Mask
		}
		mc = (ma + 1) * mc & rand48Mask
		ma = ma * ma & rand48Mask
	}
	return A, C
}

// StateWords: the state as two 24-bit limbs, as the seed keeps it.
func (r rand48Instance) StateWords() int            { return 2 }
func (r rand48Instance) Defines() map[string]string { return nil }

// Aux is the leapfrog step in 24-bit limbs: A.lo, A.hi, C.lo, C.hi.
func (r rand48Instance) Aux() []uint32 {
	return []uint32{
		uint32(r.stepA & 0xFFFFFF), uint32(r.stepA >> 24),
		uint32(r.stepC & 0xFFFFFF), uint32(r.stepC >> 24),
	}
}

func (r rand48Instance) Stream(t int) Stream {
	a, c := rand48Jump(uint64(t) + 1)
	return &rand48Stream{x: (a*r.x0 + c) & rand48Mask, a: r.stepA, c: r.stepC}
}

type rand48Stream struct{ x, a, c uint64 }

// U32 is rand48_nextInt: the upper 31 bits of the state, then a step.
func (r *rand48Stream) U32() uint32 {
	v := uint32(r.x >> 17)
	r.x = (r.a*r.x + r.c) & rand48Mask
	return v
}

// F32 is rand48_nextFloat: the upper 24 bits / 2^24, then a step.
func (r *rand48Stream) F32() float32 {
	f := float32(r.x>>24) * (1.0 / (1 << 24))
	r.x = (r.a*r.x + r.c) & rand48Mask
	return f
}

func (r *rand48Stream) DumpF32() float32 { return r.F32() }

// Loops: rng_init's jump-ahead squares once per bit of stream+1, at most 32
// passes (33); draws have no loop.
func (r rand48Instance) Loops() Loops { return Loops{Init: 33} }

// rand48Position is where seed's x_0 lies on the one cycle of 2^48: the
// steps from seed 0's, found bit by bit (the LCG has full period, so the
// low k bits of the state have period 2^k: Brown's distance).
func rand48Position(seed uint32) uint64 {
	cur, target := uint64(0x330E), uint64(seed)<<16|0x330E
	a, c := uint64(rand48A), uint64(rand48C)
	d := uint64(0)
	for bit := uint64(1); cur != target; bit <<= 1 {
		if cur&bit != target&bit {
			cur = (a*cur + c) & rand48Mask
			d |= bit
		}
		c = (a + 1) * c & rand48Mask
		a = a * a & rand48Mask
	}
	return d
}
