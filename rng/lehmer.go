package rng

// lehmerModulus is the prime 2^32-5 of the revised Park–Miller generator in rng.cl.
const (
	lehmerModulus    = 4294967291
	lehmerMultiplier = 279470273
)

// Lehmer is the slm streamline code's generator (rng.cl): one 32-bit state,
// state = (state+1) * 279470273 mod (2^32-5).
var Lehmer = &Generator{
	Name:   "lehmer",
	Doc:    "Lehmer LCG mod 2^32-5, multiplier 279470273: the jitter generator of the slm streamline code (rng.cl)",
	Source: "lehmer.glsl",
	Options: []Option{{
		Name: "lehmer-seeding", Kind: Choice, Choices: []string{"consecutive", "slm"}, Default: "consecutive",
		Help: "consecutive: stream t starts at seed+t; slm: byte-reverse, one step, byte-reverse (the streamline code's per-pixel seeding)",
	}},
	Configure:  configureLehmer,
	Degenerate: lehmerDegenerate,
	// Every stream but the fixed point's runs on one cycle of p-1 states.
	Period:          Period{Stream: lehmerModulus - 1, Pool: lehmerModulus - 1},
	ReplicateStride: 1 << 26, // 64 replicates of up to 2^26 streams a pass
	TestOptions:     []map[string]string{{"lehmer-seeding": "slm"}},
	DumpF32Centred:  true,
}

type lehmerInstance struct {
	seed uint32
	slm  bool
}

func configureLehmer(c Config) (Instance, error) {
	return lehmerInstance{seed: c.Seed, slm: c.Options["lehmer-seeding"] == "slm"}, nil
}

func (l lehmerInstance) StateWords() int { return 1 }
func (l lehmerInstance) Aux() []uint32   { return nil }
func (l lehmerInstance) Defines() map[string]string {
	if l.slm {
		return map[string]string{"LEHMER_SLM_SEEDING": "1"}
	}
	return nil
}

func (l lehmerInstance) Stream(t int) Stream {
	s := l.seed + uint32(t)
	if l.slm {
		s = bswap32(LehmerStep(bswap32(s)))
	}
	return &lehmerStream{s}
}

// LehmerStep is one step of rng.cl's lehmer_rand_uint.
func LehmerStep(x uint32) uint32 {
	return uint32(uint64(x+1) * lehmerMultiplier % lehmerModulus)
}

func bswap32(x uint32) uint32 {
	return x>>24 | x>>8&0xff00 | x<<8&0xff0000 | x<<24
}

type lehmerStream struct{ s uint32 }

func (l *lehmerStream) U32() uint32 {
	l.s = LehmerStep(l.s)
	return l.s
}

// lehmerUnit is rng.cl's (float)u / (float)0xfffffffb; the divisor rounds to 2^32.
func lehmerUnit(u uint32) float32 { return float32(u) * (1.0 / 4294967296.0) }

func (l *lehmerStream) F32() float32     { return min(lehmerUnit(l.U32()), largestBelowOne) }
func (l *lehmerStream) DumpF32() float32 { return lehmerUnit(l.U32()) - 0.5 }

// largestBelowOne is the largest float32 below 1, where renderer floats are clamped.
const largestBelowOne = float32(1 - 1.0/(1<<24))

// Loops: lehmer.glsl has no loops.
func (l lehmerInstance) Loops() Loops { return Loops{} }
