package pareto

import (
	"math"

	"speckle/rng"
)

// PaperCitation names the paper and its data, for the figure's note.
const PaperCitation = "Jarzynski & Olano, \"Hash Functions for GPU Rendering\", JCGT 9(3) 2020: " +
	"BigCrush tests passed of 160 and GPU time (their data.csv, markjarzynski/HashFunctionsForGPURendering_TestU01 9f6f0ba; docs/data)"

// PaperRow is a hash of the paper's table: its GPU time in their
// benchmark (µs) and the BigCrush tests it passed, of PaperTests.
type PaperRow struct {
	Hash   string  `json:"hash"`
	Micros float64 `json:"timing_us"`
	Passed int     `json:"bigcrush_passed"`
}

// PaperTests is BigCrush's test count.
const PaperTests = 160

// Paper is the paper's table, as docs/data/jarzynski-olano-2020-bigcrush.csv
// holds it (a test compares them).
var Paper = []PaperRow{
	{"bbs", 70.36, 4},
	{"city", 93.60, 155},
	{"fast", 31.89, 5},
	{"hybridtaus", 42.83, 2},
	{"iqint1", 19.98, 48},
	{"iqint2", 86.78, 116},
	{"iqint2.x", 34.75, 106},
	{"iqint2.y", 32.53, 113},
	{"iqint2.z", 32.91, 116},
	{"iqint3", 20.81, 76},
	{"jkiss32", 20.01, 5},
	{"lcg", 9.81, 5},
	{"murmur3", 52.04, 130},
	{"pcg2d", 50.04, 125},
	{"pcg3d", 64.92, 159},
	{"pcg3d.x", 41.66, 146},
	{"pcg3d.y", 49.64, 154},
	{"pcg3d.z", 53.71, 154},
	{"pcg3d16", 50.65, 121},
	{"pcg4d", 86.52, 160},
	{"pseudo", 26.55, 1},
	{"Rand3DPCG32", 67.08, 119},
	{"Rand4DPCG32", 86.75, 119},
	{"ranlim32", 54.47, 61},
	{"sca08", 27.95, 126},
	{"superfast", 42.04, 68},
	{"tea2", 40.88, 10},
	{"tea3", 60.49, 25},
	{"tea4", 80.55, 63},
	{"tea5", 99.37, 119},
	{"tea6", 123.87, 158},
	{"wang", 23.67, 16},
	{"xorshift32", 15.25, 4},
	{"xxhash32", 43.33, 149},
}

// PaperHash is the name of sp's hash in the paper's table, "" where the
// paper has none: the names are Speckle's, TEA's rounds in the name
// (tea2..tea6), whatever the keying.
func PaperHash(sp rng.Spec) string {
	name := sp.Gen.Name
	if name == "tea" {
		rounds := "4"
		for _, o := range sp.Gen.Options {
			if o.Name == "tea-rounds" {
				rounds = o.Default
			}
		}
		if v, ok := sp.Options["tea-rounds"]; ok {
			rounds = v
		}
		name += rounds
	}
	for _, r := range Paper {
		if r.Hash == name {
			return name
		}
	}
	return ""
}

// paperRow is the row of hash h.
func paperRow(h string) *PaperRow {
	for i := range Paper {
		if Paper[i].Hash == h {
			r := Paper[i]
			return &r
		}
	}
	return nil
}

// AttachPaper gives each point of a hash in the paper's table its row.
func AttachPaper(points []Point) {
	for i := range points {
		sp, err := rng.ParseSpec(points[i].Spec)
		if err != nil {
			continue
		}
		if h := PaperHash(sp); h != "" {
			points[i].Paper = paperRow(h)
		}
	}
}

// Relative puts the run's speeds and the paper's on one axis: each
// divided by the geometric mean over the hashes both hold (the paper's
// speed is 1/time). ref is the run's geometric mean (floats/s) and n
// the hashes it is over; rel(p) is p's relative speed, paper(p) its
// paper point's; n == 0 where no point has a paper row.
func Relative(points []Point) (n int, ref float64, rel, paper func(Point) float64) {
	var logRun, logPaper float64
	for _, p := range points {
		if p.Paper != nil && p.ConsumedPerS > 0 {
			logRun += math.Log(p.ConsumedPerS)
			logPaper += math.Log(1 / p.Paper.Micros)
			n++
		}
	}
	if n == 0 {
		return 0, 0, nil, nil
	}
	ref, refPaper := math.Exp(logRun/float64(n)), math.Exp(logPaper/float64(n))
	rel = func(p Point) float64 { return p.ConsumedPerS / ref }
	paper = func(p Point) float64 { return 1 / p.Paper.Micros / refPaper }
	return n, ref, rel, paper
}

// paperKeying is how the authors' harness fed each hash to BigCrush
// (rng/hash.go, --hash-key paper): their Morton-decoded counter into the
// hash's own input words, every output word in turn, and TEA keyless.
var paperKeying = map[string]string{"hash-key": "paper", "tea-key": "zero"}

// KeyedAsThePaper is specs with every hash of the paper's table keyed as
// the harness fed it, where the spec does not choose a keying itself: the
// run's quality then tests what BigCrush tested.
func KeyedAsThePaper(specs []rng.Spec) []rng.Spec {
	out := make([]rng.Spec, len(specs))
	for i, sp := range specs {
		out[i] = sp
		if PaperHash(sp) != "" {
			out[i] = sp.With(paperKeying)
		}
	}
	return out
}

// shortLabel is a point's label with the paper's keying left out, which
// the figure's note states once for every hash; ok is false where its spec
// does not key it so.
func shortLabel(pt Point) (label string, ok bool) {
	sp, err := rng.ParseSpec(pt.Spec)
	if err != nil || sp.Options["hash-key"] != paperKeying["hash-key"] {
		return pt.Generator, false
	}
	if sp.Gen.Name == "tea" && sp.Options["tea-key"] != paperKeying["tea-key"] {
		return pt.Generator, false
	}
	short := rng.Spec{Gen: sp.Gen, Seed: sp.Seed, HasSeed: sp.HasSeed, Options: map[string]string{}}
	for k, v := range sp.Options {
		if _, keying := paperKeying[k]; !keying {
			short.Options[k] = v
		}
	}
	return short.Label(), true
}

// labelsOf are the points' labels: short (shortLabel) where every point of
// the paper's table is keyed as the paper's harness and no two short
// labels meet, and then paperKeyed is true (the note says it once).
func labelsOf(points []Point) (labels []string, paperKeyed bool) {
	labels = make([]string, len(points))
	short := make([]string, len(points))
	seen := map[string]bool{}
	paperKeyed, any := true, false
	for i, pt := range points {
		labels[i] = pt.Generator
		var ok bool
		short[i], ok = shortLabel(pt)
		if pt.Paper != nil {
			any = true
			paperKeyed = paperKeyed && ok
		}
		paperKeyed = paperKeyed && !seen[short[i]]
		seen[short[i]] = true
	}
	if !any || !paperKeyed {
		return labels, false
	}
	return short, true
}
