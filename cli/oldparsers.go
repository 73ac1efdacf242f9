package cli

import (
	"image"

	"speckle/imageio"
	"speckle/internal/units"
	"speckle/rng"
)

// Parsers of commands that still parse their own flags with package flag
// (app, rng, streamlines) and of the fuzz test; the converted commands use
// the flag values in flags.go and renderflags.go.

// parseCount reads a count like 1e7, 2.5e6 or 1000000.
func parseCount(flag, s string) (int64, error) {
	n, err := units.ParseCount(s)
	if err != nil {
		return 0, usagef("--%s %v", flag, err)
	}
	return n, nil
}

// parseSize reads WxH.
func parseSize(s string) (int, int, error) {
	w, h, err := units.ParseSize(s, 1, 16384)
	if err != nil {
		return 0, 0, usagef("--size %v", err)
	}
	return w, h, nil
}

// checkOptions rejects a generator option that none of gens has.
func checkOptions(opts *genOptions, gens []*rng.Generator) error {
	specs := make([]rng.Spec, len(gens))
	for i, g := range gens {
		specs[i] = rng.Spec{Gen: g}
	}
	return checkGenOptions(opts.set(), specs)
}

// montageCellWidth and shrink: see imageio.Shrink.
const montageCellWidth = imageio.MontageCellWidth

func shrink(img *image.NRGBA, width int) *image.NRGBA { return imageio.Shrink(img, width) }
