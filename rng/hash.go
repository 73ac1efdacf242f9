package rng

import "fmt"

// The GPU hashes of Jarzynski & Olano, "Hash Functions for GPU Rendering"
// (JCGT 9(3), 2020), as generators. A hash has no state: a shader keys it
// with what it has at hand. Here the key is made of stream t (a photon's or
// a pixel's slot), draw d of the stream (counting on across iterations, as
// every stream of the pool does) and the seed S (what a run changes between
// replicates and passes, the frame of the paper's tests). --hash-key says
// how (docs/generators.md, "GPU hashes"):
//
//	counter  h(k + d), k = φ(t + T·S): each stream hashes its own count of
//	         draws, alone; t and S only pick where the count starts (T:
//	         streams, φ = 0x9E3779B9)
//	linear   h(t + T·d + φ·S): the paper's linear combination x + W·y + …
//	         of the inputs, the index fastest
//	nested   h(d + h(t + h(S))): the paper's (and Perlin's) nesting
//	native   the hash's own multi-word input (pcg3d, pcg4d, xxhash32)
//	paper    the authors' TestU01 harness (markjarzynski/
//	         HashFunctionsForGPURendering_TestU01, test.h): counter c from
//	         k = φ(t + T·S) on, each c Morton-decoded into the hash's own
//	         input words (morton2/3/4: word i takes bits i, i+n, i+2n, …),
//	         the draws every output word of h(morton(c)) in turn, then c+1
//
// For the other keyings h is the hash of one word (a multi-word hash takes
// it in every input word) and a draw is its first output word. All
// arithmetic is mod 2^32.

// HashFamily is Generator.Family of the GPU hashes.
const HashFamily = "hashes"

// hashGolden is φ = 2^32/golden ratio, odd: consecutive streams' counters
// start far apart on the 2^32 counts (Weyl spacing).
const hashGolden = 0x9E3779B9

// Hash keyings, the values of --hash-key.
const (
	keyCounter = "counter"
	keyLinear  = "linear"
	keyNested  = "nested"
	keyNative  = "native"
	keyPaper   = "paper"
)

// hashKeyOption is --hash-key; native only where the hash has an input of
// several words.
func hashKeyOption(native bool) Option {
	choices := []string{keyCounter, keyLinear, keyNested, keyPaper}
	help := "how stream t, draw d and the seed S key the hash: counter h(φ(t+T·S)+d), linear h(t+T·d+φ·S), nested h(d+h(t+h(S))), paper: the authors' TestU01 harness, every output word of h(morton(c)), c counting from φ(t+T·S)"
	if native {
		choices = append(choices, keyNative)
		help += ", native: (t, d, S) as the hash's own input words"
	}
	return Option{Name: "hash-key", Kind: Choice, Choices: choices, Default: keyCounter, Help: help}
}

// hashFuncs is one configuration of a hash: its Go model.
type hashFuncs struct {
	one     func(x uint32) uint32       // the hash of one word, first output word
	native  func(t, d, s uint32) uint32 // (t, d, S) as input words; nil: none
	wide    func(v [4]uint32) [4]uint32 // the hash's own input and output words (hashSpec.in, .lanes); nil: one
	defines map[string]string           // the GLSL port's options (tea's rounds)
}

// hashSpec declares a hash generator; newHash makes the Generator.
type hashSpec struct {
	name, doc   string
	options     []Option // besides --hash-key
	testOptions []map[string]string
	funcs       func(c Config) hashFuncs
	testKeys    []string // keyings the all-generators suites test besides counter (native: always)
	in, lanes   int      // input and output words of funcs' wide (0: 1); the suites test paper keying where either is more
	native      bool     // takes --hash-key native
	inexact     bool     // float arithmetic: the GPU differs (Generator.Inexact)
	shared      string   // Generator.SharedStreams
}

