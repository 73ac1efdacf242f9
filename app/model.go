package app

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"speckle/rng"
	"speckle/scenes"
)

// Model is the app's state apart from OpenGL: the settings, and what each
// pane's render must be. A pane restarts when its RenderKey changes, so a
// change restarts exactly the panes whose result it changes.
type Model struct {
	S        Settings
	Paused   bool
	ShowHelp bool
	resets   [MaxPanes]int // bumped by Reset: part of the key
}

// NewModel starts from s.
func NewModel(s Settings) *Model { return &Model{S: s} }

// Visible is how many panes the layout shows.
func (m *Model) Visible() int { return m.S.Layout }

// BuildKey names everything that needs a pane's render rebuilt: scene,
// size, iteration size, SPPM parameters, generator and its options.
func (m *Model) BuildKey(i int) string {
	p := m.S.Panes[i]
	gen := fmt.Sprintf("%d|%s|%s", p.seedIn(m.S), p.Generator, strings.Join(rng.Spec{Options: p.Options}.SortedOptions(), ":"))
	if m.S.Mode == ModeLab {
		return "lab|" + gen // the lab's own keys say what to draw again (labKeys)
	}
	if m.S.Mode == ModeStreamlines {
		l := m.S.Lines
		return fmt.Sprintf("lines|%s|%d|%d|%g|%g|%d|%v|%s", l.Field, l.Width, l.Density, l.Jitter, l.Step, l.MaxSteps, l.Independent, gen)
	}
	return fmt.Sprintf("photons|%s|%s|%d|%g|%g|%s", m.S.Scene, m.S.Resolution, m.S.Photons, m.S.Alpha, m.S.Radius, gen)
}

// RenderKey is BuildKey plus what only restarts a render: the camera and
// explicit resets.
func (m *Model) RenderKey(i int) string {
	cam := "scene"
	if c := m.S.Camera; c != nil && m.S.Mode == ModePhotons {
		cam = fmt.Sprint(*c)
	}
	return fmt.Sprintf("%s|%s|%d", m.BuildKey(i), cam, m.resets[i])
}

// Reset restarts every pane.
func (m *Model) Reset() {
	for i := range m.resets {
		m.resets[i]++
	}
}

// ResetPane restarts one pane.
func (m *Model) ResetPane(i int) { m.resets[i]++ }

// SetGenerator swaps pane i's generator; its options go back to the defaults.
func (m *Model) SetGenerator(i int, name string) error {
	if _, err := rng.Lookup(name); err != nil {
		return err
	}
	if m.S.Panes[i].Generator != name {
		m.S.Panes[i].Generator, m.S.Panes[i].Options = name, nil
	}
	return nil
}

// SetOption sets a generator option of pane i (and, with Sync, of every
// visible pane whose generator has it). A value the generator refuses
// changes nothing and comes back as the error. Options at their default
// are dropped, so equal settings have equal keys.
func (m *Model) SetOption(i int, name, value string) error {
	targets := []int{i}
	if m.S.Sync {
		targets = targets[:0]
		for j := 0; j < m.Visible(); j++ {
			if g, _ := rng.Lookup(m.S.Panes[j].Generator); g != nil && g.Option(name) != nil {
				targets = append(targets, j)
			}
		}
		if !slices.Contains(targets, i) {
			targets = append(targets, i)
		}
	}
	next := m.S.Panes
	for _, j := range targets {
		g, err := rng.Lookup(next[j].Generator)
		if err != nil {
			return err
		}
		o := g.Option(name)
		if o == nil {
			return fmt.Errorf("%s has no option %s", g.Name, name)
		}
		opts := maps.Clone(next[j].Options)
		if opts == nil {
			opts = map[string]string{}
		}
		if value == o.Default {
			delete(opts, name)
		} else {
			opts[name] = value
		}
		if len(opts) == 0 {
			opts = nil
		}
		if err := (rng.Spec{Gen: g, Options: opts}).Check(); err != nil {
			return err
		}
		next[j].Options = opts
	}
	m.S.Panes = next
	return nil
}

// Option is pane i's value of a generator option (its default if unset).
func (m *Model) Option(i int, name string) string {
	if v, ok := m.S.Panes[i].Options[name]; ok {
		return v
	}
	if g, _ := rng.Lookup(m.S.Panes[i].Generator); g != nil {
		if o := g.Option(name); o != nil {
			return o.Default
		}
	}
	return ""
}

// SetCamera moves the shared camera; every pane restarts.
func (m *Model) SetCamera(c scenes.Camera) { m.S.Camera = &c }

// ResetCamera goes back to the scene's camera.
func (m *Model) ResetCamera() { m.S.Camera = nil }

// SetScene switches scene (already loaded by the caller); the camera goes
// back to the new scene's own.
func (m *Model) SetScene(name string) {
	if m.S.Scene != name {
		m.S.Scene, m.S.Camera = name, nil
	}
}

// SetLayout shows n panes; panes keep their settings and renders.
func (m *Model) SetLayout(n int) error {
	if !slices.Contains(layouts, n) {
		return fmt.Errorf("layout %d: want 1, 2 or 4 panes", n)
	}
	m.S.Layout = n
	return nil
}

// SetPanes puts generators (specs, checked where they were read: --panes,
// a lesson) into the first panes and shows that many.
func (m *Model) SetPanes(specs []rng.Spec) error {
	if len(specs) == 0 || len(specs) > MaxPanes || len(specs) == 3 {
		return fmt.Errorf("--panes: want 1, 2 or 4 generators, got %d", len(specs))
	}
	for i, sp := range specs {
		p := PaneOf(sp)
		p.View = m.S.Panes[i].View
		m.S.Panes[i] = p
	}
	m.S.Layout = len(specs)
	// The panes not shown (kept for a wider layout, and saved) name none of these twice:
	// after --panes philox, the fourth pane's default philox becomes a generator not in use.
	used := map[string]bool{}
	for _, p := range m.S.Panes[:len(specs)] {
		if sp, ok := p.Spec(); ok {
			used[sp.Seeded(m.S.Seed).Identity()] = true
		}
	}
	spare := rng.DefaultComparison()
	for _, name := range rng.Names() {
		if g, err := rng.Lookup(name); err == nil {
			spare = append(spare, rng.Spec{Gen: g})
		}
	}
	for i := len(specs); i < MaxPanes; i++ {
		sp, ok := m.S.Panes[i].Spec()
		if ok && !used[sp.Seeded(m.S.Seed).Identity()] {
			used[sp.Seeded(m.S.Seed).Identity()] = true
			continue
		}
		for _, c := range spare {
			if id := c.Seeded(m.S.Seed).Identity(); !used[id] {
				view := m.S.Panes[i].View
				m.S.Panes[i] = PaneOf(c)
				m.S.Panes[i].View = view
				used[id] = true
				break
			}
		}
	}
	return nil
}

// paneLabel is a pane's generator and options for overlays and legends.
func paneLabel(p PaneSettings) string {
	if sp, ok := p.Spec(); ok {
		return sp.Label()
	}
	return p.Generator
}
