package cli

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/internal/units"
	"speckle/render/study"
)

// explainBudget is --explain's render time unless --time-limit says: the
// page's point is the view, the battery and the fact, not a converged image.
const explainBudget = 5 * time.Second

// runExplain makes the lesson's page from the artifact to its cause.
func (o *lessonOptions) runExplain(c *cobra.Command, l study.Lesson) error {
	r := study.ExplainRun{Lesson: l, Numbers: o.numbers, RenderPhotons: int(min(o.renderPhotons, 1<<40)), Out: o.out, Budget: explainBudget}
	if c.Flags().Changed("time-limit") {
		r.Budget = time.Duration(o.seconds * float64(time.Second))
	}
	var err error
	if o.size != "" {
		if r.Width, r.Height, err = units.ParseSize(o.size, 16, 8192); err != nil {
			return usagef("--size %v", err)
		}
	}
	if o.perIter > 0 {
		r.PhotonsPerIteration = o.perIter
	}
	if err := r.Check(); err != nil {
		return inputOrRun(err)
	}
	if err := o.gl.check(); err != nil {
		return err
	}
	mkdir := r.Out == ""
	if mkdir {
		r.Out = "screenshots/lesson-" + l.Name + "-explain.png"
	}
	if err := prepareFile(r.Out, mkdir); err != nil {
		return err
	}
	var ex study.Explained
	b := &bar{c: c}
	if err := b.run(&o.gl, func(ctx *gpu.Context) (err error) { ex, err = r.Run(ctx); return err }); err != nil {
		return err
	}
	stdout := c.OutOrStdout()
	ex.WriteText(stdout, r)
	fmt.Fprintf(stdout, "%s: the figure\n", imageio.Printable(r.Out))
	return nil
}
