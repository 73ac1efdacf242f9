package cli

import (
	"fmt"
	"io"
	"strings"

	"speckle/imageio"
	"speckle/internal/units"
)

// firstRun is what plain `speckle` renders where no window can open: a comparison that
// shows artifacts a newcomer can see within about a minute on llvmpipe, beside a good
// generator. The settings are two lessons' (lehmer-rings, rand48-swirls): 2^20 photons
// per iteration is both the stream count that lines up Lehmer's consecutive seeds and
// the power-of-two leapfrog that spoils rand48's multiplier.
var firstRun = struct {
	scene, size  string
	perIteration int64
	gens         []string
	at           []int64 // photon counts: one to four iterations, four counts for a slope
	seeds        int     // replicates: the plot's mean and band
	caption      []string
	artifacts    []firstRunArtifact
}{
	scene: "caustics", size: "320x180", perIteration: 1 << 20,
	gens: []string{"lehmer", "rand48", "philox"},
	at:   []int64{1 << 20, 2 << 20, 3 << 20, 4 << 20}, seeds: 3,
	caption: []string{
		"lehmer, consecutive seeds: neighbouring photons start from neighbouring states, so after one iteration the floor shows moire rings (they fade with more photons). speckle lesson lehmer-rings",
		"rand48 leapfrogged by 2^20 numbers, a power of two: each photon's numbers are closely related, and by four iterations its light gathers into swirling arcs around the glass. speckle lesson rand48-swirls",
		"philox, a counter-based generator: the control, noise alone; over three seeds its median relative error falls at SPPM's rate, N^-1/3 (convergence.png, where a curve is called diverging only if every seed's error grows).",
	},
	artifacts: []firstRunArtifact{{"lehmer-rings", "lehmer", 1 << 20}, {"rand48-swirls", "rand48", 4 << 20}},
}

// firstRunArtifact is one artifact the first run shows: the lesson that measures it,
// the generator that has it, and the photon count by which the montage shows it.
type firstRunArtifact struct {
	lesson, gen string
	photons     int64
}

// defaultComparison is plain `speckle`'s command line where no window can open. Its folder
// is screenshots/compare unless that holds what no comparison wrote (a set from before sets
// had manifests, a user's files): then the first screenshots/compare-N that may be written,
// said on stdout, so `make run` never stops on a folder it cannot replace.
func defaultComparison(stdout io.Writer) []string {
	out := "screenshots/compare"
	if err := imageio.CheckSetDir(out, "capture"); err != nil {
		for n := 2; n < 1000; n++ {
			next := fmt.Sprintf("%s-%d", out, n)
			if imageio.CheckSetDir(next, "capture") == nil {
				fmt.Fprintf(stdout, "%v\nwriting the comparison to %s instead\n", err, next)
				out = next
				break
			}
		}
	}
	at := make([]string, len(firstRun.at))
	for i, n := range firstRun.at {
		at[i] = fmt.Sprint(n)
	}
	args := []string{"capture", "--scene", firstRun.scene, "--size", firstRun.size,
		"--photons-per-iteration", fmt.Sprint(firstRun.perIteration), "--gens", strings.Join(firstRun.gens, ","),
		"--at", strings.Join(at, ","), "--seeds", fmt.Sprint(firstRun.seeds), "--views", "image,heatmap", "--out", out}
	for _, c := range firstRun.caption {
		args = append(args, "--caption", c)
	}
	return args
}

// firstRunText is plain `speckle`'s one-line description, for the root's help.
func firstRunText() string {
	return fmt.Sprintf("%s beside %s on %s, %s photons per iteration",
		strings.Join(firstRun.gens[:len(firstRun.gens)-1], " and "), firstRun.gens[len(firstRun.gens)-1],
		firstRun.scene, units.FormatCount(firstRun.perIteration))
}

// whereNext is what the first run prints after its pictures: what to look at and where to
// go from there.
func whereNext(w io.Writer, out string) {
	fmt.Fprintf(w, "\nLook at %s/montage.png (the caption under it names each artifact) and heatmap.png.\n", out)
	for _, a := range firstRun.artifacts {
		fmt.Fprintf(w, "  %s at %s photons: speckle lesson %s measures it; speckle lesson %s --explain traces it to its cause\n",
			a.gen, units.FormatCount(a.photons), a.lesson, a.lesson)
	}
	fmt.Fprintln(w, "Next: speckle lesson lists every lesson; with a display, speckle app --lesson NAME shows one live in the window;")
	fmt.Fprintln(w, "speckle capture --help compares any generators at any photon counts.")
}
