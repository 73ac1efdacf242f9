package shaders

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The subgroup variants (SUBGROUP_SIZE) run only where the driver has
// subgroup ballot and shuffle, which llvmpipe has not: glslang, the
// reference GLSL front end, compiles them here so that a mistake shows
// before a GPU sees it (their counts are checked on a GPU: lab's tests).
func TestSubgroupVariantsCompile(t *testing.T) {
	validator, err := exec.LookPath("glslangValidator")
	if err != nil {
		if os.Getenv("SPECKLE_REQUIRE_GLSLANG") == "1" {
			t.Fatal("glslangValidator is not installed, and SPECKLE_REQUIRE_GLSLANG=1 (make deps installs glslang-tools)")
		}
		t.Skip("glslangValidator is not installed (Debian: glslang-tools)")
	}
	kernels, err := fs.Glob(files, "*.comp")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, k := range kernels {
		text, err := fs.ReadFile(files, k)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(text), "#ifdef SUBGROUP_SIZE") {
			continue
		}
		for _, size := range []string{"32", "64"} {
			src, err := Build(k, "", map[string]string{"SUBGROUP_SIZE": size, "BINS": "65u", "POSITIONS": "128u"})
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "kernel.comp")
			if err := os.WriteFile(path, []byte(src.Text), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(validator, "-S", "comp", path).CombinedOutput(); err != nil {
				t.Errorf("%s with SUBGROUP_SIZE=%s: %v\n%s", k, size, err, out)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no kernel has a SUBGROUP_SIZE variant")
	}
}