// newHash is a hash generator: rng/<name>.glsl defines hash1 (and
// hash_native) and includes rng/hash.glsl, the keying.
func newHash(s hashSpec) *Generator {
	opts := append([]Option{hashKeyOption(s.native)}, s.options...)
	// The keying is one piece of GLSL (rng/hash.glsl) for every hash: the
	// all-generators suites test each hash with the default keying, the
	// other keyings with pcg (linear, nested) and the hashes that have a
	// native input, which keeps their time in check.
	var tests []map[string]string
	for _, k := range s.testKeys {
		tests = append(tests, map[string]string{"hash-key": k})
	}
	if s.native {
		tests = append(tests, map[string]string{"hash-key": keyNative})
	}
	in, lanes := max(s.in, 1), max(s.lanes, 1)
	if (in > 1 || lanes > 1) && !s.inexact {
		tests = append(tests, map[string]string{"hash-key": keyPaper})
	}
	g := &Generator{
		Name:          s.name,
		Doc:           s.doc,
		Source:        s.name + ".glsl",
		Family:        HashFamily,
		Options:       opts,
		TestOptions:   append(tests, s.testOptions...),
		Degenerate:    none,
		Inexact:       s.inexact,
		SharedStreams: s.shared,
		Period:        hashPeriod(nil, lanes),
		Configure: func(c Config) (Instance, error) {
			key := c.Options["hash-key"]
			if key == keyNative && !s.native {
				return nil, fmt.Errorf("%s has no native keying", s.name)
			}
			f := s.funcs(c)
			if f.wide == nil {
				f.wide = func(v [4]uint32) [4]uint32 { return [4]uint32{f.one(v[0])} }
			}
			return hashInstance{seed: c.Seed, streams: uint32(c.Streams), key: key, f: f, in: in, lanes: lanes}, nil
		},
	}
	g.PeriodFor = func(o map[string]string) Period {
		p := hashPeriod(o, lanes)
		if s.shared == "" && p.Pool > 0 && o["hash-key"] != keyLinear { // counts from starts of their own
			p.Starts = func(c Config) []uint64 { return hashStarts(g, c) }
		} // (a hash whose streams repeat by value, not by count: Shared draws them)
		return p
	}
	return g
}

// hashPeriod: a key of one word gives at most 2^32 inputs for all the
// draws of a run, whatever the streams; native keying's draw word wraps
// after 2^32 draws of one stream, and its streams' keys are distinct;
// paper keying's 2^32 counters give `lanes` draws each.
func hashPeriod(options map[string]string, lanes int) Period {
	switch options["hash-key"] {
	case keyNative:
		return Period{Stream: 1 << 32}
	case keyPaper:
		return Period{Pool: float64(lanes) * (1 << 32)}
	}
	return Period{Pool: 1 << 32}
}

// hashStarts is where each stream of c counts on from, in draws on the
// cycle of Period.Pool: its first key (counter, nested) or count times the
// draws a count (paper); nil where c is not a configuration of g.
func hashStarts(g *Generator, c Config) []uint64 {
	inst, err := g.New(c)
	if err != nil {
		return nil
	}
	h := inst.(hashInstance)
	per := uint64(1)
	if h.key == keyPaper {
		per = uint64(h.lanes)
	}
	starts := make([]uint64, c.Streams)
	for t := range starts {
		starts[t] = per * uint64(h.firstKey(uint32(t)))
	}
	return starts
}

type hashInstance struct {
	seed, streams uint32
	key           string
	f             hashFuncs
	in, lanes     int
}

// StateWords: the key (or stream, or paper's counter), its step (or the
// draw, or paper's output word), the seed.
func (h hashInstance) StateWords() int { return 3 }
func (h hashInstance) Aux() []uint32   { return nil }

