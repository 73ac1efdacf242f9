package render

import (
	"strings"
	"testing"
	"testing/fstest"

	"speckle/gpu"
	"speckle/rng"
	"speckle/shaders"
)

// A driver's compile error names our file and line, not the driver's
// source-string number, through the include resolver's #line mapping.
func TestCompileErrorNamesOurFileAndLine(t *testing.T) {
	kernels := fstest.MapFS{
		"broken.comp":     {Data: []byte("layout(local_size_x = 1) in;\n#include \"lib/helper.glsl\"\nvoid main() { helper(); }\n")},
		"lib/helper.glsl": {Data: []byte("// a helper\n\nfloat helper() {\n\treturn no_such_variable;\n}\n")},
	}
	src, err := shaders.Resolve(kernels, rng.GLSL, "broken.comp", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var compileErr error
	onGL(t, func(c *gpu.Context) error {
		_, compileErr = c.Compute(src)
		return nil
	})
	if compileErr == nil {
		t.Fatal("a shader using an undeclared variable compiled")
	}
	if !strings.Contains(compileErr.Error(), "shaders/lib/helper.glsl:4") {
		t.Fatalf("compile error does not name shaders/lib/helper.glsl:4:\n%v", compileErr)
	}
}
