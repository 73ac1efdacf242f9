package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuncLines and maxFileLines bound the code outside tests (issue #24): a
// function past them does several things, a file several subjects.
const (
	maxFuncLines = 80
	maxFileLines = 450
)

func TestNoFunctionOrFileTooLong(t *testing.T) {
	eachPackage(t, func(dir string, pkg *build.Package) {
		for _, name := range pkg.GoFiles {
			for _, long := range tooLong(t, filepath.Join(dir, name), nil) {
				t.Error(long)
			}
		}
	})
}

// TestTooLongFindsThem: the check names a long function and a long file.
func TestTooLongFindsThem(t *testing.T) {
	long := "package p\n\nfunc short() {}\n\nfunc long() {\n" + strings.Repeat("\t_ = 1\n", maxFuncLines-1) + "}\n" + strings.Repeat("\n", maxFileLines)
	got := tooLong(t, "p.go", long)
	if len(got) != 2 {
		t.Fatalf("want the long function and the long file named, got %q", got)
	}
}

// tooLong names each function of path (src, else the file) over
// maxFuncLines and the file itself if it is over maxFileLines.
func tooLong(t *testing.T, path string, src any) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	if n := fset.File(f.Pos()).LineCount(); n > maxFileLines {
		out = append(out, fmtLong("file "+path, n, maxFileLines))
	}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		if n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1; n > maxFuncLines {
			out = append(out, fmtLong(fmt.Sprintf("%s: function %s", path, fn.Name.Name), n, maxFuncLines))
		}
	}
	return out
}

func fmtLong(what string, n, limit int) string {
	return fmt.Sprintf("%s is %d lines, over %d: split it along what it does", what, n, limit)
}
