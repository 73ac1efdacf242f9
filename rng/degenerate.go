package rng

import (
	"fmt"
	"strings"
)

// Degeneracy is a known bad seed or state that some of a configuration's
// streams run into: a fixed point, a short cycle, streams equal to each
// other. Each generator declares its own (Generator.Degenerate); the
// commands warn about them and refuse a configuration none of whose
// streams would vary (Refuse).
type Degeneracy struct {
	Streams  []int // the first few streams affected (at most maxListed)
	Count    int   // how many streams are affected in all
	Constant bool  // their values stop changing (a fixed point)
	Reason   string
}

// maxListed bounds the streams a Degeneracy names.
const maxListed = 4

// add counts stream t, naming it if there is room.
func (d *Degeneracy) add(t int) {
	d.Count++
	if len(d.Streams) < maxListed {
		d.Streams = append(d.Streams, t)
	}
}

// Text is d for people, streams first: "stream 0 (1 of 64): REASON".
func (d Degeneracy) Text(streams int) string {
	ids := make([]string, len(d.Streams))
	for i, t := range d.Streams {
		ids[i] = fmt.Sprint(t)
	}
	which := "stream " + strings.Join(ids, ", ")
	if len(ids) > 1 {
		which = "streams " + strings.Join(ids, ", ")
	}
	switch {
	case d.Count == streams && streams > 1:
		which = fmt.Sprintf("all %d streams", streams)
	case d.Count > len(ids):
		which += ", ..."
	}
	return fmt.Sprintf("%s (%d of %d): %s", which, d.Count, streams, d.Reason)
}

// Refuse says whether c's streams are all constant, so that nothing drawn
// from them would mean anything.
func Refuse(ds []Degeneracy, streams int) bool {
	for _, d := range ds {
		if d.Constant && d.Count == streams {
			return true
		}
	}
	return false
}

// Degeneracies are the degenerate seeds or states that c's streams run
// into, c checked and completed as New does.
func (g *Generator) Degeneracies(c Config) ([]Degeneracy, error) {
	c, err := g.complete(c)
	if err != nil {
		return nil, err
	}
	return g.Degenerate(c), nil
}

// none is Degenerate for generators without degenerate seeds or states
// (each says why in its declaration and in docs/generators.md).
func none(Config) []Degeneracy { return nil }

// Warnings are g's degeneracies as c lays it out, one text each
// ("degenerate stream 0 (1 of 64): REASON"), for every command and the
// window to print alike; refused is the reason where every stream is
// constant (Refuse), "" otherwise. err: c itself is bad.
func (g *Generator) Warnings(c Config) (texts []string, refused string, err error) {
	ds, err := g.Degeneracies(c)
	if err != nil {
		return nil, "", err
	}
	if Refuse(ds, c.Streams) {
		return nil, "every stream is constant, nothing to draw: " + ds[0].Reason, nil
	}
	for _, d := range ds {
		texts = append(texts, "degenerate "+d.Text(c.Streams))
	}
	return texts, "", nil
}
