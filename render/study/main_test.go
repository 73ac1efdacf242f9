package study

import (
	"os"
	"testing"

	"speckle/gpu/gltest"
)

func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "study GPU tests")) }
