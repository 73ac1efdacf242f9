package cli

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"speckle/gpu"
	"speckle/imageio"
	"speckle/study/lesson"
)

// explainBudget is --explain's render time unless --time-limit says: the
// page's point is the view, the battery and the fact, not a converged image.
const explainBudget = 5 * time.Second

// runExplain makes the lesson's page from the artifact to its cause.
func (o *lessonOptions) runExplain(c *cobra.Command, l lesson.Lesson) error {
	r := lesson.ExplainRun{Lesson: l, Numbers: o.numbers, RenderPhotons: int(min(o.renderPhotons, 1<<40)), Budget: explainBudget}
	if c.Flags().Changed("time-limit") {
		r.Budget = time.Duration(o.seconds * float64(time.Second))
	}
	if err := o.setUp(l, "-explain", &r.Width, &r.Height, &r.PhotonsPerIteration, &r.Out, func() error { return r.Check() }); err != nil {
		return err
	}
	var ex lesson.Explained
	b := &bar{c: c}
	if err := o.gl.run(b.track(func(ctx *gpu.Context) (err error) { ex, err = r.Run(ctx); return err })); err != nil {
		return err
	}
	stdout := c.OutOrStdout()
	ex.WriteText(stdout, r)
	fmt.Fprintf(stdout, "%s: the figure\n", imageio.Printable(r.Out))
	return nil
}
