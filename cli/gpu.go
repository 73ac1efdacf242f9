package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/render"
)

func newGPUCmd() *cobra.Command {
	var g glFlags
	c := &cobra.Command{
		Use:   "gpu",
		Short: "list the host's EGL devices and describe the one Speckle would use",
		Long: `List every EGL device of this host (its index for --device and --devices,
renderer, vendor and driver, from a context opened on each), then describe
the device Speckle would use: --device N, else a hardware device, else
Mesa's surfaceless platform.`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if err := g.check(); err != nil {
				return err
			}
			listDevices(c.OutOrStdout())
			ctx, err := g.open()
			if err != nil {
				return err
			}
			defer ctx.Close()
			i := ctx.Info
			subgroups := "none with ballot and shuffle in compute shaders"
			if i.SubgroupSize > 0 {
				subgroups = fmt.Sprintf("%d invocations (ballot, shuffle)", i.SubgroupSize)
			}
			fmt.Fprintf(c.OutOrStdout(), "renderer  %s\nvendor    %s\nversion   %s\nplatform  EGL %s\nssbo max  %d MiB\ngroups    %d x %d\nsubgroups %s\nreferences %s\n",
				i.Renderer, i.Vendor, i.Version, i.Platform, i.MaxSSBOBytes>>20, i.MaxGroupsX, i.MaxGroupsY, subgroups, render.ReferenceSources())
			return nil
		},
	}
	g.addTo(c.Flags())
	return c
}

// listDevices writes one line per EGL device: index, renderer, vendor and
// driver (GL_VERSION), or why no context opened on it.
func listDevices(w io.Writer) {
	devs := gpu.Devices()
	fmt.Fprintf(w, "EGL devices: %d\n", len(devs))
	for _, d := range devs {
		ctx, err := gpu.Open(gpu.Options{OnDevice: true, Device: d.Index})
		if err != nil {
			fmt.Fprintf(w, "  %d  %s: no context (%v)\n", d.Index, d.Name, err)
			continue
		}
		i := ctx.Info
		ctx.Close()
		where := ""
		if d.DRM != "" {
			where = ", " + d.DRM
		}
		fmt.Fprintf(w, "  %d  %s | vendor %s | driver %s%s\n", d.Index, i.Renderer, i.Vendor, i.Version, where)
	}
}
