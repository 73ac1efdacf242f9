package study

import (
	"os"
	"testing"

	"speckle/gpu/gltest"
)

// TestMain is main's (render/study/schedule_test.go holds it there): delete
// this file when merging main.
func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "study GPU tests")) }
