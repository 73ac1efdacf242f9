// Package rng holds every random number generator Speckle knows, each as a Go
// reference (the truth) and a GLSL port (rng/<name>.glsl) behind one contract.
// Nothing here touches OpenGL: the GPU side only sees the GLSL text, the
// #defines and the auxiliary words an Instance hands out.
//
// Floor: the generators, just above the leaves. rng may import only the
// leaves (layers_test.go); it uses assets (Sobol's direction numbers) and,
// touching no OpenGL, not gpu. Adding a generator: rng/<name>.go,
// rng/<name>.glsl and one line in All (docs/design.md).
package rng

import (
	"embed"
	"fmt"
	"sort"
	"strings"

	"speckle/internal/suggest"
)

// GLSL is the generator ports, for the shader include resolver.
//
//go:embed *.glsl
var GLSL embed.FS

// Config fixes everything a generator needs before it can draw numbers.
type Config struct {
	Seed    uint32
	Streams int               // T: invocations drawing at once (Sobol: dimensions)
	Options map[string]string // option name -> value; a missing name takes its default
}

// Generator is one registered generator.
type Generator struct {
	Name    string
	Doc     string   // one line: what it is and where it comes from
	Source  string   // GLSL port, a file of this package
	Options []Option // generator-specific options
	// MaxDumpStreams bounds the streams of a dump (Sobol: its dimensions); 0: none.
	MaxDumpStreams int
	// Configure returns an instance; New calls it with every option of the
	// generator present (defaults filled in) and checked against its
	// declaration and CheckConfig, so it reads them with Config.Int and
	// the like.
	Configure func(c Config) (Instance, error)
	// CheckConfig refuses what no one option's bounds say (combinations,
	// loop budgets) without configuring anything, so that a spec is
	// checked where it is read (Spec.Check) and instantiated only where
	// it is drawn from; nil: nothing more to check.
	CheckConfig func(c Config) error
	// TestOptions are the option sets every GPU-vs-CPU test covers (besides the defaults).
	TestOptions []map[string]string
	// DumpF32Centred says the dump floats are already centred in [-0.5, 0.5]
	// (lehmer: rng.cl's lehmer_rand_vec components) rather than in [0, 1).
	// Jittered streamlines draw those where a generator has them.
	DumpF32Centred bool
	// OutputBits is how many low bits of the native integer carry the
	// output (rand48: 31, RANLUX: 24); 0 means all 32. `rng dump --format
	// packed` packs just those, for 32-bit test batteries.
	OutputBits int
	// Control marks a generator known to be bad (RANDU), kept to show what
	// the test battery catches: never in the default comparison.
	Control bool
	// Degenerate lists the degenerate seeds or states (fixed points, short
	// cycles, equal streams) that the streams of c (complete, as
	// Configure gets it) run into; none for a generator that has none.
	// Every generator declares it: the commands warn about each use.
	Degenerate func(c Config) []Degeneracy
	// Period bounds what a run may draw before it reuses a state
	// (docs/generators.md has the table); the commands warn past it.
	Period Period
	// PeriodFor, where set, is the period of a configuration with these
	// options, in place of Period (the hashes: keyed by one word or by
	// several); PeriodOf reads it.
	PeriodFor func(options map[string]string) Period
	// ReplicateStride is how far apart ReplicateSeed puts replicates'
	// seeds: where stream t is seeded seed+t (lehmer, randu), far enough
	// that no two replicates' passes start a stream alike; 0: 1.
	ReplicateStride uint32
	// Family groups generators in lists and pickers: "" for the
	// generators proper, HashFamily for the GPU hashes.
	Family string
	// Inexact says the GLSL port cannot match the Go reference bit for bit
	// (trig: GPU sin is not IEEE); the GPU-equals-CPU tests leave it out
	// and a test of its own measures the difference.
	Inexact bool
	// SharedStreams, where set, says why streams of this generator can be
	// another's by design (a hash whose key leaves the seed out): the
	// replicates-share-no-stream tests exempt it, checking only that the
	// reason is given.
	SharedStreams string
	// UserFile is the file of a user's generator (glsl:FILE, rng/user.go),
	// and UserSource its text as the program includes it (#include <user>
	// in rng/user.glsl); "" for the generators of this package.
	UserFile, UserSource string
}

