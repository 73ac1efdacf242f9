package rng

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"speckle/internal/suggest"
)

// Spec names a generator as every flag and file that names one does
// (--gen, --gens, --panes, the window's settings): the generator, the
// options it sets, and optionally a seed of its own. Its one grammar is
//
//	NAME[:OPTION=VALUE]...[:seed=S]
//
// e.g. philox:seed=3, lehmer:lehmer-seeding=slm, ca:ca-preset=linear:ca-steps=3.
type Spec struct {
	Gen     *Generator
	Options map[string]string // the options the spec sets; the rest take their defaults
	Seed    uint32            // the spec's own seed, when HasSeed
	HasSeed bool
}

// SeedKey is the spec key that gives a generator a seed of its own.
const SeedKey = "seed"

// ParseSpec reads one spec and checks it: the generator exists, each
// option applies to it with a value it takes, and seed is a uint32.
func ParseSpec(spec string) (Spec, error) {
	parts := strings.Split(strings.TrimSpace(spec), ":")
	var g *Generator
	var err error
	if parts[0] == UserPrefix { // glsl:FILE[:seed=S]; glsl alone names no file, which LoadUser says
		file := ""
		if len(parts) > 1 {
			file, parts = parts[1], parts[1:]
		}
		g, err = LoadUser(file)
	} else {
		g, err = Lookup(parts[0])
	}
	if err != nil {
		return Spec{}, err
	}
	s := Spec{Gen: g}
	for _, kv := range parts[1:] {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimPrefix(k, "--")
		if !ok || !isFlagName(k) {
			return Spec{}, fmt.Errorf("%q: a generator is NAME[:OPTION=VALUE]...[:seed=S], like lehmer:lehmer-seeding=slm or philox:seed=3", spec)
		}
		if k == SeedKey {
			if s.HasSeed {
				return Spec{}, fmt.Errorf("%q sets the seed twice", spec)
			}
			if s.Seed, err = ParseSeed(v); err != nil {
				return Spec{}, fmt.Errorf("%s: %v", g.Name, err)
			}
			s.HasSeed = true
			continue
		}
		if g.Option(k) == nil {
			var names []string
			for _, o := range g.Options {
				names = append(names, o.Name)
			}
			if h := suggest.Hint(k, append(names, SeedKey)); h != "" {
				return Spec{}, fmt.Errorf("option %s does not apply to generator %s (%s)", flagText(k), g.Name, h)
			}
			return Spec{}, fmt.Errorf("option %s does not apply to generator %s", flagText(k), g.Name)
		}
		if _, dup := s.Options[k]; dup {
			return Spec{}, fmt.Errorf("%q sets %s twice", spec, flagText(k))
		}
		if s.Options == nil {
			s.Options = map[string]string{}
		}
		s.Options[k] = v
	}
	if err := s.Check(); err != nil {
		// Name the spec: "--lux must be 0..4" alone reads as a flag of its own.
		name := strings.TrimSpace(spec)
		if strings.IndexFunc(name, unicode.IsControl) >= 0 {
			name = strconv.Quote(name)
		}
		return Spec{}, fmt.Errorf("%s: %w", name, err)
	}
	return s, nil
}

// ParseSpecs reads a comma-separated list of specs, or "all" (every
// registered generator with its defaults). The same generator twice with
// the same options and seed, however spelled (Identity), is refused: it
// would draw the same picture.
func ParseSpecs(list string) ([]Spec, error) {
	if strings.TrimSpace(list) == "all" {
		out := make([]Spec, len(All))
		for i, g := range All {
			out[i] = Spec{Gen: g}
		}
		return out, nil
	}
	var out []Spec
	seen := map[string]string{} // identity: the spelling that first named it
	for _, item := range splitSpecs(list) {
		s, err := ParseSpec(item)
		if err != nil {
			return nil, err
		}
		item = strings.TrimSpace(item)
		if first, ok := seen[s.Identity()]; ok {
			return nil, NamedTwice(s, first, item)
		}
		seen[s.Identity()] = item
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no generator named")
	}
	return out, nil
}

// NamedTwice is the error for two spellings of one generator: "philox is
// named twice", naming both spellings where they differ.
func NamedTwice(s Spec, first, second string) error {
	if first == second {
		return fmt.Errorf("%s is named twice", s)
	}
	return fmt.Errorf("%s is named twice (as %q and %q)", s, first, second)
}

// splitSpecs cuts a list at the commas that start a generator: an
// option's value may hold commas itself (ca:ca-k=0,32,17,63,philox).
func splitSpecs(list string) []string {
	parts := strings.Split(list, ",")
	out := parts[:1]
	for _, p := range parts[1:] {
		name, _, _ := strings.Cut(strings.TrimSpace(p), ":")
		if _, err := Lookup(name); err != nil && name != UserPrefix && strings.Contains(out[len(out)-1], "=") {
			out[len(out)-1] += "," + p
			continue
		}
		out = append(out, p)
	}
	return out
}

