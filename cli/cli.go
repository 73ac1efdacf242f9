// Package cli is Speckle's command line: one file per command, each turning
// its flags into an options struct and calling a library function. The
// command tree (root.go) is the one table that help, completion and the
// command list of docs/manual.md come from (a test keeps them equal).
//
// Floor: the commands, the top but for main. It may import every package
// of Speckle but main (app and all below it); main.go calls Main and nothing
// else. The manual is docs/manual.md.
package cli

import (
	"fmt"
)

// usageError is a bad command line: one line on stderr, exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }
