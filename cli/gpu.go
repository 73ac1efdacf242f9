package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"speckle/render"
)

func newGPUCmd() *cobra.Command {
	var g glFlags
	c := &cobra.Command{
		Use:   "gpu",
		Short: "describe the OpenGL device Speckle would use",
		Args:  noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			ctx, err := g.open()
			if err != nil {
				return err
			}
			defer ctx.Close()
			i := ctx.Info
			fmt.Fprintf(c.OutOrStdout(), "renderer  %s\nvendor    %s\nversion   %s\nplatform  EGL %s\nssbo max  %d MiB\ngroups    %d x %d\nreferences %s\n",
				i.Renderer, i.Vendor, i.Version, i.Platform, i.MaxSSBOBytes>>20, i.MaxGroupsX, i.MaxGroupsY, render.ReferenceSources())
			return nil
		},
	}
	g.addTo(c.Flags())
	return c
}
