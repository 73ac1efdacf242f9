// Package study holds Speckle's batch comparisons, of the renderer and of
// the generators: renders to exact photon counts, captures of several
// generators at several counts (images, montage, convergence table and
// plot), reference renders, streamline pictures, the render and generator
// benches, `rng look` and `rng test`, the lessons, `ca evolve` and
// `validate`. Each takes an options struct with Check (bad input, before any
// GPU work) and Run, on a GPU context the caller opened; the command line
// only turns flags into those structs.
//
// study imports render and lab (the floors below it) and the packages under
// them; the window (app) and the commands (cli) import it.
package study
