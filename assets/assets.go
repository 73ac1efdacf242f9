// Package assets holds data files the program embeds: it lives at the
// repository root because //go:embed cannot reach files above a package.
//
// Floor: a leaf. assets imports no package of Speckle.
package assets

import _ "embed"

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
