package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"speckle/imageio"
	"speckle/internal/capped"
	"speckle/internal/numcheck"
	"speckle/internal/suggest"
	"speckle/internal/units"
	"speckle/render"
	"speckle/rng"
	"speckle/scenes"
	"speckle/scenes/flow"
)

// View is what a pane shows: render's one type, named here for the window.
type View = render.View

const (
	ViewImage     = render.ViewImage
	ViewHeatmap   = render.ViewHeatmap
	ViewMagnifier = render.ViewMagnifier
)

// Views in the order the UI offers them.
var Views = render.Views

// PaneSettings is what one pane renders with.
type PaneSettings struct {
	Generator string            `json:"generator"`
	Options   map[string]string `json:"options,omitempty"` // only options that differ from the defaults
	View      View              `json:"view"`
	Seed      *uint32           `json:"seed,omitempty"` // the pane's own seed (NAME:seed=S); nil: Settings.Seed
}

// PaneOf is the pane that shows the generator sp names, as an image.
func PaneOf(sp rng.Spec) PaneSettings {
	p := PaneSettings{Generator: sp.Gen.Name, Options: sp.Options, View: ViewImage}
	if sp.HasSeed {
		seed := sp.Seed
		p.Seed = &seed
	}
	return p
}

// Spec is the generator the pane names; ok is false for a generator the
// registry does not know (a settings file's, before Check refuses it).
func (p PaneSettings) Spec() (sp rng.Spec, ok bool) {
	g, err := rng.Lookup(p.Generator)
	if err != nil {
		return rng.Spec{}, false
	}
	sp = rng.Spec{Gen: g, Options: p.Options}
	if p.Seed != nil {
		sp.Seed, sp.HasSeed = *p.Seed, true
	}
	return sp, true
}

// seededIn is the generator the pane renders with in s: its spec with its
// own seed, else the settings' common one.
func (p PaneSettings) seededIn(s Settings) (rng.Spec, error) {
	if _, err := rng.Lookup(p.Generator); err != nil {
		return rng.Spec{}, err
	}
	sp, _ := p.Spec()
	return sp.Seeded(s.Seed), nil
}

// seedIn is the pane's seed: its own, else the settings' common one.
func (p PaneSettings) seedIn(s Settings) uint32 {
	if p.Seed != nil {
		return *p.Seed
	}
	return s.Seed
}

// Mode is what the panes render.
type Mode string

const (
	ModePhotons     Mode = "photons"     // photon mapping of a scene (SPPM)
	ModeStreamlines Mode = "streamlines" // jittered streamlines through a flow field
	ModeLab         Mode = "lab"         // the generator lab: each generator's own numbers (look.Look)
)

// Modes in the order the UI offers them.
var Modes = []Mode{ModePhotons, ModeStreamlines, ModeLab}

// LineSettings are the streamline mode's: the field and slm's parameters.
type LineSettings struct {
	Field       string  `json:"field"` // dem, gyre, cylinder or a height-field file
	Width       int     `json:"width"` // image width; the height follows the field's aspect
	Density     int     `json:"density"`
	Jitter      float32 `json:"jitter"`
	Step        float32 `json:"step"`
	MaxSteps    int     `json:"max_steps"` // 0: enough to cross the image
	Independent bool    `json:"independent_streams"`
	Map         string  `json:"map"` // density or length
}

// lineWidths are the image widths the UI offers.
var lineWidths = []int{240, 480, 960, 2048}

// Settings is everything that persists between runs.
type Settings struct {
	Mode   Mode   `json:"mode"`
	Scene  string `json:"scene"` // a built-in scene's name or a scene file's path
	Layout int    `json:"layout"`
	// Panes holds four panes whatever the layout, so going 4 -> 1 -> 4
	// brings the same generators back.
	Panes  [MaxPanes]PaneSettings `json:"panes"`
	Camera *scenes.Camera         `json:"camera,omitempty"` // nil: the scene's own
	// Resolution is every pane's render size, WxH; the stored references
	// are 640x360.
	Resolution string  `json:"resolution"`
	Photons    int     `json:"photons_per_iteration"` // 0: picked from the GPU
	BudgetMS   float32 `json:"frame_budget_ms"`       // photon work per frame, all panes
	Exposure   float32 `json:"exposure"`
	Alpha      float32 `json:"alpha"`
	Radius     float32 `json:"initial_radius"` // 0: one pixel's footprint
	Seed       uint32  `json:"seed"`
	Sync       bool    `json:"sync"`      // an option change applies to every pane that has the option
	Zoom       float32 `json:"magnifier"` // magnifier zoom factor
	// Focus is the magnifier's centre in image coordinates 0..1 (x right,
	// y down), shared by the panes.
	Focus       [2]float32   `json:"focus"`
	FocusLocked bool         `json:"focus_locked"` // the mouse does not move it
	ErrorScale  float32      `json:"heatmap_scale"`
	ShowPlot    bool         `json:"show_plot"`
	Lines       LineSettings `json:"streamlines"`
	Lab         LabSettings  `json:"lab"`
}

