package capture

import (
	"fmt"

	"speckle/gpu"
	"speckle/internal/units"
)

// BandSeeds is how many seeds --seeds auto renders where time allows: the
// fewest whose band shows a spread and whose own slopes can agree or not
// (a curve is said to diverge only when every seed's does).
const BandSeeds = 3

// CPUSeedPhotons bounds the photons --seeds auto traces on a CPU rasteriser
// for a band: about 2.5 minutes on llvmpipe with 2 cores (4e5 photons/s).
const CPUSeedPhotons = 6e7

// autoSeeds is what --seeds auto (Seeds 0) gives on the device: BandSeeds,
// unless a CPU rasteriser would take too long or the generators would then
// render one seed alike (philox beside philox:seed=2); then 1, and why.
func (o Capture) autoSeeds(info gpu.Info) (int, string) {
	total := o.At[len(o.At)-1] * int64(len(o.Specs)) * BandSeeds
	if info.Software() && total > CPUSeedPhotons {
		return 1, fmt.Sprintf("--seeds auto: one seed, no band (%d would trace %s photons on a CPU rasteriser; --seeds %d to have them)",
			BandSeeds, units.FormatCount(total), BandSeeds)
	}
	o.Seeds = BandSeeds
	if err := o.checkSeeds(); err != nil {
		return 1, fmt.Sprintf("--seeds auto: one seed, no band (%d: %v)", BandSeeds, err)
	}
	return BandSeeds, ""
}
