package app

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"speckle/rng"
	"speckle/scenes"
)

func keys(m *Model) (build, render [MaxPanes]string) {
	for i := range build {
		build[i], render[i] = m.BuildKey(i), m.RenderKey(i)
	}
	return
}

// changed lists the panes whose key differs.
func changed(a, b [MaxPanes]string) []int {
	var out []int
	for i := range a {
		if a[i] != b[i] {
			out = append(out, i)
		}
	}
	return out
}

func TestDefaults(t *testing.T) {
	s := Defaults()
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	var gens []string
	for _, p := range s.Panes {
		gens = append(gens, p.Generator)
	}
	if s.Scene != "cornell" || s.Layout != 4 || strings.Join(gens, ",") != "rand48,lehmer,ca,philox" {
		t.Fatalf("defaults: scene %s layout %d panes %v", s.Scene, s.Layout, gens)
	}
	if m := NewModel(s); m.Option(2, "ca-preset") != "paper" {
		t.Fatalf("ca pane preset %q, want paper", m.Option(2, "ca-preset"))
	}
}

func TestSwapGeneratorRestartsOnlyThatPane(t *testing.T) {
	m := NewModel(Defaults())
	_, before := keys(m)
	if err := m.SetGenerator(1, "pcg32"); err != nil {
		t.Fatal(err)
	}
	_, after := keys(m)
	if got := changed(before, after); !reflect.DeepEqual(got, []int{1}) {
		t.Fatalf("swapping pane 2's generator restarted panes %v", got)
	}
	if err := m.SetGenerator(0, "mt19937"); err == nil {
		t.Fatal("unknown generator accepted")
	}
	_, again := keys(m)
	if got := changed(after, again); got != nil {
		t.Fatalf("a refused swap restarted panes %v", got)
	}
}

func TestSetOption(t *testing.T) {
	s := Defaults()
	s.Panes[0].Generator = "lehmer" // panes 1 and 2 both lehmer
	m := NewModel(s)
	_, before := keys(m)
	if err := m.SetOption(1, "lehmer-seeding", "slm"); err != nil {
		t.Fatal(err)
	}
	_, after := keys(m)
	if got := changed(before, after); !reflect.DeepEqual(got, []int{1}) {
		t.Fatalf("without sync, option restarted panes %v", got)
	}
	m.S.Sync = true
	if err := m.SetOption(1, "lehmer-seeding", "consecutive"); err != nil {
		t.Fatal(err)
	}
	if m.S.Panes[1].Options != nil {
		t.Fatalf("an option set to its default is kept: %v", m.S.Panes[1].Options)
	}
	_, back := keys(m)
	if !reflect.DeepEqual(back, before) {
		t.Fatal("returning to the defaults does not give the default keys")
	}
	if err := m.SetOption(0, "lehmer-seeding", "slm"); err != nil {
		t.Fatal(err)
	}
	_, synced := keys(m)
	if got := changed(back, synced); !reflect.DeepEqual(got, []int{0, 1}) {
		t.Fatalf("with sync, option restarted panes %v, want the two lehmer panes", got)
	}
	if err := m.SetOption(2, "ca-steps", "0"); err == nil {
		t.Fatal("ca-steps 0 accepted")
	}
	if err := m.SetOption(3, "lux", "2"); err == nil {
		t.Fatal("an option philox does not have accepted")
	}
	_, last := keys(m)
	if got := changed(synced, last); got != nil {
		t.Fatalf("refused options restarted panes %v", got)
	}
}

