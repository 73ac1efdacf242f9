package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"speckle/scenes"
)

// Issue 21 item 12: a scene and field of the settings file that fail to load this run are
// shown as the fallback but saved as the user wrote them; a scene chosen later that loads
// is saved as chosen.
func TestFallbackKeepsTheSettingsValue(t *testing.T) {
	s := testSettings()
	s.Scene, s.Lines.Field, s.Lines.Width = "/dev/zero", "/nonexistent/hills.txt", 48
	cam := &scenes.Camera{Position: scenes.Vec3{1, 2, 3}, Up: scenes.Vec3{0, 1, 0}, FOV: 40}
	s.Camera = cam
	a := newTestApp(t, s)
	frames(t, a, 1)
	a.Model.S.Mode = ModeStreamlines
	frames(t, a, 1)
	if a.Model.S.Scene != "cornell" || a.Model.S.Lines.Field != "dem" {
		t.Fatalf("shown: scene %q field %q, want the fallbacks", a.Model.S.Scene, a.Model.S.Lines.Field)
	}
	got := a.toSave()
	if got.Scene != "/dev/zero" || got.Camera != cam || got.Lines.Field != "/nonexistent/hills.txt" {
		t.Errorf("saved: scene %q camera %v field %q, want the settings' own", got.Scene, got.Camera, got.Lines.Field)
	}
	a.Model.S.Mode = ModePhotons
	a.Model.SetScene("caustics")
	frames(t, a, 1)
	if got := a.toSave(); got.Scene != "caustics" {
		t.Errorf("after choosing caustics: saved %q", got.Scene)
	}
}

// Settings files that hold nothing load as the defaults with no error (so nothing is
// written beside them); a device is saved through, never beside; a missing folder is
// not made.
func TestSettingsFileHostile(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		content string
		bad     bool // reported (one line, no raw escapes) and kept as it was
	}{
		{"", false}, {" \n\t\n", false}, {"{}", false}, {"null", false},
		{"[]", true}, {"{", true}, {"\xef\xbb\xbf{}", true}, {`{"scene": 5}`, true},
		{`{"layout": 3}`, true}, {"{\"scene\": \"\x1b[2J\"", true}, {`{"seed": -1}`, true},
	} {
		p := filepath.Join(dir, "s.json")
		os.WriteFile(p, []byte(c.content), 0o600)
		_, err := LoadSettings(p)
		if (err != nil) != c.bad || err != nil && (strings.Contains(err.Error(), "\n") || strings.Contains(err.Error(), "\x1b")) {
			t.Errorf("%q: error %v, want bad %v in one printable line", c.content, err, c.bad)
		}
		if note, err := Defaults().SaveKeeping(p, err); c.bad != (note != "") || err != nil {
			t.Errorf("%q: note %q, %v", c.content, note, err)
		}
		if b, _ := os.ReadFile(p); c.bad && string(b) != c.content {
			t.Errorf("%q was saved over", c.content)
		}
		os.Remove(p + ".new")
	}
	if _, err := LoadSettings("/dev/null"); err != nil {
		t.Errorf("/dev/null: %v", err)
	}
	_, loadErr := LoadSettings("/dev/zero")
	if loadErr == nil {
		t.Fatal("/dev/zero loaded")
	}
	if note, err := Defaults().SaveKeeping("/dev/zero", loadErr); err != nil || note != "" {
		t.Errorf("/dev/zero: note %q, error %v; want written through", note, err)
	}
	if _, err := os.Stat("/dev/zero.new"); err == nil {
		os.Remove("/dev/zero.new")
		t.Error("/dev/zero.new was written")
	}
	missing := filepath.Join(dir, "none", "s.json")
	if err := Defaults().Save(missing); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("a missing folder: %v", err)
	}
	if _, err := os.Stat(filepath.Dir(missing)); err == nil {
		t.Error("the missing folder was made")
	}
	if err := Defaults().Save("/dev/full"); err == nil || !strings.Contains(err.Error(), "no space left") {
		t.Errorf("/dev/full: %v", err)
	}
}
