package rng

import (
	"fmt"
	"strconv"
	"strings"
)

// Identity is the configuration a spec sets up, one spelling for each: every
// option at the value in effect (defaults, and a preset's values where the
// spec leaves them empty), numbers in one notation, and the spec's own seed
// if it has one. String keeps the user's notation (ca-rule=0x35AC) for
// labels and file names, so it cannot tell ca:ca-rule=0x9696 from
// ca:ca-rule=38550 or ca:ca-preset=linear; Identity can.
func (s Spec) Identity() string {
	id := s.config(false)
	if s.HasSeed {
		id += fmt.Sprintf(":%s=%d", SeedKey, s.Seed)
	}
	return id
}

// Drawn is the identity of what s draws under a command whose seed is seed:
// two specs with one Drawn value draw the same numbers.
func (s Spec) Drawn(seed uint32) string {
	if s.HasSeed {
		seed = s.Seed
	}
	return fmt.Sprintf("%s:%s=%d", s.config(true), SeedKey, seed)
}

// config is the identity without the seed; drawn leaves out the options
// that change no number (SpeedOnly).
func (s Spec) config(drawn bool) string {
	opts := map[string]string{}
	for _, o := range s.Gen.Options {
		v, ok := s.Options[o.Name]
		if !ok {
			v = o.Default
		}
		opts[o.Name] = v
	}
	parts := []string{s.Gen.Name}
	for _, o := range s.Gen.Options {
		if o.Shorthand || drawn && o.SpeedOnly {
			continue // its effect is in the options it fills in, or in no number
		}
		v := opts[o.Name]
		if v == "" && o.Effective != nil {
			v = o.Effective(opts)
		}
		parts = append(parts, o.Name+"="+o.canonical(v))
	}
	return strings.Join(parts, ":")
}

// canonical is a checked value in one notation: words in upper-case hex,
// the rest as they are (an integer has one spelling already, parseInt).
func (o Option) canonical(v string) string {
	if o.Kind == Word {
		if w, err := parseWord(v, o.Bits); err == nil {
			return "0x" + strings.ToUpper(strconv.FormatUint(w, 16))
		}
	}
	return v
}
