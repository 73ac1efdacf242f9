package app

import (
	"strings"
	"testing"
)

// The streamline table, the plot's legend and the panes' overlays name a
// pane alike: the spec's label ("lehmer slm", "ca linear"), not its bare
// generator (issue #25, item 12).
func TestPaneNamesAgree(t *testing.T) {
	s := testSettings()
	s.Mode, s.Lines.Width, s.BudgetMS, s.Layout = ModeStreamlines, 48, 5, 2
	m := NewModel(s)
	if err := m.SetPanes([]string{"lehmer:lehmer-seeding=slm", "ca:ca-preset=linear"}); err != nil {
		t.Fatal(err)
	}
	a := newTestApp(t, m.S)
	frames(t, a, 2)
	for i, want := range []string{"lehmer slm", "ca linear"} {
		overlay, row := a.overlayLines(i), a.lineStatsRow(i)
		if overlay[0] != want || row == nil || row[0] != want {
			t.Errorf("pane %d: overlay %q, table %q, want both %q", i+1, overlay[0], row, want)
		}
		legend := paneLegend(i, paneLabel(a.Model.S.Panes[i]), nil)
		if !strings.HasSuffix(legend, ": "+want) {
			t.Errorf("pane %d: legend %q, want it to name %q", i+1, legend, want)
		}
		if st := a.Stats().Panes[i].Label; st != want {
			t.Errorf("pane %d: --bench's label %q, want %q", i+1, st, want)
		}
	}
}
