package rng

// randuMultiplier is IBM's RANDU multiplier 2^16 + 3 (System/360 SSP, 1968).
const (
	randuMultiplier = 65539
	randuMask       = 1<<31 - 1
)

// RANDU is a deliberately bad generator, kept as the battery's teaching
// control: x' = 65539 x mod 2^31. Since 65539^2 = 6*65539 - 9 (mod 2^31),
// x_{k+2} = 6 x_{k+1} - 9 x_k: every triple of successive values lies on
// one of 15 planes, and bit b has period 2^(b-1) at most.
var RANDU = &Generator{
	Name:       "randu",
	Doc:        "RANDU (IBM, 1968): x' = 65539 x mod 2^31, stream t seeded 2(S+t)+1; a teaching control that fails the battery on purpose",
	Source:     "randu.glsl",
	OutputBits: 31,
	// Degenerate: none. Odd states (always: 2(S+t)+1) all have period 2^29
	// (a = 3 mod 8) and no fixed point; seeds S and S+2^30 are the same
	// generator, but within one run (at most 2^26 streams) no two streams are.
	Degenerate: none,
	// Two cycles of 2^29 hold the 2^30 odd states every stream starts on.
	Period:          Period{Stream: 1 << 29, Pool: 1 << 30},
	ReplicateStride: 1 << 24, // streams start at 2(S+t)+1 mod 2^31: 64 replicates of 2^24 streams fill 2^30
	Configure:       configureRANDU,
	Control:         true,
}

type randuInstance struct{ seed uint32 }

func configureRANDU(c Config) (Instance, error) { return randuInstance{c.Seed}, nil }

func (r randuInstance) StateWords() int            { return 1 }
func (r randuInstance) Aux() []uint32              { return nil }
func (r randuInstance) Defines() map[string]string { return nil }

// Stream t starts at the odd seed 2(S+t)+1 mod 2^31 (RANDU needs an odd
// state): neighbouring streams start 2 apart, like Lehmer's consecutive seeds.
func (r randuInstance) Stream(t int) Stream {
	return &randuStream{randuSeed(r.seed, uint32(t))}
}

func randuSeed(seed, t uint32) uint32 { return (2*(seed+t) + 1) & randuMask }

type randuStream struct{ x uint32 }

// U32 steps, then returns the 31-bit state.
func (r *randuStream) U32() uint32 {
	r.x = r.x * randuMultiplier & randuMask
	return r.x
}

// F32 is the top 24 of the 31 bits, the spec's default float.
func (r *randuStream) F32() float32     { return float32(r.U32()>>7) * (1.0 / (1 << 24)) }
func (r *randuStream) DumpF32() float32 { return r.F32() }

// Loops: randu.glsl has no loops.
func (r randuInstance) Loops() Loops { return Loops{} }
