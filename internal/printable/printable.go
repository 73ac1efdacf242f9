// Package printable keeps user text (paths, names) from reaching a terminal raw: a file
// name may hold escape sequences that clear the screen or set the title, or bytes that
// are not UTF-8. It imports nothing of Speckle's, so that every package can use it.
//
// Floor: the lowest, below the leaves (layers_test.go).
package printable

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Quote returns s as it is, or quoted (%q) if it holds a control character or invalid
// UTF-8: how every path and user string is printed.
func Quote(s string) string {
	if clean(s) {
		return s
	}
	return strconv.Quote(s)
}

// Escape writes each control character and invalid byte of s as Go escapes it (\x1b,
// \n, \xff) and leaves the rest: a last guard for a whole message, which then stays one
// line that cannot command the terminal.
func Escape(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || unicode.IsControl(r) {
			q := strconv.Quote(s[i : i+n])
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func clean(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) {
			return false
		}
	}
	return true
}
