// Speckle shows what a random number generator does to an image: a
// photon-mapping lab that runs published generators in OpenGL 4.3 compute
// shaders and compares their renders, streamlines and statistics side by
// side. README.md is the place to start; docs/ holds the rest.
//
// main locks the main goroutine to the main thread (OpenGL contexts belong
// to one) and calls cli.Main. It sits on the top floor of layers_test.go and,
// of Speckle's packages, imports cli alone.
package main

import (
	"os"
	"runtime"

	"speckle/cli"
)

// OpenGL contexts belong to a thread: the main goroutine keeps the main thread.
func init() { runtime.LockOSThread() }

func main() { os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr)) }
