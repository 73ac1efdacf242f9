// Speckle shows what a random number generator does to an image.
package main

import (
	"os"
	"runtime"
)

// OpenGL contexts belong to a thread: the main goroutine keeps the main thread.
func init() { runtime.LockOSThread() }

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
