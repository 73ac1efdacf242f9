package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"speckle/imageio"
	"speckle/scenes"
	"speckle/study/validate"
)

// validateOptions are validate's flags.
type validateOptions struct {
	v      validate.Validate
	scenes string
}

func newValidateCmd() *cobra.Command {
	var o validateOptions
	c := &cobra.Command{
		Use:   "validate [--scenes A,B|all] [--size WxH] [--samples N] [--renders N] [flags]",
		Short: "compare Speckle's references with Blender's Cycles",
		Long: `Render each scene with Blender's Cycles, an independent path tracer, in
Speckle's conventions (the scene exported as a Blender Python script: pinhole
camera, one-sided lights, Lambertian, mirror and sharp glass materials, fine
icospheres), --renders times with different seeds, and compare region means (the
image, each material, named parts such as walls and caustics) with Speckle's
reference at that size: the stored reference averaged down, or plane's exact
image. Prints a table per scene; fails (exit 1) when a region differs by more
than its tolerance (relative, plus 3 standard errors of the Cycles mean).
Needs Blender 3.x (tested with Debian 12's 3.4.1, which make validate installs;
4.x dropped the sharp BSDFs the script uses).`,
		Example: `  speckle validate
  speckle validate --scenes cornell --samples 256 --renders 2 --keep /tmp/cycles`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return o.run(c) },
	}
	fs := c.Flags()
	fs.StringVar(&o.scenes, "scenes", "all", "scenes, comma-separated, or all ("+strings.Join(scenes.Names(), ", ")+")")
	sizeFlag(fs, &o.v.Width, &o.v.Height, "320x180")
	wholeFlag(fs, &o.v.Samples, "samples", 1024, 1, 1<<20, "Cycles samples per pixel and render")
	wholeFlag(fs, &o.v.Renders, "renders", 4, 2, 64, "independent Cycles renders (their spread is the standard error)")
	wholeFlag(fs, &o.v.Seed, "seed", 1, 0, 1<<30, "the first render's seed (the others follow)")
	fs.StringVar(&o.v.Blender, "blender", "blender", "the Blender command")
	fs.StringVar(&o.v.Keep, "keep", "", "keep the scripts and Cycles renders in this directory (renders of the same script found there are used again)")
	return c
}

func (o *validateOptions) run(c *cobra.Command) error {
	list, err := openScenes(o.scenes)
	if err != nil {
		return err
	}
	paths := []pathArg{output("--keep", o.v.Keep)}
	for _, n := range strings.Split(o.scenes, ",") {
		if o.scenes != "all" {
			paths = append(paths, input("--scenes", sceneFile(strings.TrimSpace(n))))
		}
	}
	if err := checkPaths(paths...); err != nil {
		return err
	}
	if st, err := os.Stat(o.v.Keep); err == nil && !st.IsDir() { // else found only after the renders
		return usagef("--keep %s is not a folder", imageio.Printable(o.v.Keep))
	}
	if o.v.Keep != "" {
		if err := checkParent(o.v.Keep); err != nil { // only --keep itself is made
			return err
		}
	} else if err := checkTempDir(); err != nil {
		return err
	}
	for _, s := range list {
		v := o.v
		v.Scene = s
		if err := v.Check(); err != nil {
			return inputOrRun(err)
		}
		if err := v.CheckKept(); err != nil { // a user's NAME-cycles.py or render there
			return inputOrRun(err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	failed := 0
	for i, s := range list {
		v := o.v
		v.Scene, v.Log = s, c.ErrOrStderr()
		rep, err := v.Run(ctx)
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted")
		}
		if err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(c.OutOrStdout())
		}
		if err := rep.WriteTable(c.OutOrStdout()); err != nil {
			return err
		}
		failed += rep.Failed()
	}
	if failed > 0 {
		return fmt.Errorf("%d region(s) differ from Cycles by more than their tolerance", failed)
	}
	return nil
}

// openScenes opens a comma-separated list of built-in names or files, or
// all the built-ins.
func openScenes(names string) ([]*scenes.Scene, error) {
	list := scenes.Names()
	if names != "all" {
		list = strings.Split(names, ",")
	}
	var out []*scenes.Scene
	for _, n := range list {
		s, err := scenes.Open(strings.TrimSpace(n))
		if err != nil {
			return nil, usageError{err.Error()}
		}
		out = append(out, s)
	}
	return out, nil
}

// checkTempDir refuses, before any work, a $TMPDIR where validate cannot make its temporary
// folder for Blender's renders (issue 34 item 18): before, TMPDIR=/nonexistent failed after
// the checks with "stat /nonexistent: no such file or directory".
func checkTempDir() error {
	dir := os.TempDir()
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return usagef("$TMPDIR %s: %v: Blender's renders need a temporary folder there (set TMPDIR to a folder that exists, or give --keep DIR)", imageio.Printable(dir), unwrapPathError(err))
	case !st.IsDir():
		return usagef("$TMPDIR %s is not a folder: Blender's renders need a temporary folder there (set TMPDIR to a folder, or give --keep DIR)", imageio.Printable(dir))
	}
	return nil
}
