// Package imageio holds everything about Speckle's result pictures and files, in pure Go (no
// OpenGL): linear radiance images, tone mapping to sRGB PNG, PFM files, error metrics, golden
// image comparison for tests, the labelled montage and the convergence CSV and plot. Every file
// is written atomically (WriteFileAtomic): a failed write leaves nothing behind.
package imageio
