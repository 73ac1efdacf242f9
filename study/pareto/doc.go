// Package pareto draws the quality–speed plane of the generators on this
// GPU (issue 35 item 5; Jarzynski & Olano, "Hash Functions for GPU
// Rendering", JCGT 9(3) 2020, Figure 5's plane): each generator's
// consumed floats per second (the bench's kernels) against the share of
// the battery's verdicts that are not FAIL (the battery's kernels and its
// grading, study.Evaluate), the Pareto frontier marked, the paper's own
// points beside them on request.
//
// pareto imports the base study and the floors below it; the lab's views
// (study/look) and the commands import it.
package pareto
