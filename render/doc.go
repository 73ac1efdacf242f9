// Package render is Speckle's renderer: the SPPM photon mapper (SPPM, its
// passes, grid and deposits, the reference renders and their metadata),
// the streamline tracer of flow fields (Streamlines and its maps) and the
// display that tone-maps either onto a texture.
//
// It also holds the one piece of generator plumbing the renderer needs: RNG,
// a generator bound to GPU programs (its auxiliary data, its state pool,
// programs built with its GLSL port, seeding), and the passes' layout of
// their generators (PassLayout). What measures a generator on the GPU
// (dumps, draws, bench, battery) is package lab, above this one; the batch
// comparisons are package study.
//
// render imports gpu, shaders, rng, scenes, scenes/flow, imageio and
// internal/; nothing above it (lab, study, ui, app, cli).
package render
