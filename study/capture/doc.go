// Package capture renders several generators at several photon counts,
// progressively: the images, montage, heatmaps, convergence table and plot,
// and animation of speckle capture, on one device or split over several.
//
// capture imports the base study and the floors below it, never another
// study; study/lesson and the commands import it.
package capture