func TestSharedChanges(t *testing.T) {
	m := NewModel(Defaults())
	build, render := keys(m)
	m.S.Exposure = 4
	m.S.Layout = 1
	m.S.Panes[2].View = ViewHeatmap
	if b, r := keys(m); changed(build, b) != nil || changed(render, r) != nil {
		t.Fatal("exposure, layout or view restarted a pane")
	}
	cam := scenes.Camera{Position: scenes.Vec3{0, 1, 5}, Up: scenes.Vec3{0, 1, 0}, FOV: 40}
	m.SetCamera(cam)
	b, r := keys(m)
	if changed(build, b) != nil || len(changed(render, r)) != MaxPanes {
		t.Fatal("a camera change must restart every pane and rebuild none")
	}
	m.S.Photons = 1 << 12
	if b2, _ := keys(m); len(changed(b, b2)) != MaxPanes {
		t.Fatal("photons per iteration must rebuild every pane")
	}
	_, r = keys(m)
	m.ResetPane(3)
	if _, r2 := keys(m); !reflect.DeepEqual(changed(r, r2), []int{3}) {
		t.Fatal("resetting pane 4 restarted others")
	}
	m.SetScene("caustics")
	if m.S.Camera != nil {
		t.Fatal("a new scene keeps the old scene's camera")
	}
}

func TestSettingsRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	s := Defaults()
	s.Scene, s.Layout, s.Exposure, s.Sync = "caustics", 2, 2.5, true
	s.Panes[1] = PaneSettings{Generator: "ca", Options: map[string]string{"ca-rule": "0x35AC", "ca-k": "0,32,17,63"}, View: ViewMagnifier}
	s.Camera = &scenes.Camera{Position: scenes.Vec3{1, 2, 3}, LookAt: scenes.Vec3{0, 1, 0}, Up: scenes.Vec3{0, 1, 0}, FOV: 35}
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := LoadSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got, s)
	}
	if got, err := LoadSettings(filepath.Join(t.TempDir(), "none.json")); err != nil || !reflect.DeepEqual(got, Defaults()) {
		t.Fatalf("a missing file gives %+v, %v; want the defaults", got, err)
	}
	for name, text := range map[string]string{
		"json":   `{"layout": 4,`,
		"layout": `{"layout": 3}`,
		"unknown generator": `{"panes": [{"generator": "mt19937", "view": "image"},
			{"generator": "lehmer", "view": "image"}, {"generator": "ca", "view": "image"}, {"generator": "philox", "view": "image"}]}`,
		"lux": `{"panes": [{"generator": "ranlux", "options": {"lux": "9"}, "view": "image"},
			{"generator": "lehmer", "view": "image"}, {"generator": "ca", "view": "image"}, {"generator": "philox", "view": "image"}]}`,
	} {
		bad := filepath.Join(t.TempDir(), "bad.json")
		os.WriteFile(bad, []byte(text), 0o644)
		got, err := LoadSettings(bad)
		if err == nil || !strings.Contains(err.Error(), bad) || !reflect.DeepEqual(got, Defaults()) {
			t.Errorf("%s: got %v (defaults: %v); want an error naming the file and the defaults", name, err, reflect.DeepEqual(got, Defaults()))
		}
	}
}

// A settings file that never ends (/dev/zero) gives the defaults and an error, at once.
func TestSettingsSizeCapped(t *testing.T) {
	got, err := LoadSettings("/dev/zero")
	if err == nil || !strings.Contains(err.Error(), "larger than 1 MiB") || !reflect.DeepEqual(got, Defaults()) {
		t.Errorf("got %v; want the defaults and a size error", err)
	}
}

