package main

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// floors is the layout of the code, bottom up: a package imports only
// packages of lower floors (its own floor's never), so the folders show
// which way the arrows run. A new package gets a line here.
var floors = [][]string{
	{"internal/printable", "internal/suggest", "gpu/internal/readback"}, // user text printed safely, "did you mean": below every package that reports a path or parses a name; gpu's read-back count (gpu and gltest share it)
	{"assets", "internal/capped", "internal/cref", "internal/fuzzcheck", "internal/numcheck", "internal/stats", "internal/units",
		"gpu", "imageio"}, // leaves: files, numbers, the GL driver, pictures
	{"rng", "gpu/gltest", "imageio/golden", "imageio/figtest"}, // generators (Go truth + GLSL); test helpers
	{"scenes"},                       // scene files
	{"scenes/flow", "scenes/cycles"}, // flow fields and their Go reference tracer; the Cycles exporter
	{"shaders"},                      // kernels, the include resolver, the shared constants
	{"render"},                       // the renderer: SPPM, streamlines, display; a generator bound to a GPU program
	{"lab"},                          // generator tools on the GPU: dumps, draws, bench, battery, box scan, CA evaluation
	{"study", "ui"},                  // the studies' base: setup, schedule, references, renders, labels, the battery's grading; the Dear ImGui glue
	{"study/pareto"},                 // the quality-speed plane (bench and battery kernels, graded as rng test grades): rng pareto and the lab's view
	{"study/capture", "study/reference", "study/battery", "study/bench", "study/streamlines", "study/caevolve", "study/validate",
		"study/look"}, // one study per subject, on the base only
	{"study/lesson"}, // the lessons and their explain pages, which show look's and battery's
	{"app"},          // the window
	{"cli"},          // the commands
	{"."},            // main
}

// testOnly may be imported by tests only: they link package testing.
var testOnly = map[string]bool{"gpu/gltest": true, "imageio/golden": true, "imageio/figtest": true, "internal/fuzzcheck": true}

func TestImportsRunDownTheFloors(t *testing.T) {
	floor := map[string]int{}
	for i, f := range floors {
		for _, p := range f {
			floor[p] = i
		}
	}
	eachPackage(t, func(me string, pkg *build.Package) {
		mine, known := floor[me]
		if !known {
			t.Errorf("package %s has no floor in layers_test.go", me)
			return
		}
		for _, imp := range pkg.Imports {
			rel, ok := strings.CutPrefix(imp, "speckle/")
			if imp == "speckle" {
				rel, ok = ".", true
			}
			if !ok {
				continue
			}
			if testOnly[rel] {
				t.Errorf("%s imports the test-only package %s outside its tests", me, rel)
			}
			if f, known := floor[rel]; !known || f >= mine {
				t.Errorf("%s (floor %d) imports %s (floor %d): imports run down the floors only", me, mine, rel, f)
			}
		}
	})
}

// TestOnlyGPUImportsGL: gpu/ is the one door to OpenGL; every other package
// (the window's ui included, tests too) goes through it. GLFW, the window
// system, is not GL.
func TestOnlyGPUImportsGL(t *testing.T) {
	eachPackage(t, func(me string, pkg *build.Package) {
		if me == "gpu" {
			return
		}
		for _, imp := range slices.Concat(pkg.Imports, pkg.TestImports, pkg.XTestImports) {
			if strings.HasPrefix(imp, "github.com/go-gl/gl/") {
				t.Errorf("%s imports %s: only gpu/ may touch OpenGL", me, imp)
			}
		}
	})
}

// eachPackage calls f with every package of the module, by its folder
// (".", "render", "scenes/flow"), skipping test data and what is not code.
func eachPackage(t *testing.T, f func(dir string, pkg *build.Package)) {
	t.Helper()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "bin" || name == "docs" || name == "screenshots") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if err != nil {
			if _, none := err.(*build.NoGoError); none {
				return nil
			}
			return err
		}
		f(filepath.ToSlash(path), pkg)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
