// Package caevolve is ca evolve: the cellular-automaton generator's
// configuration evolved by a genetic algorithm as its paper did, each
// generation scored on the GPU and shown in a montage.
//
// caevolve imports the base study and the floors below it, never another
// study; the window and the commands import it.
package caevolve
