// Package readback counts the GPU's read-backs (gpu's Buffer.Read and
// Texture.Read*): each waits for the GPU to finish the work before it. gpu
// counts them and gltest reports them, so that tests can check that hot
// loops do not stall on them; nothing else needs the number.
//
// Floor: the lowest, below gpu (layers_test.go); it imports nothing of
// Speckle's.
package readback

import "sync/atomic"

var n atomic.Int64

// Count counts one read-back.
func Count() { n.Add(1) }

// Total is the number of read-backs so far, on all contexts.
func Total() int64 { return n.Load() }
