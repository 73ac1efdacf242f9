// Package bench measures: the render bench (rates, the passes' shares, the
// photon pass's breakdown, equal-time RMSE, repeats) and the generator
// bench (rng bench, with the arithmetic ceilings).
//
// bench imports the base study and the floors below it, never another
// study; the commands import it.
package bench
