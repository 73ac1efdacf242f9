// Package streamlines draws jittered streamlines over a flow field with
// each generator: one picture, a montage of generators by jitters with
// their statistics, and the streamline bench.
//
// streamlines imports the base study and the floors below it, never
// another study; the commands import it.
package streamlines
