package rng

import (
	"fmt"
	"strconv"
	"strings"
)

// CAGenome is one configuration of the ca generator, as `speckle ca evolve`
// searches them: the four connectivities and the 16-entry rule, 40 bits in
// all (the slides' 2^n + n·6 bits for n = 4 neighbours). Its text is
// "K0,K1,K2,K3:0xRULE" (the paper's: "56,2,21,49:0x99A5"), each half read
// by the ca generator's own --ca-k and --ca-rule parsers.
type CAGenome struct {
	K    [4]int // 0..63 each: cell i reads cell i-K[j]
	Rule uint16
}

// CAGenomeBits is the length of a genome's bit string (Bits).
const CAGenomeBits = 16 + 4*6

// CAPresetGenome is the genome of a --ca-preset (paper or linear).
func CAPresetGenome(preset string) CAGenome {
	c := caPresets[preset]
	return CAGenome{K: c.k, Rule: c.rule}
}

// String is the genome's text, which parseCAGenome reads back.
func (g CAGenome) String() string {
	return fmt.Sprintf("%d,%d,%d,%d:0x%04X", g.K[0], g.K[1], g.K[2], g.K[3], g.Rule)
}

// parseCAGenome reads a genome's text.
func parseCAGenome(s string) (CAGenome, error) {
	k, rule, ok := strings.Cut(s, ":")
	if !ok {
		return CAGenome{}, fmt.Errorf("a CA genome is K0,K1,K2,K3:RULE, like 56,2,21,49:0x99A5 (got %q)", s)
	}
	ks, err := CA.Option("ca-k").Ints(k)
	if err != nil {
		return CAGenome{}, err
	}
	r, err := CA.Option("ca-rule").Word(rule)
	if err != nil {
		return CAGenome{}, err
	}
	return CAGenome{K: [4]int{int(ks[0]), int(ks[1]), int(ks[2]), int(ks[3])}, Rule: uint16(r)}, nil
}

// Options are the ca generator's options that select this genome.
func (g CAGenome) Options() map[string]string {
	k, rule, _ := strings.Cut(g.String(), ":")
	return map[string]string{"ca-k": k, "ca-rule": rule}
}

// Spec is the ca generator running this genome.
func (g CAGenome) Spec() Spec { return Spec{Gen: CA, Options: g.Options()} }

// Bits is the genome as a bit string: the rule in bits 0..15, K[j] in
// bits 16+6j .. 21+6j. Crossover and mutation work on it.
func (g CAGenome) Bits() uint64 {
	b := uint64(g.Rule)
	for j, k := range g.K {
		b |= uint64(k&63) << (16 + 6*j)
	}
	return b
}

// CAGenomeOfBits is the genome of a bit string (bits above CAGenomeBits ignored).
func CAGenomeOfBits(b uint64) CAGenome {
	g := CAGenome{Rule: uint16(b)}
	for j := range g.K {
		g.K[j] = int(b >> (16 + 6*j) & 63)
	}
	return g
}

// NewCAPopulation is the ca generator with a genome per group of streams,
// so that one program evaluates a whole population: stream t runs
// genomes[t / perGenome] and is seeded as the ca generator seeds stream
// t % perGenome, so every candidate draws from the same seeds. c gives the
// seed and the ca options other than the genome (--ca-steps, --ca-warmup);
// c.Streams is ignored (len(genomes)·perGenome).
func NewCAPopulation(genomes []CAGenome, perGenome int, c Config) (Instance, error) {
	if len(genomes) < 1 || perGenome < 1 {
		return nil, fmt.Errorf("a CA population needs at least one genome and one stream per genome")
	}
	for _, k := range []string{"ca-k", "ca-rule", "ca-preset"} {
		if c.Options[k] != "" {
			return nil, fmt.Errorf("a CA population's genomes set its connectivity and rule: %s does not apply", flagText(k))
		}
	}
	c.Streams = 1
	inst, err := CA.New(c)
	if err != nil {
		return nil, err
	}
	return &caPopulation{caInstance: *inst.(*caInstance), genomes: genomes, per: perGenome}, nil
}

type caPopulation struct {
	caInstance // the steps, the warm-up and the seed
	genomes    []CAGenome
	per        int
}

// Word 2 of a slot keeps the stream's genome index (rng_load finds its rule there).
func (p *caPopulation) StateWords() int { return 3 }

// Aux: per genome its rule, then K0 | K1<<8 | K2<<16 | K3<<24.
func (p *caPopulation) Aux() []uint32 {
	aux := make([]uint32, 0, 2*len(p.genomes))
	for _, g := range p.genomes {
		aux = append(aux, uint32(g.Rule), uint32(g.K[0]|g.K[1]<<8|g.K[2]<<16|g.K[3]<<24))
	}
	return aux
}

func (p *caPopulation) Defines() map[string]string {
	return map[string]string{
		"CA_GENOMES":            "1",
		"CA_STREAMS_PER_GENOME": fmt.Sprintf("%du", p.per),
		"CA_STEPS":              strconv.Itoa(p.cfg.steps),
		"CA_WARMUP":             strconv.Itoa(p.cfg.warmup),
	}
}

func (p *caPopulation) Stream(t int) Stream {
	g := p.genomes[t/p.per]
	cfg := p.cfg
	cfg.k, cfg.rule = g.K, g.Rule
	return cfg.stream(p.seed, t%p.per)
}