// Bits is g's output bits per native integer.
func (g *Generator) Bits() int {
	if g.OutputBits == 0 {
		return 32
	}
	return g.OutputBits
}

// Instance is a configured generator: the Go reference streams and what the
// GLSL port needs to reproduce them.
type Instance interface {
	// StateWords is the number of uint32 words one stream keeps in the state pool.
	StateWords() int
	// Defines are the #defines the GLSL port is compiled with (options).
	Defines() map[string]string
	// Aux is read-only data for the GLSL port (bound as rng_aux); nil if none.
	Aux() []uint32
	// Stream is the Go reference of stream t, freshly seeded as `rng dump` starts it.
	Stream(t int) Stream
	// Loops bounds the loop passes of the GLSL port's calls.
	Loops() Loops
}

// Stream is one sequence of numbers.
type Stream interface {
	U32() uint32      // the generator's native integer
	F32() float32     // the renderer's float, in [0,1)
	DumpF32() float32 // the float `rng dump --format f32` writes (see the spec)
}

// QuasiRandom is implemented by instances whose renderer draws are points of a
// low-discrepancy sequence: invocation i of dispatch k draws successive
// dimensions of point k*streams+i (64-bit) instead of continuing a stream.
type QuasiRandom interface {
	Point(index uint64) Stream
}

// StridedDump is implemented by instances whose dump streams are stateless
// and can step 2^k values at a time (the GLSL defines RNG_DUMP_SEEK and
// RNG_DUMP_STRIDE): many invocations then share one stream, neighbours
// storing neighbouring values, as the Sobol seed's CUDA kernel does; and
// can give four consecutive values at once (RNG_DUMP_X4), stored as one
// uvec4.
type StridedDump interface {
	StridedDump()
}

// Seeker is implemented by instances whose streams start anywhere at the
// cost of one value (counter-based: Philox): stream t from its value m on.
// A long dump of one stream is then drawn by many goroutines at once.
type Seeker interface {
	StreamAt(t int, m uint64) Stream
}

// UniformArrays is implemented by instances whose GLSL port reads uint
// arrays that Go computes from the configuration (Philox's round keys):
// render.RNG.Bind sets each by name.
type UniformArrays interface {
	UniformArrays() map[string][]uint32
}

// Loops bounds the loop passes one call of a generator's GLSL port runs, as
// shaders/lib/loops.glsl counts them (n + 1 for a loop of n passes, nested
// loops included; a switch statement costs 1: Mesa makes it a loop that
// leaves in its first pass): Mesa's llvmpipe ends a shader's loops after 65,535
// passes in all, so kernels size their work per dispatch from these. Each
// generator derives its bound from its GLSL (see its Loops method); the GPU
// test TestLoopsBoundMeasured checks them against what llvmpipe counts.
type Loops struct {
	Init int // one rng_init
	Draw int // one rng_u32, rng_f32 or rng_dump_f32; also bounds one rng_load
	// Warmup is the number of warm-up steps inside Init (the CA's
	// --ca-warmup) that a program built with RNG_DEFER_WARMUP leaves out of
	// rng_init, which then costs at most Init - Warmup; rng_warmup(n) does n
	// of them at a cost of n + 1. Zero for generators without a warm-up.
	Warmup int
}

// LoopsOf is inst's Loops.
func LoopsOf(inst Instance) Loops { return inst.Loops() }

// SlotSequences is implemented by quasi-random instances that can give each
// pool slot a sequence of its own: slot s of dispatch k draws the dimensions
// of point k of a sequence scrambled for s. A renderer wants that where each
// slot integrates its own domain (a pixel's area): with QuasiRandom's
// k*streams+s, a slot's points differ only in high index bits across
// dispatches, and low dimensions barely move. Kernels ask for it with the
// define RNG_SLOT_SEQUENCES; other generators ignore it.
type SlotSequences interface {
	SlotPoint(slot int, index uint64) Stream
}

