// Package lab measures generators on the GPU, through the GLSL ports the
// renderer runs: dumps of their numbers (stream order, interleaved as a
// dispatch consumes them, and the renderer's order, drawn through a pass's
// layout), draws for the tests, the throughput bench and the arithmetic
// ceilings it is set against, the statistical battery run on the GPU, the
// box scan of the lab's 3-D view and the evaluation of a CA population.
//
// It sits on the floor above render because the renderer's order draws a
// generator exactly as a render pass does (render.PassLayout,
// render.NewLayoutRNG), and it works on render.RNG, the generator bound to a
// GPU program. lab imports render, gpu, shaders, rng and internal/stats;
// study, the window and the commands import it.
package lab
