package gpu

import (
	"fmt"
	"os"
	"unsafe"

	"github.com/go-gl/gl/v4.3-core/gl"
)

// enableDebug routes driver debug messages to c.DebugLog (stderr by default).
func (c *Context) enableDebug() {
	if c.DebugLog == nil {
		c.DebugLog = func(msg string) { fmt.Fprintln(os.Stderr, "gl:", msg) }
	}
	gl.Enable(gl.DEBUG_OUTPUT)
	gl.Enable(gl.DEBUG_OUTPUT_SYNCHRONOUS)
	gl.DebugMessageCallback(func(source, gltype, id, severity uint32, length int32, message string, _ unsafe.Pointer) {
		if severity == gl.DEBUG_SEVERITY_NOTIFICATION {
			return
		}
		c.DebugLog(message)
	}, nil)
}
