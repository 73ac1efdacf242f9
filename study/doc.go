// Package study is the base of Speckle's batch comparisons, of the renderer
// and of the generators: what the studies share. The render setup (Setup)
// and one render to an exact photon count (Render), the stored
// references' lookup and size (ReferenceSize), progress, input errors
// (InputError: bad input, before any GPU work), the progressive schedule,
// the renderer order (RendererOrder) and the figure and table labels
// (labels.go).
//
// Each study is a package of its own on the floor above, one per subject:
// study/capture, study/reference (a reference render), study/battery, study/bench, study/streamlines,
// study/caevolve, study/validate and study/look; study/lesson is above them.
// Each takes an options struct with Check and Run, on a GPU context the
// caller opened; the command line only turns flags into those structs.
//
// study imports render and lab (the floors below it) and the packages under
// them; the studies, the window (app) and the commands (cli) import it.
package study
