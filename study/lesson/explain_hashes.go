package lesson

import (
	"fmt"
	"math"

	"speckle/rng"
	"speckle/study"
)

// The facts behind the lessons of the GPU hashes (rng/hash.go), computed
// from the Go models.

// lcgMultiplier is the LCG hash's multiplier (rng/lcg.go).
const lcgMultiplier = 1664525

// HashDrawSteps checks, for spec keyed linearly (draw d of stream t hashes
// t + T·d), over the first `streams` of T streams and `draws` draws of
// each, how many streams have draw d - draw 0 = d·step mod 2^32 for every
// d, step = (multiplier·T) mod 2^32: a hash linear in its key makes every
// stream's draws the same arithmetic progression from its first draw.
func HashDrawSteps(spec string, T, streams, draws int) (step uint32, holds int, err error) {
	sp, err := rng.ParseSpec(spec)
	if err != nil {
		return 0, 0, err
	}
	inst, err := sp.New(T, 1)
	if err != nil {
		return 0, 0, err
	}
	step = uint32(lcgMultiplier * uint64(T))
	for t := 0; t < streams; t++ {
		s := inst.Stream(t)
		first, ok := s.U32(), true
		for d := 1; d < draws && ok; d++ {
			ok = s.U32()-first == uint32(d)*step
		}
		if ok {
			holds++
		}
	}
	return step, holds, nil
}

func lcgLinearFacts(r ExplainRun) []string {
	T := r.PhotonsPerIteration
	var out []string
	for _, spec := range []string{r.Specs[0], r.Specs[len(r.Specs)-1]} {
		step, holds, err := HashDrawSteps(spec, T, 1024, 64)
		if err != nil {
			return []string{err.Error()}
		}
		out = append(out, fmt.Sprintf("%s over T = %d photons: of 1024 photons, %d have draws 0..63 with draw d - draw 0 = d·0x%08X mod 2^32 (= d·%.6f mod 1).",
			spec, T, holds, step, float64(step)/(1<<32)))
	}
	return append(out,
		fmt.Sprintf("Draw d of photon t is lcg(t + T·d) = %d·t + %d·T·d + 1013904223 mod 2^32: neighbouring photons' first draws differ by %d/2^32 = %.6f, and each photon's later draws follow from its first by the same step, so the light of every photon lies on one curve of paths parameterized by its first draw.",
			lcgMultiplier, lcgMultiplier, lcgMultiplier, lcgMultiplier/float64(1<<32)),
		"A draw counts on across iterations (key t + T·d, d growing), which only moves the first draws along the same curve: the floor away from it stays black at any photon count.")
}

// HashNeighbourDiffs counts, over streams t < n of T streams (seed 1), the
// distinct values of the top `bits` bits of the difference between the
// first draws of streams t+1 and t, and how often the commonest occurs.
// Keyed linearly a stream's first draw hashes t + φ·S: sequential seeds,
// and a hash that mixes them poorly leaves few differences (a random hash:
// about n(1 - e^(-n/2^bits)) values, the commonest a handful).
func HashNeighbourDiffs(spec string, T, n, bits int) (values, commonest int, err error) {
	sp, err := rng.ParseSpec(spec)
	if err != nil {
		return 0, 0, err
	}
	inst, err := sp.New(T, 1)
	if err != nil {
		return 0, 0, err
	}
	count := map[uint32]int{}
	prev := inst.Stream(0).U32()
	for t := 1; t <= n; t++ {
		cur := inst.Stream(t).U32()
		d := (cur - prev) >> (32 - bits)
		count[d]++
		commonest = max(commonest, count[d])
		prev = cur
	}
	return len(count), commonest, nil
}

func wangSequentialFacts(r ExplainRun) []string {
	out := []string{fmt.Sprintf("Keyed linearly, photon t's draw d hashes t + T·d + φ·S (T = %s): neighbouring photons hash neighbouring integers, as a shader seeding Wang's hash with a pixel or thread index does.",
		study.PowerText(r.PhotonsPerIteration))}
	for _, spec := range []string{r.Specs[0], r.Specs[len(r.Specs)-1]} {
		values, commonest, err := HashNeighbourDiffs(spec, r.PhotonsPerIteration, 4096, 12)
		if err != nil {
			return []string{err.Error()}
		}
		out = append(out, fmt.Sprintf("%s: over 4096 neighbouring photons the difference of their first draws, to 12 bits, takes %d values, the commonest %d times.", spec, values, commonest))
	}
	return append(out, fmt.Sprintf("A random hash gives about %.0f values, the commonest a handful: Wang's few shifts and two multiplications carry a key's +1 into a few recurring output differences, so neighbouring photons' first draws share a few offsets, a partial lattice like Lehmer's.",
		4096*(1-math.Exp(-4096.0/4096))))
}
