package cli

import (
	"strings"
	"time"

	"github.com/spf13/pflag"

	"speckle/gpu"
	"speckle/imageio"
)

// startProvenance is what the command line args records in every PNG and
// set manifest it writes (imageio.Provenance) until a GPU context is open.
func startProvenance(args []string) *imageio.Provenance {
	return &imageio.Provenance{
		Command: imageio.ShellQuote(append([]string{"speckle"}, args...)),
		Version: version(),
		Device:  imageio.NoDevice,
		Seeds:   "the command's defaults (no seed flag)",
		Date:    time.Now().UTC().Format(time.RFC3339),
	}
}

// recordSeeds records the seeds the parsed flags give: --seed and --seeds
// (their defaults too: the run used them) and every spec that sets its own
// (NAME:seed=S).
func recordSeeds(fs *pflag.FlagSet) {
	var parts []string
	fs.VisitAll(func(f *pflag.Flag) {
		if v := f.Value.String(); f.Name == "seed" || f.Name == "seeds" || strings.Contains(v, "seed=") {
			parts = append(parts, "--"+f.Name+" "+v)
		}
	})
	if len(parts) > 0 {
		imageio.UpdateProvenance(func(p *imageio.Provenance) { p.Seeds = strings.Join(parts, " ") })
	}
}

// recordDevice records the GPU context's renderer, vendor and driver.
func recordDevice(i gpu.Info) {
	imageio.UpdateProvenance(func(p *imageio.Provenance) {
		p.Device, p.Vendor, p.Driver = i.Renderer, i.Vendor, i.Version
	})
}