func (h hashInstance) Defines() map[string]string {
	d := map[string]string{"HASH_KEY_" + upper(h.key): "1"}
	if h.key == keyPaper {
		d["HASH_IN"], d["HASH_LANES"] = fmt.Sprint(h.in), fmt.Sprint(h.lanes)
	}
	for k, v := range h.f.defines {
		d[k] = v
	}
	return d
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// Loops: no hash port loops (tea's rounds and city's bytes are unrolled),
// nor does the keying.
func (h hashInstance) Loops() Loops { return Loops{} }

// Stream t, as rng/hash.glsl's rng_init seeds it.
func (h hashInstance) Stream(t int) Stream {
	s := &hashStream{f: h.f, key: h.key, a: h.firstKey(uint32(t)), c: h.seed, in: h.in, lanes: uint32(h.lanes)}
	switch h.key {
	case keyCounter, keyNested:
		s.b = 1
	case keyLinear:
		s.b = h.streams
	}
	return s
}

// firstKey is stream t's a as Stream seeds it: its key (counter, linear,
// nested), paper's first count, native's stream word t.
func (h hashInstance) firstKey(t uint32) uint32 {
	switch h.key {
	case keyCounter, keyPaper:
		return hashGolden * (t + h.streams*h.seed)
	case keyLinear:
		return t + hashGolden*h.seed
	case keyNested:
		return h.f.one(t + h.f.one(h.seed))
	}
	return t
}

// hashStream: 1-word keyings draw h(a), a += b; native draws
// native(a = t, b = d, c = S), b++; paper draws output word b of
// wide(morton(a)), then b++, and past the last word b = 0, a++.
type hashStream struct {
	f       hashFuncs
	key     string
	a, b, c uint32
	in      int
	lanes   uint32
}

func (s *hashStream) U32() uint32 {
	switch s.key {
	case keyNative:
		v := s.f.native(s.a, s.b, s.c)
		s.b++
		return v
	case keyPaper:
		v := s.f.wide(morton(s.a, s.in))[s.b]
		if s.b++; s.b == s.lanes {
			s.a, s.b = s.a+1, 0
		}
		return v
	}
	v := s.f.one(s.a)
	s.a += s.b
	return v
}

// morton is the harness's morton2/3/4 (morton.h) of a 32-bit counter: n
// words, word i of bits i, i+n, i+2n, … of c (n = 1: c itself).
func morton(c uint32, n int) [4]uint32 {
	var v [4]uint32
	for i := range n {
		v[i] = compact(c>>i, n)
	}
	return v
}

// compact gathers bits 0, n, 2n, … of x, as rng/hash.glsl's hash_compact.
func compact(x uint32, n int) uint32 {
	switch n {
	case 2:
		x &= 0x55555555
		x = (x ^ x>>1) & 0x33333333
		x = (x ^ x>>2) & 0x0f0f0f0f
		x = (x ^ x>>4) & 0x00ff00ff
		return (x ^ x>>8) & 0x0000ffff
	case 3:
		y := x >> 30 & 1 << 10 // bit 30: the 11th, past the 10 the masks gather
		x &= 0x09249249
		x = (x ^ x>>2) & 0x030c30c3
		x = (x ^ x>>4) & 0x0300f00f
		x = (x ^ x>>8) & 0xff0000ff
		return (x^x>>16)&0x000003ff | y
	case 4:
		x &= 0x11111111
		x = (x ^ x>>3) & 0x03030303
		x = (x ^ x>>6) & 0x000f000f
		return (x ^ x>>12) & 0x000000ff
	}
	return x
}

func (s *hashStream) F32() float32     { return toF32(s.U32()) }
func (s *hashStream) DumpF32() float32 { return s.F32() }

func rotl32(x uint32, r uint) uint32 { return x<<(r&31) | x>>((32-r)&31) }
func rotr32(x uint32, r uint) uint32 { return x>>(r&31) | x<<((32-r)&31) }

// hashRepresentatives are the hashes whose ports differ from the others'
// in more than the hash of one word: pcg (the keyings are tested with it),
// pcg3d (native keying), ign (float, shared streams) and trig (inexact).
var hashRepresentatives = map[string]bool{"pcg": true, "pcg3d": true, "ign": true, "trig": true}

// Representative says whether the suites that cost most per generator (a
// render of every scene, the command line's dumps, the deep zoom's box, the
// loop count) run g: every generator but the hashes whose port is another
// hash's GLSL around another hash of one word. Those are proven bit for
// bit, with every keying the suites name, by the dump, draw, order and
// battery suites, which run every generator.
func Representative(g *Generator) bool {
	return g.Family != HashFamily || hashRepresentatives[g.Name]
}
