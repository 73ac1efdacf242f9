// Package look is rng look: a generator's numbers drawn (pairs, triples,
// bit planes, streams, the photon pass's decisions, the spectrum), from the
// Go reference or the GPU, in the stream order or the renderer's. The
// views are a registry, Views: a View each, in its file view_<name>.go,
// and one line in Views; the command, the window and the lessons find
// them there.
//
// look imports the base study and the floors below it, never another
// study; study/lesson, the window and the commands import it.
package look
