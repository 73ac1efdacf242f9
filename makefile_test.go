package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// When make has to fetch a Go toolchain and the fetch fails, it says why
// (here a proxy that refuses connections), not only "Error 1".
func TestMakeGoToolchainSaysWhyTheFetchFailed(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	makefile, err := filepath.Abs("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	// GO= on the command line: no Go 1.22 found, so it fetches one, with
	// this test's Go as the bootstrap. -C a temporary directory: the
	// module cache and .cache/go it would write stay out of the repo.
	cmd := exec.Command("make", "--no-print-directory", "-f", makefile, "-C", t.TempDir(), "go-toolchain", "GO=")
	var env []string
	for _, kv := range os.Environ() { // not the make that runs this suite's flags and jobserver
		if k, _, _ := strings.Cut(kv, "="); k != "MAKEFLAGS" && k != "MFLAGS" && k != "MAKELEVEL" {
			env = append(env, kv)
		}
	}
	cmd.Env = append(env, "PATH="+filepath.Join(runtime.GOROOT(), "bin")+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GOPROXY=http://127.0.0.1:9", "GOFLAGS=", "GOPRIVATE=", "GONOPROXY=", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the fetch through a dead proxy succeeded:\n%s", out)
	}
	if !strings.Contains(string(out), "fetching the Go toolchain failed") || !strings.Contains(string(out), "127.0.0.1:9") ||
		!strings.Contains(string(out), "connection refused") {
		t.Fatalf("make's output does not say why the fetch failed:\n%s", out)
	}
}
