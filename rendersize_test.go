package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRenderIsTheRenderer: render/ (with any folder under it) is the
// renderer, not a home for every GPU tool: it holds at most a fifth of the
// module's non-test Go lines. The generator tools live in lab/, the batch
// studies in study/.
func TestRenderIsTheRenderer(t *testing.T) {
	var all, render int
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n := bytes.Count(b, []byte("\n"))
		all += n
		if strings.HasPrefix(filepath.ToSlash(path), "render/") {
			render += n
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if render == 0 || all == 0 {
		t.Fatalf("counted %d lines in render/ of %d: the walk found no code", render, all)
	}
	if render*5 > all {
		t.Errorf("render/ holds %d of the %d non-test Go lines (%.1f%%), more than a fifth: move what is not the renderer out", render, all, 100*float64(render)/float64(all))
	}
	t.Logf("render/ holds %d of %d non-test Go lines (%.1f%%)", render, all, 100*float64(render)/float64(all))
}
