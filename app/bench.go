package app

import (
	"fmt"
	"io"
)

// AllFailed is the error of a scripted run none of whose panes rendered:
// the first pane's reason (a script must not take its blank screenshot for
// a result); nil if any pane rendered.
func (st Stats) AllFailed() error {
	for _, p := range st.Panes {
		if p.Err == nil {
			return nil
		}
	}
	if len(st.Panes) == 0 {
		return nil
	}
	return fmt.Errorf("every pane failed: pane 1 (%s): %v", st.Panes[0].Label, st.Panes[0].Err)
}

// WriteBench reports the speed between warm (the stats after the warm-up:
// programs built, clocks up) and st, on device: frames per second (and the
// controls' frames per second, over their last seconds only), and
// per pane its work per second and per frame (a pane that restarted in
// between counts from zero).
func (st Stats) WriteBench(w io.Writer, warm Stats, device string) {
	frames, secs := st.Frames-warm.Frames, st.Seconds-warm.Seconds
	fmt.Fprintf(w, "%s\n%d frames in %.2f s after %d warm-up frames: %.1f frames/s (the controls' figure, over the last %.0f s: %.1f)\n",
		device, frames, secs, warm.Frames, float64(frames)/secs, frameRateWindow.Seconds(), st.Recent)
	var all float64
	for i, p := range st.Panes {
		n := p.Photons
		if i < len(warm.Panes) && warm.Panes[i].Photons <= n {
			n -= warm.Panes[i].Photons
		}
		all += float64(n)
		rmse := ""
		if p.RMSE > 0 {
			rmse = fmt.Sprintf("  RMSE %.4g", p.RMSE)
		}
		fmt.Fprintf(w, "pane %d %-24s %9.3g %s/s  %9.3g %s/frame  %d iterations%s\n",
			i+1, p.Label, float64(n)/secs, st.Unit, float64(n)/float64(frames), st.Unit, p.Iterations, rmse)
	}
	fmt.Fprintf(w, "all panes %.3g %s/s\n", all/secs, st.Unit)
}
