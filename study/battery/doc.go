// Package battery is rng test: the battery of statistical tests over each
// generator's numbers on the GPU, in the stream, consumed or renderer
// order, its verdicts, tables and grid, and the merge of a split's parts.
//
// battery imports the base study and the floors below it, never another
// study; study/lesson, the window and the commands import it.
package battery