// ParseSeed reads a seed: a uint32, decimal or 0x hex. A leading zero is a decimal
// digit (010 is ten, 09 nine), not octal as Go's base 0 would read it.
func ParseSeed(v string) (uint32, error) {
	n, err := ParseDecimalOrHex(strings.TrimSpace(v), 32)
	if err != nil {
		return 0, fmt.Errorf("the seed must be a whole number 0..4294967295 (decimal or 0x hex), got %q", v)
	}
	return uint32(n), nil
}

// Check checks the spec's options as New does (each value through
// Option.Check, then the generator's CheckConfig), so a value it does not
// take is refused where the spec is read; it configures nothing: a run
// makes each instance it draws from once (render: one a pass).
func (s Spec) Check() error {
	_, err := s.Gen.complete(Config{Streams: 1, Options: s.Options})
	return err
}

// With is s with the command-wide options (--lux, --ca-steps, ...) that
// apply to its generator and that it does not set itself.
func (s Spec) With(common map[string]string) Spec {
	out := Spec{Gen: s.Gen, Seed: s.Seed, HasSeed: s.HasSeed}
	for _, o := range s.Gen.Options {
		v, own := s.Options[o.Name]
		if !own {
			v, own = common[o.Name]
		}
		if own {
			if out.Options == nil {
				out.Options = map[string]string{}
			}
			out.Options[o.Name] = v
		}
	}
	return out
}

// Config is the generator's configuration for streams streams, with the
// spec's own seed if it has one, else seed.
func (s Spec) Config(streams int, seed uint32) Config {
	if s.HasSeed {
		seed = s.Seed
	}
	return Config{Seed: seed, Streams: streams, Options: s.Options}
}

// Seeded is the spec as a run draws it: its own seed if it has one, else
// seed. The renderer takes a seeded spec, one value from the flag to the
// shader build.
func (s Spec) Seeded(seed uint32) Spec {
	if !s.HasSeed {
		s.Seed, s.HasSeed = seed, true
	}
	return s
}

// StreamConfig is the seeded spec's configuration for streams streams.
func (s Spec) StreamConfig(streams int) Config {
	return Config{Seed: s.Seed, Streams: streams, Options: s.Options}
}

// New configures the generator (see Config).
func (s Spec) New(streams int, seed uint32) (Instance, error) {
	return s.Gen.New(s.Config(streams, seed))
}

// set lists the options that differ from their defaults, in the
// generator's declaration order.
func (s Spec) set() []Option {
	var out []Option
	for _, o := range s.Gen.Options {
		if v, ok := s.Options[o.Name]; ok && v != o.Default {
			o.Default = v // the value, carried in the copy
			out = append(out, o)
		}
	}
	return out
}

// String is the spec's canonical spelling, which ParseSpec reads back:
// options at their default left out, the others in declaration order.
func (s Spec) String() string {
	parts := []string{s.Gen.Name}
	for _, o := range s.set() {
		parts = append(parts, o.Name+"="+o.Default)
	}
	if s.HasSeed {
		parts = append(parts, fmt.Sprintf("%s=%d", SeedKey, s.Seed))
	}
	return strings.Join(parts, ":")
}

// Label names the spec for people (pane titles, plot legends, montage
// captions): "lehmer slm", "ranlux lux=3", "philox seed=3". A choice
// shows its value alone; a number shows its option's name too.
func (s Spec) Label() string {
	parts := []string{s.Gen.Name}
	if s.Gen.UserFile != "" {
		parts[0] = userBase(s.Gen.UserFile)
	}
	for _, o := range s.set() {
		if o.IsChoice() {
			parts = append(parts, o.Default)
		} else {
			parts = append(parts, o.Name+"="+o.Default)
		}
	}
	if s.HasSeed {
		parts = append(parts, fmt.Sprintf("%s=%d", SeedKey, s.Seed))
	}
	return strings.Join(parts, " ")
}

// FileName is the label as a file name's part: "lehmer-slm",
// "ranlux-lux3", "ca-ca-k0.32.17.63" (letters, digits, '.', '-' only).
func (s Spec) FileName() string {
	var b strings.Builder
	for _, c := range s.Label() {
		switch {
		case c == ' ', c == ':': // glsl:NAME
			b.WriteByte('-')
		case c == ',':
			b.WriteByte('.')
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.':
			b.WriteRune(c)
		}
	}
	return b.String()
}

// SortedOptions lists the spec's options as OPTION=VALUE, sorted by name.
func (s Spec) SortedOptions() []string {
	out := make([]string, 0, len(s.Options))
	for k, v := range s.Options {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}

// DefaultComparison is the comparison Speckle shows first (the window's
// panes, `make run`'s pictures): an old LCG, the streamline code's Lehmer
// generator, the cellular automaton and a modern counter-based baseline.
func DefaultComparison() []Spec {
	return []Spec{{Gen: Rand48}, {Gen: Lehmer}, {Gen: CA}, {Gen: Philox}}
}
