// Package lesson runs the lessons headless (one generator's artifact,
// measured and captioned, with its error history) and writes their explain
// pages: the lab's view, the battery in the renderer's order and the facts
// that cause the artifact.
//
// lesson is the top study, the one that may import other studies: the base
// study, the ones it shows (study/look, study/battery) and the floors below;
// the window and the commands import it.
package lesson