// Every number of a settings file is checked against the range the GPU
// maths needs: out of it, the file is reported (naming it and the setting)
// and the defaults are used.
func TestSettingsNumbersInRange(t *testing.T) {
	cam := func(pos, fov string) string {
		return `{"camera": {"Position": ` + pos + `, "LookAt": [0, 1, 0], "Up": [0, 1, 0], "FOV": ` + fov + `}}`
	}
	for text, want := range map[string]string{
		`{"initial_radius": 1e30}`:           "initial radius must be 0 (one pixel footprint at the look-at distance) or in [0.0001, 400] (got 1e30)",
		`{"initial_radius": 1e-40}`:          "initial radius must be 0 (one pixel footprint at the look-at distance) or in [0.0001, 400] (got 1e-40)",
		`{"initial_radius": -1}`:             "initial radius must be 0 (one pixel footprint at the look-at distance) or in [0.0001, 400] (got -1)",
		`{"exposure": 1e30}`:                 "exposure must be in [1e-6, 1e6] (got 1e30)",
		`{"exposure": 1e39}`:                 "cannot unmarshal number 1e39",
		`{"alpha": 0.1}`:                     "alpha must be in [0.3, 1] (got 0.1)",
		`{"heatmap_scale": 1e-40}`:           "heatmap scale must be in [1e-6, 1e6] (got 1e-40)",
		`{"frame_budget_ms": 1e-40}`:         "frame budget (ms) must be in [1, 1000] (got 1e-40)",
		`{"streamlines": {"jitter": 1e30}}`:  "--jitter must be 0 (plain streamlines) or in [1e-6, 1e6] (got 1e30)",
		`{"streamlines": {"jitter": 1e-40}}`: "--jitter must be 0 (plain streamlines) or in [1e-6, 1e6]",
		cam("[0, 1, 3]", "1e-40"):            "camera fov must be in [0.01, 179] degrees (got 1e-40)",
		cam("[0, 1e30, 3]", "40"):            "every coordinate must be in [-100, 100] (got 1e30)",
		cam("[0, 1, 1e-6]", "40"):            "camera look_at must be at least 0.01 from position (got 1e-6)",
	} {
		bad := filepath.Join(t.TempDir(), "bad.json")
		os.WriteFile(bad, []byte(text), 0o644)
		got, err := LoadSettings(bad)
		if err == nil || !strings.HasPrefix(err.Error(), bad+": ") || !strings.Contains(err.Error(), want) || !reflect.DeepEqual(got, Defaults()) {
			t.Errorf("%s: got %v (defaults: %v); want an error naming the file and containing %q, and the defaults", text, err, reflect.DeepEqual(got, Defaults()), want)
		}
	}
}

// The widgets follow the declared kinds (rng's TestOptionDeclarations
// checks the declarations themselves); their value conversions round trip.
func TestWidgets(t *testing.T) {
	want := map[string]rng.OptionKind{
		"lux": rng.Integer, "lehmer-seeding": rng.Choice, "ca-preset": rng.Choice,
		"ca-rule": rng.Word, "ca-k": rng.IntList, "ca-steps": rng.Integer,
	}
	for name, kind := range want {
		found := false
		for _, g := range rng.All {
			if o := g.Option(name); o != nil {
				found = true
				if o.Kind != kind {
					t.Errorf("%s: kind %v, want %v: the window would edit it with another widget", name, o.Kind, kind)
				}
			}
		}
		if !found {
			t.Errorf("no generator has %s, which the UI is known to need", name)
		}
	}
	rule := *rng.CA.Option("ca-rule")
	bits, err := wordBits(rule, "0x99A5")
	if err != nil || len(bits) != 16 || formatBits(bits) != "0x99A5" || !bits[0] || bits[1] || !bits[15] {
		t.Fatalf("bits round trip: %v %v", bits, err)
	}
	if bits, err := wordBits(rule, "0x1FFFF"); err == nil || len(bits) != 16 || slices.Contains(bits, true) {
		t.Fatalf("17-bit word: %v %v, want an error and 16 clear bits", bits, err)
	}
	k := *rng.CA.Option("ca-k")
	l, err := listInts(k, "56,2,21,49")
	if err != nil || formatIntList(l) != "56,2,21,49" {
		t.Fatalf("int list round trip: %v %v", l, err)
	}
	if l, err := listInts(k, "1,2,3"); err == nil || len(l) != 4 {
		t.Fatalf("short list: %v %v, want an error and 4 fields", l, err)
	}
	// Generators say what an empty option means, so the editor starts there.
	if got := rng.CA.Option("ca-rule").Effective(map[string]string{"ca-preset": "linear"}); got != "0x9696" {
		t.Errorf("linear preset's rule %s", got)
	}
}

