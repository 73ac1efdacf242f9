package gpu

import (
	"time"

	"github.com/go-gl/gl/v4.3-core/gl"
)

// Time runs work and returns how long the GPU took: a GL_TIME_ELAPSED query
// where the driver fills one, else glFinish and the wall clock (llvmpipe
// answers 0 or 1 ns for compute work).
func (c *Context) Time(work func() error) (time.Duration, error) {
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
	if ns < 1000 { // llvmpipe answers 0 or 1 ns for compute work
		return wall, nil
	}
	return time.Duration(ns), nil
}
