package gpu

import (
	"time"

	"github.com/go-gl/gl/v4.3-core/gl"
)

// Time runs work and returns how long the GPU took: a GL_TIME_ELAPSED query
// on a real GPU, glFinish and the wall clock on a CPU rasteriser (llvmpipe
// answers 0 or 1 ns for compute work, or about 200 µs whatever the work:
// seen in the app, where it made the streamline chunks grow without bound).
func (c *Context) Time(work func() error) (time.Duration, error) {
	if c.timing {
		// Inside another Time: GL's time queries do not nest (a second
		// BeginQuery is GL_INVALID_OPERATION), so the wall clock between
		// two glFinish times this one.
		gl.Finish()
		start := time.Now()
		err := work()
		gl.Finish()
		return time.Since(start), err
	}
	c.timing = true
	defer func() { c.timing = false }()
	gl.Finish()
	var q uint32
	gl.GenQueries(1, &q)
	defer gl.DeleteQueries(1, &q)
	start := time.Now()
	gl.BeginQuery(gl.TIME_ELAPSED, q)
	err := work()
	gl.EndQuery(gl.TIME_ELAPSED)
	gl.Finish()
	wall := time.Since(start)
	if err != nil {
		return 0, err
	}
	var ns uint64
	gl.GetQueryObjectui64v(q, gl.QUERY_RESULT, &ns)
	if ns < 1000 || c.Info.Software() {
		return wall, nil
	}
	return time.Duration(ns), nil
}
