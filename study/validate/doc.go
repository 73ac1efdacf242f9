// Package validate compares Speckle's references with Blender's Cycles,
// region by region of each scene.
//
// validate imports the base study and the floors below it, never another
// study; the commands import it.
package validate
