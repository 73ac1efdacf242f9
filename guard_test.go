package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// fileWrites are the calls that create, replace or move a file or folder outside the output
// guard (imageio: WriteFileAtomic, CheckOutput, CheckDerived, Batch, MkdirAll).
var fileWrites = regexp.MustCompile(`\bos\.(WriteFile|Create|CreateTemp|OpenFile|Rename|Mkdir|MkdirAll|MkdirTemp|Truncate|Link|Symlink)\(|\bioutil\.WriteFile\(`)

// guardExempt are the calls outside imageio allowed to bypass it, each with why.
var guardExempt = map[string]string{
	"app/explain.go: os.MkdirAll(":              "the app's own default screenshot folder",
	"app/screenshots.go: os.MkdirAll(":          "the app's own default screenshot folder",
	"cli/root.go: os.MkdirAll(":                 "plain speckle's default screenshots/ folder",
	"cli/outputs.go: os.OpenFile(":              "opens an existing terminal to ask whether it is one (O_WRONLY, no O_CREAT)",
	"gpu/program.go: os.WriteFile(":             "SPECKLE_GL_PROGRAM_DIR's debugging dumps, named by hash",
	"study/validate/validate.go: os.MkdirTemp(": "validate's private temporary folder, removed at the end",
	"study/validate/validate.go: os.Mkdir(":     "--keep itself, its folder checked by the command before any work",
}

// Every file Speckle writes goes through the output guard in imageio (issue 34, "one guard
// used by every command that writes"): a call outside imageio that creates, replaces or
// moves a file fails this test unless it is listed above with its reason. Before,
// validate --keep wrote its script with os.WriteFile, no check and not atomically (item 6).
func TestNoWriterBypassesTheGuard(t *testing.T) {
	seen := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "bin" || path == "imageio") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range fileWrites.FindAll(src, -1) {
			key := filepath.ToSlash(path) + ": " + string(m)
			if _, ok := guardExempt[key]; !ok {
				t.Errorf("%s writes a file outside the output guard (imageio.WriteFileAtomic, Batch, MkdirAll): route it through them, or list it in guardExempt with why", key)
			}
			seen[key] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range guardExempt {
		if !seen[key] {
			t.Errorf("guardExempt lists %s, which no longer writes: remove it", key)
		}
	}
}
