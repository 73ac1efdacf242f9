// Package suggest finds the names a mistyped word probably meant: the one
// "did you mean" of every command, flag and value Speckle parses.
//
// Floor: a leaf with printable, importing nothing of Speckle, so every
// package that parses a name (rng, scenes, imageio, study, cli) can use it.
package suggest

import (
	"fmt"
	"slices"
	"strings"
)

// Near returns the names word probably meant, nearest first: those within
// a few edits of it (a transposition is one edit; case is ignored), or,
// failing that, those it begins (3 letters or more). None when nothing is
// close: a hint that names a far word misleads more than none.
func Near(word string, names []string) []string {
	w := strings.ToLower(strings.TrimSpace(word))
	if w == "" || slices.Contains(names, word) {
		return nil
	}
	limit := 1 // short words: one edit, else every short name is near
	if len([]rune(w)) >= 5 {
		limit = 2
	}
	var best []string
	bestD := limit + 1
	for _, n := range names {
		d := Distance(w, strings.ToLower(n))
		switch {
		case d > limit:
		case d < bestD:
			best, bestD = []string{n}, d
		case d == bestD:
			best = append(best, n)
		}
	}
	if best != nil || len(w) < 3 {
		return best
	}
	for _, n := range names {
		if strings.HasPrefix(strings.ToLower(n), w) {
			best = append(best, n)
		}
	}
	return best
}

// Hint is "did you mean X?" (or "X or Y?") for word among names, "" when
// none is near.
func Hint(word string, names []string) string {
	near := Near(word, names)
	switch len(near) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("did you mean %s?", near[0])
	}
	return fmt.Sprintf("did you mean %s or %s?", strings.Join(near[:len(near)-1], ", "), near[len(near)-1])
}

// Got is the tail of a refusal of a word that is not one of names:
// `(got "bitplane"; did you mean bitplanes?)`, or `(got "x")` when none is
// near. Every "must be one of ..." message ends with it.
func Got(word string, names []string) string {
	if h := Hint(word, names); h != "" {
		return fmt.Sprintf("(got %q; %s)", word, h)
	}
	return fmt.Sprintf("(got %q)", word)
}

// Distance is the optimal-string-alignment distance between a and b:
// Levenshtein's insertions, deletions and substitutions, and a swap of two
// neighbouring letters as one edit (tset for test).
func Distance(a, b string) int {
	r, s := []rune(a), []rune(b)
	d := make([][]int, len(r)+1)
	for i := range d {
		d[i] = make([]int, len(s)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(r); i++ {
		for j := 1; j <= len(s); j++ {
			cost := 1
			if r[i-1] == s[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && r[i-1] == s[j-2] && r[i-2] == s[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(r)][len(s)]
}
