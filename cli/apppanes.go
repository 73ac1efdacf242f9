package cli

import (
	"fmt"
	"io"

	"speckle/app"
	"speckle/internal/printable"
)

// reportPaneErrors wraps the window's OnFrame so that a pane's error, which the window
// shows only inside that pane, is also printed on stderr once, when it first appears: a
// scripted run with several panes otherwise exits 0 with one of them failed and nothing
// said. A lone pane's error ends the run instead (Stats.AllFailed).
func reportPaneErrors(a *app.App, next func(int), stderr io.Writer) func(int) {
	var said []string // the error last printed per pane
	return func(n int) {
		panes := a.Stats().Panes
		said = append(said, make([]string, max(0, len(panes)-len(said)))...)
		for i, p := range panes {
			msg := ""
			if p.Err != nil {
				msg = p.Err.Error()
			}
			if msg != "" && msg != said[i] && len(panes) > 1 {
				fmt.Fprintf(stderr, "speckle app: pane %d (%s): %s\n", i+1, printable.Escape(p.Label), printable.Escape(msg))
			}
			said[i] = msg
		}
		if next != nil {
			next(n)
		}
	}
}