func TestFileNames(t *testing.T) {
	stem := shotStem("/tmp/my scenes/room.json", time.Date(2026, 11, 30, 6, 15, 4, 0, time.UTC))
	if stem != "room_20261130-061504.000" {
		t.Fatalf("stem %q", stem)
	}
	p := PaneSettings{Generator: "ca", Options: map[string]string{"ca-preset": "linear", "ca-k": "1,2,3,4"}, View: ViewHeatmap}
	name := paneShotName(stem, 2, p, 123456789, "photons")
	want := "room_20261130-061504.000_pane3_ca-linear-ca-k1.2.3.4_heatmap_123456789photons.png"
	if name != want {
		t.Fatalf("pane file %q, want %q", name, want)
	}
	if !regexp.MustCompile(`^[A-Za-z0-9._+-]+$`).MatchString(name) {
		t.Fatalf("unsafe characters in %q", name)
	}
	seed := uint32(3)
	if name := paneShotName(stem, 0, PaneSettings{Generator: "philox", Seed: &seed, View: ViewImage}, 1000, "photons"); name != "room_20261130-061504.000_pane1_philox-seed3_1e3photons.png" {
		t.Errorf("pane file with a seed %q", name)
	}
}

// SetPanes takes the specs as read (rng.ParseSpec checks them): their
// generator, options and seed, 1, 2 or 4 of them.
func TestSetPanes(t *testing.T) {
	m := NewModel(Defaults())
	if err := m.SetPanes(testSpecs(t, "sobol", "pcg32", "ranlux")); err == nil {
		t.Error("three panes accepted")
	}
	err := m.SetPanes(testSpecs(t, "sobol", "ca:ca-preset=linear:--ca-steps=3"))
	p := m.S.Panes[1]
	if err != nil || m.S.Layout != 2 || p.Generator != "ca" || p.Options["ca-preset"] != "linear" || p.Options["ca-steps"] != "3" {
		t.Errorf("--panes sobol,ca:ca-preset=linear:--ca-steps=3: layout %d, pane 2 %+v, %v", m.S.Layout, p, err)
	}
}

// testSpecs reads specs as --panes does.
func testSpecs(t *testing.T, specs ...string) []rng.Spec {
	t.Helper()
	out := make([]rng.Spec, len(specs))
	for i, s := range specs {
		sp, err := rng.ParseSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = sp
	}
	return out
}

func TestPlotRange(t *testing.T) {
	if _, ok := plotRange(nil); ok {
		t.Fatal("empty series gave a range")
	}
	s := [][]Point{{{1e5, 0.2}, {1e6, 0.07}}, {{3e6, 0.03}, {0, 1}, {5e6, 0}}}
	r, ok := plotRange(s)
	if !ok || r != (logRange{5, 7, -2, 0}) {
		t.Fatalf("range %+v", r)
	}
	x, y, ok := r.Map(Point{1e6, 0.1}, 200, 100)
	if !ok || math.Abs(x-100) > 1e-9 || math.Abs(y-50) > 1e-9 {
		t.Fatalf("1e6, 0.1 maps to %v, %v", x, y)
	}
	a, b, ok := r.SlopeLine(Point{1e5, 0.2}, -0.5)
	if !ok {
		t.Fatal("no slope line")
	}
	slope := (math.Log10(b.RMSE) - math.Log10(a.RMSE)) / (math.Log10(float64(b.Photons)) - math.Log10(float64(a.Photons)))
	if math.Abs(slope+0.5) > 1e-3 || a.Photons != 1e5 || b.Photons != 1e7 {
		t.Fatalf("slope line %v..%v, slope %v", a, b, slope)
	}
	// A line that would leave the plot's bottom is cut where it does.
	_, b, _ = r.SlopeLine(Point{1e5, 0.02}, -0.5)
	if math.Abs(b.RMSE-0.01) > 1e-6 {
		t.Fatalf("clipped end at RMSE %v, want 0.01", b.RMSE)
	}
}

// A pane's legend gives its fitted slope: -1/3 for a history falling as
// N^-1/3 over four points; none for three or fewer (issue #32: no fit through
// two points).
func TestPaneLegendSlope(t *testing.T) {
	var h []Point
	for _, n := range []int64{1e4, 1e5, 4e5, 1e6} {
		h = append(h, Point{n, 3 * math.Pow(float64(n), -1.0/3)})
	}
	if got := paneLegend(1, "philox", h); got != "2: philox, slope -0.33" {
		t.Errorf("legend %q", got)
	}
	if got := paneLegend(0, "sobol", h[:3]); got != "1: sobol" {
		t.Errorf("legend of three points %q", got)
	}
}

