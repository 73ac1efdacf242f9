// Package imageio holds everything about Speckle's result pictures and files, in pure Go (no
// OpenGL): linear radiance images, tone mapping to sRGB PNG, PFM files, error metrics, the
// labelled montage and the convergence CSV and plot. Every file
// is written atomically (WriteFileAtomic): a failed write leaves nothing behind.
//
// Floor: a leaf. imageio imports no package of Speckle, so every floor above
// may use it; the golden-image comparison for tests is its sub-package
// imageio/golden.
package imageio
