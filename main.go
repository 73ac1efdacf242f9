// Speckle shows what a random number generator does to an image.
package main

import (
	"os"
	"runtime"

	"speckle/cli"
)

// OpenGL contexts belong to a thread: the main goroutine keeps the main thread.
func init() { runtime.LockOSThread() }

func main() { os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr)) }