// A file that failed to load is never saved over: the settings go beside it.
func TestSaveKeepingAFileThatFailedToLoad(t *testing.T) {
	dir := t.TempDir()
	bad, good := filepath.Join(dir, "bad.json"), filepath.Join(dir, "good.json")
	text := []byte(`{"layout": 3}`)
	os.WriteFile(bad, text, 0o644)
	s, loadErr := LoadSettings(bad)
	if loadErr == nil {
		t.Fatal("layout 3 loaded")
	}
	s.Exposure = 3
	note, err := s.SaveKeeping(bad, loadErr)
	if got, _ := os.ReadFile(bad); err != nil || string(got) != string(text) {
		t.Fatalf("the file that failed to load now holds %q (%v)", got, err)
	}
	if got, err := LoadSettings(bad + ".new"); err != nil || got.Exposure != 3 {
		t.Fatalf("beside it: exposure %g, %v; want the settings saved", got.Exposure, err)
	}
	if !strings.Contains(note, bad+".new") || !strings.Contains(note, "failed to load") || strings.Contains(note, "\n") {
		t.Fatalf("note %q: want one line saying where and why", note)
	}
	// One that loaded (or was missing) is saved in place, with nothing to say.
	s, loadErr = LoadSettings(good)
	if note, err := s.SaveKeeping(good, loadErr); err != nil || note != "" {
		t.Fatalf("a missing file: note %q, %v", note, err)
	}
	if _, err := LoadSettings(good); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(good + ".new"); !os.IsNotExist(err) {
		t.Fatalf("%s.new written for a file that loaded", good)
	}
}

// A pane's own seed (philox:seed=3) replaces the common one in what the
// pane renders: its build key is that of the same generator under common
// seed 3, and another seed's differs; the label shows it.
func TestPaneSeed(t *testing.T) {
	m := NewModel(Defaults())
	if err := m.SetPanes(testSpecs(t, "philox:seed=3", "philox")); err != nil {
		t.Fatal(err)
	}
	if p := m.S.Panes[0]; p.Seed == nil || *p.Seed != 3 || paneLabel(p) != "philox seed=3" {
		t.Fatalf("pane 1: %+v, label %q", p, paneLabel(p))
	}
	if m.S.Seed == 3 || m.BuildKey(0) == m.BuildKey(1) {
		t.Fatalf("common seed %d: pane keys %q and %q", m.S.Seed, m.BuildKey(0), m.BuildKey(1))
	}
	m.S.Seed = 3
	if m.BuildKey(0) != m.BuildKey(1) {
		t.Errorf("seed 3 two ways: keys %q and %q", m.BuildKey(0), m.BuildKey(1))
	}
}

// The settings that go beside a file that failed to load replace a .new there only if
// Speckle wrote it (issue 34 item 3): before, `{ bad` in s.json replaced the user's own
// s.json.new.
func TestSaveKeepingLeavesTheUsersNew(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "s.json")
	os.WriteFile(bad, []byte("{ bad"), 0o644)
	_, loadErr := LoadSettings(bad)
	if loadErr == nil {
		t.Fatal("{ bad loaded")
	}
	for _, users := range []string{"my backup\n", `{"exposure": 2}`, "", "{}\n"} {
		os.WriteFile(bad+".new", []byte(users), 0o644)
		note, err := Defaults().SaveKeeping(bad, loadErr)
		if err == nil || !strings.Contains(err.Error(), "settings not saved: cannot write "+bad+".new") || note != "" {
			t.Errorf("a .new holding %q: note %q, %v; want it refused", users, note, err)
		}
		if got, _ := os.ReadFile(bad + ".new"); string(got) != users {
			t.Errorf("the user's .new now holds %q, was %q", got, users)
		}
	}
	// One Speckle wrote (a run before) is replaced.
	os.Remove(bad + ".new")
	for i, e := range []float32{2, 3} {
		s := Defaults()
		s.Exposure = e
		if _, err := s.SaveKeeping(bad, loadErr); err != nil {
			t.Fatalf("save %d: %v", i, err)
		}
		if got, err := LoadSettings(bad + ".new"); err != nil || got.Exposure != e {
			t.Errorf("save %d: exposure %g, %v; want %g", i, got.Exposure, err, e)
		}
	}
}

