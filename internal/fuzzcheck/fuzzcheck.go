// Package fuzzcheck holds what the fuzz targets of every parser of user
// input assert about its errors: the house rule that bad input gets one
// clear line.
//
// Floor: a leaf, test-only (layers_test.go's testOnly): it imports no
// package of Speckle, and only _test.go files may import it.
package fuzzcheck

import (
	"strings"
	"testing"
)

// OneLine fails t unless err's message is one non-empty line: no line
// breaks (a raw newline or carriage return from the input must be quoted,
// not echoed) and no Go panic text.
func OneLine(t testing.TB, err error) {
	t.Helper()
	msg := err.Error()
	if strings.TrimSpace(msg) == "" || strings.ContainsAny(msg, "\n\r") || strings.Contains(msg, "goroutine ") {
		t.Fatalf("error is not one clear line: %q", msg)
	}
}
