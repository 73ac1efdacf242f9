package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// With several panes, a pane that fails says so on stderr too, once (issue 21 item 16):
// before, the error showed only inside the window and the run exited 0 with nothing said.
func TestAppPaneErrorOnStderr(t *testing.T) {
	dir := t.TempDir()
	r := speckle(t, nil, "app", "--headless", "--frames", "3", "--size", "64x64", "--window-size", "320x180",
		"--panes", "philox,ca:ca-steps=4096", "--settings", filepath.Join(dir, "s.json"))
	want := "speckle app: pane 2 (ca ca-steps=4096): scene cornell with ca: a photon of up to 16 bounces"
	if r.code != 0 || strings.Count(r.stderr, want) != 1 || strings.Count(r.stderr, "pane 1") != 0 {
		t.Errorf("exit %d, stderr %q; want exit 0 (one pane rendered) and pane 2's error once", r.code, r.stderr)
	}
}
