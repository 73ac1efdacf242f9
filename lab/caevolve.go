package lab

import (
	"fmt"
	"math"
	"time"

	"speckle/gpu"
	"speckle/internal/stats"
	"speckle/render"
	"speckle/rng"
	"speckle/shaders"
)

// CAEvaluation is how `speckle ca evolve` measures a population of CA
// genomes: one program for all of them (rng.NewCAPopulation), each
// candidate drawing StreamsPerGenome streams of PerStream values. Its
// numbers, its streams one after another, are one sample of the battery
// (stream order) and give its symbol counts.
type CAEvaluation struct {
	StreamsPerGenome int
	PerStream        int64
	SymbolBits       int // n of the n-bit entropy: 1, 2, 4, 8 or 16
	Tests            []stats.Test
	Config           rng.Config // the seed and the ca options besides the genome
}

// CAScores are a population's measurements, per candidate.
type CAScores struct {
	Symbols [][]uint64  // [candidate][symbol]: its numbers' n-bit symbols counted
	P       [][]float64 // [candidate][test]: the battery's p-value (NaN where it has none)
	Battery BatteryCounts
	Elapsed time.Duration
}

// Check refuses evaluations the GPU cannot run, before any GPU work.
func (e CAEvaluation) Check(candidates int) error {
	switch e.SymbolBits {
	case 1, 2, 4, 8, 16:
	default:
		return fmt.Errorf("symbols of %d bits: n must be 1, 2, 4, 8 or 16", e.SymbolBits)
	}
	if e.StreamsPerGenome < 1 || candidates < 1 {
		return fmt.Errorf("a population needs at least one candidate and one stream per candidate")
	}
	if n := e.StreamsPerGenome * int(e.PerStream) * (32 / e.SymbolBits); int64(n) >= 1<<32 || n < 0 {
		return fmt.Errorf("%d symbols per candidate overflow a 32-bit count", n)
	}
	return e.size(candidates).Check(candidates*e.StreamsPerGenome, e.Tests)
}

func (e CAEvaluation) size(candidates int) BatterySize {
	streams := int64(candidates * e.StreamsPerGenome)
	return BatterySize{Numbers: streams * e.PerStream, PerStream: e.PerStream, Samples: candidates,
		Orders: []Order{StreamOrder}} // ρ grades the stream order alone
}

// EvaluateCA runs the battery over every candidate of genomes at once and
// counts their symbols. progress, if not nil, is told the values done of
// the battery's.
func EvaluateCA(ctx *gpu.Context, genomes []rng.CAGenome, e CAEvaluation, progress func(done, total int64)) (CAScores, error) {
	var out CAScores
	if err := e.Check(len(genomes)); err != nil {
		return out, err
	}
	start := time.Now()
	inst, err := rng.NewCAPopulation(genomes, e.StreamsPerGenome, e.Config)
	if err != nil {
		return out, err
	}
	cfg := e.Config
	cfg.Streams = len(genomes) * e.StreamsPerGenome
	r, err := render.NewRNGOf(ctx, rng.CA, cfg, inst)
	if err != nil {
		return out, err
	}
	defer r.Close()
	size := e.size(len(genomes))
	var report func(int64)
	if progress != nil {
		report = func(done int64) { progress(min(done, size.Numbers), size.Numbers) }
	}
	if out.Battery, err = Battery(r, size, e.Tests, report); err != nil {
		return out, err
	}
	seg := size.Segments(StreamOrder)
	out.P = make([][]float64, len(genomes))
	for g := range genomes {
		out.P[g] = make([]float64, len(e.Tests))
		for i, t := range e.Tests {
			c := out.Battery.Counts[StreamOrder][i][g*t.Bins() : (g+1)*t.Bins()]
			out.P[g][i] = stats.P(t, c, seg, rng.CA.Bits())
		}
	}
	if out.Symbols, err = caSymbols(r, e, len(genomes)); err != nil {
		return out, err
	}
	out.Elapsed = time.Since(start)
	return out, nil
}

// caSymbols draws the population's numbers again, block by block, and
// counts each candidate's symbols on the GPU (ca_symbols.comp).
func caSymbols(r *render.RNG, e CAEvaluation, candidates int) ([][]uint64, error) {
	streams := r.Cfg.Streams
	limit := dumpLimit(r)
	k := int(min(e.PerStream, limit/int64(4*streams)))
	if k < 1 {
		return nil, fmt.Errorf("%d streams do not fit one block on this GPU", streams)
	}
	bins := 1 << e.SymbolBits
	if int64(candidates*bins*4) > limit {
		return nil, fmt.Errorf("%d candidates' counts of %d-bit symbols do not fit one buffer on this GPU", candidates, e.SymbolBits)
	}
	d, err := newBlockDumper(r, streams, k)
	if err != nil {
		return nil, err
	}
	defer d.out.Delete()
	counts, err := r.Context().NewBuffer(candidates*bins*4, nil)
	if err != nil {
		return nil, err
	}
	defer counts.Delete()
	counts.Clear()
	src, err := shaders.Build("ca_symbols.comp", "", map[string]string{"SYMBOL_BITS": fmt.Sprintf("%du", e.SymbolBits)})
	if err != nil {
		return nil, err
	}
	p, err := r.Context().Compute(src)
	if err != nil {
		return nil, err
	}
	for m0 := int64(0); m0 < e.PerStream; m0 += int64(k) {
		if err := d.draw(d.out, streams, int(m0), k); err != nil {
			return nil, err
		}
		d.out.Bind(shaders.BatteryBlockBinding)
		counts.Bind(shaders.BatteryCountsBinding)
		p.SetUint("streams", uint32(streams))
		p.SetUint("block_len", uint32(k))
		p.SetUint("block_valid", uint32(min(int64(k), e.PerStream-m0)))
		p.SetUint("streams_per_genome", uint32(e.StreamsPerGenome))
		if err := r.Context().Dispatch(p, streams*k); err != nil {
			return nil, err
		}
	}
	words := make([]uint32, candidates*bins)
	counts.Read(0, words)
	out := make([][]uint64, candidates)
	for g := range out {
		out[g] = make([]uint64, bins)
		for s := range out[g] {
			out[g][s] = uint64(words[g*bins+s])
		}
	}
	return out, nil
}

// Entropy is the normalised entropy of symbol counts: the Shannon entropy
// in bits of their frequencies over log2 of the number of symbols, 0 for
// one symbol only, 1 for all equally often.
func Entropy(counts []uint64) float64 {
	var total float64
	for _, c := range counts {
		total += float64(c)
	}
	if total == 0 || len(counts) < 2 {
		return 0
	}
	var h float64
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / total
			h -= p * math.Log2(p)
		}
	}
	return max(0, h/math.Log2(float64(len(counts))))
}

// Rho folds a battery's p-values into one number in [0, 1], the mean over
// the tests that have a p-value of a grade: 1 within dieharder's PASS
// band (stats.SuspectBelow of either end or further), 0 at its FAIL
// threshold (stats.FailBelow) or beyond, log-linear in between. A good
// generator scores about 0.99 (a test is suspect 1 % of the time), a
// broken one 0; the grade rewards getting closer to passing, which the
// search needs. NaN p-values are left out; none left gives 0.
func Rho(ps []float64) float64 {
	var sum float64
	n := 0
	lo, hi := math.Log(stats.FailBelow), math.Log(stats.SuspectBelow)
	for _, p := range ps {
		if math.IsNaN(p) {
			continue
		}
		q := min(p, 1-p)
		if q > 0 {
			sum += min(1, max(0, (math.Log(q)-lo)/(hi-lo)))
		}
		n++
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}
