// Package assets holds data files the program embeds: it lives at the
// repository root because //go:embed cannot reach files above a package.
//
// Floor: a leaf. assets imports no package of Speckle.
package assets

import (
	"embed"
	"io/fs"
)

// JoeKuo is the Sobol direction-number table new-joe-kuo-6.21201 of S. Joe and
// F. Y. Kuo, first 1024 dimensions, in its original `d s a m_i...` text format
// (see README.md here for the attribution).
//
//go:embed new-joe-kuo-6.1024.txt
var JoeKuo []byte

// Volcano is the height field of Maunga Whau (R's `volcano`, 87x61 nodes on a
// 10 m grid, digitized by Ross Ihaka) in Speckle's height-field text format,
// as vega-datasets lays it out (see README.md here for source and licence).
//
//go:embed volcano.txt
var Volcano []byte

// references are the stored reference renders (speckle reference) and their
// sidecars, built in so that RMSE works from any directory: about 5.5 MB of
// the binary.
//
//go:embed reference/*.pfm reference/*.json
var references embed.FS

// References is the built-in reference folder (SCENE-WxH.pfm and .json).
func References() fs.FS {
	sub, err := fs.Sub(references, "reference")
	if err != nil {
		panic(err) // a constant path: cannot fail
	}
	return sub
}
