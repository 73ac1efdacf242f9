package gpu

import (
	"go/build"
	"strings"
	"testing"
)

// The GL layer is a thin driver wrapper: it imports nothing else of Speckle
// (no shaders, generators or assets come with it) but its own internal
// packages (the read-back count it shares with gltest).
func TestImportsNothingOfSpeckle(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range pkg.Imports {
		if strings.HasPrefix(imp, "speckle/gpu/internal/") {
			continue
		}
		if imp == "speckle" || strings.HasPrefix(imp, "speckle/") {
			t.Errorf("gpu imports %s", imp)
		}
	}
}
