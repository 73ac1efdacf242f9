package render

import "speckle/gpu"

// PhotonUse is what a render's iterations are sized for: the one photon
// policy of the command line and the window.
type PhotonUse int

const (
	// ForThroughput: a render to a photon count (render, capture,
	// reference, bench render). Each iteration runs an eye pass and a grid
	// build whose cost does not depend on its photons, so larger
	// iterations spread them over more photons.
	ForThroughput PhotonUse = iota
	// ForFrames: the window. Its frames trace a time budget's photons, an
	// iteration spread over several frames, but the image changes only when
	// an iteration closes; on a CPU rasteriser (some 10^5 photons a second)
	// a quarter of the batch size keeps the panes changing several times a
	// second instead of once every few.
	ForFrames
)

// MaxPhotonsPerIteration bounds an iteration: its photons index stream
// slots and buffers sized per photon.
const MaxPhotonsPerIteration = 1 << 26

// AutoPhotonsPerIteration sizes an iteration for the device at hand and
// the use: 2^20 photons on a GPU either way; on a CPU rasteriser 2^16 for
// throughput and 2^14 for the window's frames.
func AutoPhotonsPerIteration(info gpu.Info, use PhotonUse) int {
	if !info.Software() {
		return 1 << 20
	}
	if use == ForFrames {
		return 1 << 14
	}
	return 1 << 16
}