// All is the registry: the CLI, the kernels and the tests iterate it.
var All = []*Generator{
	Rand48,
	Ranlux,
	Sobol,
	Lehmer,
	CA,
	PCG32,
	Philox,
	RANDU,
	// GPU hashes (Family HashFamily)
	PCG,
	PCG2D,
	PCG3D,
	PCG4D,
	XXHash32,
	Wang,
	LCG,
	Xorshift32,
	IQInt1,
	IQInt3,
	Murmur3,
	TEA,
	City,
	SuperFast,
	HybridTaus,
	JKISS32,
	IGN,
	Trig,
}

// Lookup finds a generator by name: a registered one, or a user's GLSL
// file named glsl:PATH (LoadUser: read and checked once a process), so
// that settings which keep generators by name keep a user's too.
func Lookup(name string) (*Generator, error) {
	if path, ok := strings.CutPrefix(name, UserPrefix+":"); ok {
		return LoadUser(path)
	}
	for _, g := range All {
		if g.Name == name {
			return g, nil
		}
	}
	if h := suggest.Hint(name, Names()); h != "" {
		return nil, fmt.Errorf("unknown generator %q (%s)", name, h)
	}
	return nil, fmt.Errorf("unknown generator %q (known: %s)", name, strings.Join(Names(), ", "))
}

// Names lists the registered generators in registry order.
func Names() []string {
	n := make([]string, len(All))
	for i, g := range All {
		n[i] = g.Name
	}
	return n
}

// New checks c against the generator's option declarations (each value
// through Option.Check) and configures it.
func (g *Generator) New(c Config) (Instance, error) {
	c, err := g.complete(c)
	if err != nil {
		return nil, err
	}
	return g.Configure(c)
}

// complete checks c and fills in the options it leaves out.
func (g *Generator) complete(c Config) (Config, error) {
	if c.Streams < 1 {
		return c, fmt.Errorf("%s: streams must be at least 1", g.Name)
	}
	opts := map[string]string{}
	for k, v := range c.Options {
		if g.Option(k) == nil {
			return c, fmt.Errorf("option %s does not apply to generator %s", flagText(k), g.Name)
		}
		opts[k] = v
	}
	for _, o := range g.Options {
		v, ok := opts[o.Name]
		if !ok {
			v = o.Default
			opts[o.Name] = v
		}
		if err := o.Check(v); err != nil {
			return c, err
		}
	}
	c.Options = opts
	if g.CheckConfig != nil {
		if err := g.CheckConfig(c); err != nil {
			return c, err
		}
	}
	return c, nil
}

// CheckDump rejects dump sizes the generator cannot produce.
func (g *Generator) CheckDump(streams, count int) error {
	if streams < 1 || count < 1 {
		return fmt.Errorf("--streams and --count must be at least 1")
	}
	if g.MaxDumpStreams > 0 && streams > g.MaxDumpStreams {
		return fmt.Errorf("--streams %d is too many for %s: at most %d", streams, g.Name, g.MaxDumpStreams)
	}
	return nil
}

// Option is g's option name, nil if it has none.
func (g *Generator) Option(name string) *Option {
	for i := range g.Options {
		if g.Options[i].Name == name {
			return &g.Options[i]
		}
	}
	return nil
}

// isFlagName says whether k can name an option: letters, digits, '-' and
// '_', as flags are named.
func isFlagName(k string) bool {
	for _, c := range k {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return k != ""
}

// flagText is option k as a message shows it: --k, quoted unless k is a
// flag's name (one from a settings file may hold a newline).
func flagText(k string) string {
	if isFlagName(k) {
		return "--" + k
	}
	return fmt.Sprintf("%q", "--"+k)
}

// OptionNames lists every option of every generator, sorted, without duplicates.
func OptionNames() []string {
	seen := map[string]bool{}
	var names []string
	for _, g := range All {
		for _, o := range g.Options {
			if !seen[o.Name] {
				seen[o.Name] = true
				names = append(names, o.Name)
			}
		}
	}
	sort.Strings(names)
	return names
}

// toF32 is the spec's default float: the top 24 bits of u scaled to [0,1).
func toF32(u uint32) float32 { return float32(u>>8) * (1.0 / (1 << 24)) }
