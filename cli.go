package main

import (
	"fmt"
	"io"
)

func run(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "speckle: not yet")
	return 2
}