// Settings apply the command line's rule for panes (issue 34 item 13): a file whose shown
// panes name one generator twice is refused in one line naming the panes (before, four
// philox panes ran silently), and Speckle's own save after --panes philox no longer stores
// philox, lehmer, ca, philox: the panes kept for a wider layout name none twice.
func TestPanesNamedTwice(t *testing.T) {
	dir := t.TempDir()
	four := filepath.Join(dir, "four.json")
	os.WriteFile(four, []byte(`{"layout": 4, "panes": [{"generator": "philox"}, {"generator": "philox"}, {"generator": "philox"}, {"generator": "philox"}]}`), 0o644)
	if _, err := LoadSettings(four); err == nil || !strings.Contains(err.Error(), "panes 1 and 2: philox is named twice") {
		t.Errorf("four philox panes: %v", err)
	}
	seeded := filepath.Join(dir, "seeded.json")
	os.WriteFile(seeded, []byte(`{"layout": 2, "seed": 3, "panes": [{"generator": "philox", "seed": 3}, {"generator": "philox"}, {"generator": "ca"}, {"generator": "lehmer"}]}`), 0o644)
	if _, err := LoadSettings(seeded); err == nil || !strings.Contains(err.Error(), "panes 1 and 2") {
		t.Errorf("philox with seed 3 twice: %v", err)
	}
	two := filepath.Join(dir, "two.json")
	os.WriteFile(two, []byte(`{"layout": 2, "panes": [{"generator": "philox"}, {"generator": "philox", "seed": 2}, {"generator": "ca"}, {"generator": "ca"}]}`), 0o644)
	if _, err := LoadSettings(two); err != nil {
		t.Errorf("philox seeds 1 and 2: %v", err)
	}
	for _, panes := range [][]string{{"philox"}, {"ca", "philox"}, {"lehmer", "rand48", "philox", "ca"}} {
		m := NewModel(Defaults())
		if err := m.SetPanes(testSpecs(t, panes...)); err != nil {
			t.Fatal(err)
		}
		m.S.Layout = 4 // what the saved file shows once the window goes to four panes
		if err := m.S.Check(); err != nil {
			t.Errorf("--panes %v, then four panes: %v", panes, err)
		}
		if m.S.Panes[0].Generator != panes[0] {
			t.Errorf("--panes %v: pane 1 is %s", panes, m.S.Panes[0].Generator)
		}
	}
}

// A key the settings do not know (a typo, a note) is refused in one line naming it, and the
// file is then never saved over (issue 34 item 5): before, "exposre" and a "note" were
// neither reported nor kept when Speckle rewrote the file.
func TestSettingsUnknownKeysNamedAndKept(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ text, want string }{
		{`{"exposre": 2}`, `unknown key "exposre" (did you mean exposure?)`},
		{`{"exposure": 2, "note": "for the lecture"}`, `unknown key "note"`},
		{`{"streamlines": {"widht": 300}}`, `unknown key "widht" (did you mean width?)`},
		{`{"exposure": 2} {"exposure": 3}`, "more than one JSON value"},
	} {
		p := filepath.Join(dir, "s.json")
		os.WriteFile(p, []byte(c.text), 0o644)
		os.Remove(p + ".new")
		s, err := LoadSettings(p)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v; want one line with %q", c.text, err, c.want)
			continue
		}
		if _, serr := s.SaveKeeping(p, err); serr != nil {
			t.Fatal(serr)
		}
		if b, _ := os.ReadFile(p); string(b) != c.text {
			t.Errorf("%s: the file now holds %q", c.text, b)
		}
		if _, err := LoadSettings(p + ".new"); err != nil {
			t.Errorf("%s: the settings beside it: %v", c.text, err)
		}
	}
}
