package lesson

import (
	"fmt"

	"speckle/rng"
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
