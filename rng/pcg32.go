package rng

// pcg32Mult is PCG's default 64-bit LCG multiplier.
const pcg32Mult = 6364136223846793005

// PCG32 is O'Neill's pcg32 (PCG-XSH-RR 64/32) of pcg-c-basic: stream t is
// pcg32_srandom_r(initstate = seed, initseq = t).
var PCG32 = &Generator{
	Name:   "pcg32",
	Doc:    "PCG-XSH-RR 64/32 (O'Neill, pcg-c-basic pcg32_random_r): 64-bit LCG with a permuted 32-bit output, one LCG increment per stream",
	Source: "pcg32.glsl",
	// Degenerate: none. Each stream is an LCG mod 2^64 with an odd increment
	// and a = 1 mod 4: full period 2^64, no fixed point, whatever the seed.
	Degenerate: none,
	Period:     Period{Stream: 1 << 64}, // each stream's own LCG mod 2^64
	Configure:  func(c Config) (Instance, error) { return pcg32Instance{seed: c.Seed}, nil },
}

type pcg32Instance struct{ seed uint32 }

// StateWords: state lo/hi, increment lo/hi.
func (p pcg32Instance) StateWords() int            { return 4 }
func (p pcg32Instance) Defines() map[string]string { return nil }
func (p pcg32Instance) Aux() []uint32              { return nil }

// Stream is pcg32_srandom_r(initstate = seed zero-extended, initseq = t).
func (p pcg32Instance) Stream(t int) Stream { return newPCG32(uint64(p.seed), uint64(t)) }

func newPCG32(initstate, initseq uint64) *pcg32Stream {
	s := &pcg32Stream{inc: initseq<<1 | 1}
	s.U32()
	s.state += initstate
	s.U32()
	return s
}

type pcg32Stream struct{ state, inc uint64 }

// U32 is pcg32_random_r: output from the old state, XSH RR.
func (p *pcg32Stream) U32() uint32 {
	old := p.state
	p.state = old*pcg32Mult + p.inc
	x := uint32((old>>18 ^ old) >> 27)
	rot := uint32(old >> 59)
	return x>>rot | x<<((-rot)&31)
}

func (p *pcg32Stream) F32() float32     { return toF32(p.U32()) }
func (p *pcg32Stream) DumpF32() float32 { return p.F32() }

// Loops: pcg32.glsl has no loops.
func (p pcg32Instance) Loops() Loops { return Loops{} }
