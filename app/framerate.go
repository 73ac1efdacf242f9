package app

import "time"

// frameRateWindow is how far back the window's frame rate looks: long
// enough to hold the slow frames that finish SPPM iterations.
const frameRateWindow = 4 * time.Second

// frameRate is frames per second as --bench counts them: frames over the
// wall time they took, here over the last frameRateWindow. An average of
// each frame's 1/dt lets the many fast frames outvote the few slow ones:
// on llvmpipe (0.05-0.15 s frames, and 0.4-0.74 s ones that end an
// iteration) the overlay said 17 fps where --bench measured 11.1.
type frameRate struct {
	starts []time.Time // frame starts, oldest first
}

// tick records a frame starting at now.
func (f *frameRate) tick(now time.Time) {
	f.starts = append(f.starts, now)
	drop := 0
	for len(f.starts)-drop > 2 && now.Sub(f.starts[drop+1]) >= frameRateWindow {
		drop++
	}
	f.starts = append(f.starts[:0], f.starts[drop:]...)
}

// perSecond is the frames finished per second of the window (0 until two
// frames have started).
func (f *frameRate) perSecond() float64 {
	n := len(f.starts)
	if n < 2 {
		return 0
	}
	span := f.starts[n-1].Sub(f.starts[0]).Seconds()
	if span <= 0 {
		return 0
	}
	return float64(n-1) / span
}