// BudgetRange bounds the frame budget in ms (and --budget).
var BudgetRange = numcheck.Closed(1, 1000)

// ZoomRange bounds the magnifier's zoom factor (and --magnifier).
var ZoomRange = numcheck.Closed(1, 64)

// focusRange bounds each coordinate of the focus point.
var focusRange = numcheck.Closed(0, 1)

// ParseFocus reads a focus point X,Y (fractions of the image, x right, y
// down), for --focus.
func ParseFocus(s string) ([2]float32, error) {
	xs, ys, ok := strings.Cut(s, ",")
	var f [2]float32
	for i, v := range []string{xs, ys} {
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 32)
		if !ok || err != nil || focusRange.Check(x) != nil {
			return f, fmt.Errorf("%q: want X,Y, each a fraction of the image 0..1 (x right, y down), like 0.5,0.25", s)
		}
		f[i] = float32(x)
	}
	return f, nil
}

// ParseViews reads one view per pane, in order (image, heatmap or
// magnifier), for --views.
func ParseViews(list string) ([]View, error) {
	parts := strings.Split(list, ",")
	if len(parts) > MaxPanes {
		return nil, fmt.Errorf("%d views: a window has at most %d panes", len(parts), MaxPanes)
	}
	views := make([]View, len(parts))
	for i, p := range parts {
		v, err := render.ParseView(strings.TrimSpace(p))
		if err != nil {
			return nil, err
		}
		views[i] = v
	}
	return views, nil
}

// ErrorScaleRange bounds the heatmap's scale: the relative error shown at
// the top of its colour map.
var ErrorScaleRange = numcheck.Closed(1e-6, 1e6)

// MaxPanes is the most panes a window shows.
const MaxPanes = 4

// layouts are the pane counts the app offers.
var layouts = []int{1, 2, 4}

// resolutions the UI offers.
var resolutions = []string{"320x180", "640x360", "960x540", "1280x720", "1600x900"}

// Defaults is the teacher's starting point: cornell and rng's default
// comparison (rand48, lehmer, ca, philox) side by side.
func Defaults() Settings {
	s := Settings{
		Scene: "cornell", Layout: 4, Resolution: "640x360",
		BudgetMS: 16, Exposure: 1, Alpha: 0.7, Seed: 1,
		Zoom: 8, Focus: [2]float32{0.5, 0.5}, ErrorScale: 0.5, ShowPlot: true, Mode: ModePhotons,
		Lines: LineSettings{Field: "dem", Width: 480, Density: 3, Jitter: 1, Step: 0.5, Map: "density"},
		Lab:   LabDefaults(),
	}
	for i, sp := range rng.DefaultComparison() {
		s.Panes[i] = PaneOf(sp)
	}
	return s
}

// The render sizes a pane takes.
const MinResolution, MaxResolution = 16, 8192

// Size is the render size the Resolution names.
func (s Settings) Size() (w, h int) {
	w, h, err := units.ParseSize(s.Resolution, MinResolution, MaxResolution)
	if err != nil {
		return 640, 360
	}
	return w, h
}

// Check reports the first setting that cannot be used, naming it.
func (s Settings) Check() error {
	if !slices.Contains(layouts, s.Layout) {
		return fmt.Errorf("layout %d: must be 1, 2 or 4", s.Layout)
	}
	if _, _, err := units.ParseSize(s.Resolution, MinResolution, MaxResolution); err != nil {
		return fmt.Errorf("resolution %v", err)
	}
	switch {
	case s.Photons < 0 || s.Photons > 1<<26:
		return fmt.Errorf("photons per iteration %d: at most 2^26 = 67108864 (0: auto)", s.Photons)
	}
	// Every number: finite (JSON has no NaN, but a float32 field takes
	// denormals such as 1e-40) and in the range the GPU maths needs.
	for _, n := range []struct {
		name string
		v    float32
		r    numcheck.Range
	}{
		{"frame budget (ms)", s.BudgetMS, BudgetRange},
		{"exposure", s.Exposure, scenes.ExposureRange},
		{"alpha", s.Alpha, render.AlphaRange},
		{"initial radius", s.Radius, render.InitialRadiusRange},
		{"magnifier zoom", s.Zoom, ZoomRange},
		{"focus x", s.Focus[0], focusRange},
		{"focus y", s.Focus[1], focusRange},
		{"heatmap scale", s.ErrorScale, ErrorScaleRange},
	} {
		if err := n.r.Check32(n.v); err != nil {
			return fmt.Errorf("%s %v", n.name, err)
		}
	}
	if s.Camera != nil {
		if err := s.Camera.Validate(); err != nil {
			return fmt.Errorf("camera: %v", err)
		}
	}
	if !slices.Contains(Modes, s.Mode) {
		names := make([]string, len(Modes))
		for i, m := range Modes {
			names[i] = string(m)
		}
		if h := suggest.Hint(string(s.Mode), names); h != "" {
			return fmt.Errorf("mode %q: want photons, streamlines or lab (%s)", s.Mode, h)
		}
		return fmt.Errorf("mode %q: want photons, streamlines or lab", s.Mode)
	}
	if err := s.Lines.Check(); err != nil {
		return err
	}
	if err := s.Lab.Check(); err != nil {
		return err
	}
	for i, p := range s.Panes {
		if err := p.Check(); err != nil {
			return fmt.Errorf("pane %d: %v", i+1, err)
		}
	}
	// The command line's rule: the panes shown name no generator twice (--panes philox,philox
	// is refused; so is a file of four philox panes).
	seen := map[string]int{}
	for i, p := range s.Panes[:s.Layout] {
		sp, err := p.seededIn(s)
		if err != nil {
			continue // refused above
		}
		if first, ok := seen[sp.Identity()]; ok {
			as, _ := p.Spec()
			return fmt.Errorf("panes %d and %d: %v (as --panes refuses it)", first+1, i+1, rng.NamedTwice(as, as.String(), as.String()))
		}
		seen[sp.Identity()] = i
	}
	return nil
}

