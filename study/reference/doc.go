// Package reference is speckle reference: a long render of a scene stored
// as the linear radiance, with its sidecar, that the renders' error figures
// are measured against (render.ReferenceImage finds it).
//
// reference imports the base study and the floors below it, never another
// study; the commands import it.
package reference
