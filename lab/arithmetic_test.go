package lab

import (
	"testing"

	"speckle/gpu"
	"speckle/gpu/gltest"
)

// TestArithmeticChainsComputeWhatTheyCount: every invocation of each
// arithmetic-ceiling kernel writes what its chains give in Go step for step,
// so the timed operations are really done (not folded away) and are the ones
// counted.
func TestArithmeticChainsComputeWhatTheyCount(t *testing.T) {
	const n, passes = 300, 3
	for _, op := range ArithmeticOps {
		got := make([]uint32, n)
		gltest.On(t, func(c *gpu.Context) error {
			out, err := c.NewBuffer(n*4, nil)
			if err != nil {
				return err
			}
			defer out.Delete()
			p, err := aluProgram(c, op, out, n, passes)
			if err != nil {
				return err
			}
			if err := c.Dispatch(p, n); err != nil {
				return err
			}
			out.Read(0, got)
			return nil
		})
		for i, w := range got {
			if want := aluReference(op, uint32(i), passes); w != want {
				t.Fatalf("%s: invocation %d wrote %08x, Go %08x", op.Name, i, w, want)
			}
		}
	}
}