// Check validates the streamline parameters (the field is checked when it
// is loaded).
func (l LineSettings) Check() error {
	if l.Width < 16 || l.Width > 8192 {
		return fmt.Errorf("streamline image width %d: must be 16..8192", l.Width)
	}
	if l.Map != "density" && l.Map != "length" {
		return fmt.Errorf("streamline map %q: want density or length", l.Map)
	}
	p := l.Params()
	if p.MaxSteps == 0 { // automatic: the tracer picks it from the image
		p.MaxSteps = 1
	}
	return p.Check()
}

// Params are the settings as the tracer takes them.
func (l LineSettings) Params() flow.Params {
	return flow.Params{Density: l.Density, Jitter: l.Jitter, Step: l.Step, MaxSteps: l.MaxSteps, IndependentStreams: l.Independent}
}

// Check validates a pane's generator, options and view.
func (p PaneSettings) Check() error {
	g, err := rng.Lookup(p.Generator)
	if err != nil {
		return err
	}
	if err := (rng.Spec{Gen: g, Options: p.Options}).Check(); err != nil {
		return err
	}
	_, err = render.ParseView(string(p.View))
	return err
}

// DefaultSettingsPath is where settings persist: the user's configuration
// directory (~/.config/speckle/settings.json on Linux).
func DefaultSettingsPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "speckle", "settings.json")
}

// LoadSettings reads a settings file. A missing or empty file (/dev/null)
// gives the defaults and no error: it holds nothing to keep. An unreadable or
// invalid one gives the defaults and an error that says why (the app reports
// it and goes on).
func LoadSettings(path string) (Settings, error) {
	data, err := capped.ReadFile(path, capped.SettingsBytes, "a settings file")
	if errors.Is(err, fs.ErrNotExist) {
		return Defaults(), nil
	}
	if err != nil {
		return Defaults(), err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return Defaults(), nil
	}
	s := Defaults()
	// A key Speckle does not know (a typo such as "exposre", a note) is refused, naming
	// it: the file then is left as it is and this run's settings go beside it
	// (SaveKeeping), so nothing the user wrote is dropped by a save (issue 34 item 5).
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Defaults(), fmt.Errorf("%s: %v; using the defaults", path, unknownKey(err))
	}
	if dec.More() {
		return Defaults(), fmt.Errorf("%s: more than one JSON value; using the defaults", path)
	}
	if err := s.Check(); err != nil {
		return Defaults(), fmt.Errorf("%s: %v; using the defaults", path, err)
	}
	return s, nil
}

// Save writes the settings as every output is written (imageio.WriteFileAtomic):
// the folder must exist, a device is written through, a replaced file keeps its
// mode.
func (s Settings) Save(path string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return imageio.WriteFileAtomic(path, func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}

// SaveKeeping writes s to path, unless the file there failed to load
// (loadErr, from LoadSettings): that file holds the user's settings, to mend,
// and is never saved over. s then goes beside it, to path+".new", and note
// says so in one line. A device or FIFO holds no settings to keep and is
// written through (nothing is made beside /dev/zero).
func (s Settings) SaveKeeping(path string, loadErr error) (note string, err error) {
	if st, err := os.Stat(path); loadErr == nil || (err == nil && !st.Mode().IsRegular()) {
		return "", s.Save(path)
	}
	beside := path + ".new"
	// The .new is Speckle's only if it holds what Save writes: a user's own s.json.new
	// (a backup, notes) is not replaced (the output guard, imageio.CheckDerived).
	if err := imageio.CheckDerived(beside, "beside "+imageio.Printable(path)+", which failed to load", IsOwnSettings); err != nil {
		return "", fmt.Errorf("settings not saved: %w", err)
	}
	if err := s.Save(beside); err != nil {
		return "", err
	}
	return fmt.Sprintf("settings saved to %s, not over %s, which failed to load (mend it, or move the new file over it)", beside, path), nil
}
