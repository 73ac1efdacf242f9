package rng

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"speckle/internal/suggest"
)

// OptionKind is what an option's value is. The declaration (kind and
// bounds) is the one source of the help text (Values), the check (Check),
// the typed reads in Configure (Config.Int, ...) and the window's widgets.
type OptionKind int

const (
	Choice  OptionKind = iota + 1 // one of Choices, spelled exactly
	Integer                       // a decimal integer Min..Max, as strconv.Itoa writes it
	Word                          // an unsigned Bits-bit word: 0x hex (or any Go integer literal)
	IntList                       // Len decimal integers, each Min..Max, separated by commas
)

var kindNames = map[OptionKind]string{Choice: "choice", Integer: "integer", Word: "word", IntList: "list"}

func (k OptionKind) String() string {
	if n, ok := kindNames[k]; ok {
		return n
	}
	return fmt.Sprintf("OptionKind(%d)", int(k))
}

// Option is one generator option as it appears on the command line.
type Option struct {
	Name     string // flag name without dashes, e.g. "lux"
	Kind     OptionKind
	Choices  []string // Choice
	Min, Max int64    // Integer, IntList (each element)
	Bits     int      // Word
	Len      int      // IntList
	// Default is the value a missing option takes. Empty means unset: the
	// generator decides (e.g. from its preset, see Effective), and an empty
	// value then passes Check.
	Default string
	Help    string
	// Effective, when set, is the value in effect while the option is
	// empty (e.g. the preset's rule), given the other options; the UI starts
	// editing from it.
	Effective func(opts map[string]string) string
	// Shorthand marks an option that only chooses other options' Effective
	// values (a preset): Spec.Identity leaves it out and keeps theirs.
	Shorthand bool
	// SpeedOnly marks an option that changes how the GPU computes the
	// numbers, never which (philox-interleave): Spec.Drawn leaves it out,
	// so two specs that differ only in it draw the same numbers, while
	// Spec.Identity keeps it (`rng bench` compares them in one run).
	SpeedOnly bool
}

// IsChoice says whether the option takes one of a few named values (its
// label shows the value alone).
func (o Option) IsChoice() bool { return o.Kind == Choice }

// Values says what the option accepts, for help texts: "0..4",
// "consecutive|slm", "0x0000..0xFFFF", "a,b,c,d (each 0..63)".
func (o Option) Values() string {
	switch o.Kind {
	case Choice:
		return strings.Join(o.Choices, "|")
	case Integer:
		return fmt.Sprintf("%d..%d", o.Min, o.Max)
	case Word:
		d := (o.Bits + 3) / 4
		return fmt.Sprintf("0x%0*X..0x%0*X", d, 0, d, o.wordMax())
	case IntList:
		names := make([]string, o.Len)
		for i := range names {
			names[i] = string(rune('a' + i%26))
		}
		return fmt.Sprintf("%s (each %d..%d)", strings.Join(names, ","), o.Min, o.Max)
	}
	return ""
}

// Check is the one validation of a value of the option: every way a value
// comes in (flags, specs, the window, settings files) goes through
// Generator.New, which calls it.
func (o Option) Check(v string) error {
	if o.Default == "" && v == "" {
		return nil
	}
	var err error
	switch o.Kind {
	case Choice:
		for _, c := range o.Choices {
			if v == c {
				return nil
			}
		}
		return fmt.Errorf("%s must be %s %s", flagText(o.Name), orList(o.Choices), suggest.Got(v, o.Choices))
	case Integer:
		_, err = o.Int(v)
	case Word:
		_, err = o.Word(v)
	case IntList:
		_, err = o.Ints(v)
	default:
		err = fmt.Errorf("%s has no kind", flagText(o.Name))
	}
	return err
}

// Int reads a value of an Integer option, checked.
func (o Option) Int(v string) (int64, error) {
	n, err := parseInt(v)
	if err != nil || n < o.Min || n > o.Max {
		return 0, fmt.Errorf("%s must be %s (got %q)", flagText(o.Name), o.Values(), v)
	}
	return n, nil
}

// Word reads a value of a Word option, checked.
func (o Option) Word(v string) (uint64, error) {
	w, err := parseWord(v, o.Bits)
	if err != nil {
		return 0, fmt.Errorf("%s must be a %d-bit word %s (got %q)", flagText(o.Name), o.Bits, o.Values(), v)
	}
	return w, nil
}

// Ints reads a value of an IntList option, checked.
func (o Option) Ints(v string) ([]int64, error) {
	l, err := parseInts(v)
	ok := err == nil && len(l) == o.Len
	for _, n := range l {
		ok = ok && n >= o.Min && n <= o.Max
	}
	if !ok {
		return nil, fmt.Errorf("%s must be %d integers %d..%d separated by commas (got %q)", flagText(o.Name), o.Len, o.Min, o.Max, v)
	}
	return l, nil
}

func (o Option) wordMax() uint64 { return 1<<o.Bits - 1 }

// MarshalJSON writes the option for `rng list --json`: its name, default,
// help and Values text as before, plus the kind and its bounds.
func (o Option) MarshalJSON() ([]byte, error) {
	out := struct {
		Name     string
		Kind     string
		Default  string
		Values   string
		Help     string
		Choices  []string `json:",omitempty"`
		Min, Max *int64   `json:",omitempty"`
		Bits     int      `json:",omitempty"`
		Len      int      `json:",omitempty"`
	}{Name: o.Name, Kind: o.Kind.String(), Default: o.Default, Values: o.Values(), Help: o.Help,
		Choices: o.Choices, Bits: o.Bits, Len: o.Len}
	if o.Kind == Integer || o.Kind == IntList {
		out.Min, out.Max = &o.Min, &o.Max
	}
	return json.Marshal(out)
}

// The parsers behind Check and the Config accessors. An integer has one
// spelling (no spaces, sign or leading zeros), so that specs, labels and
// file names that show it, and the check for a default, see one value.
func parseInt(v string) (int64, error) {
	n, err := strconv.ParseInt(v, 10, 64)
	if err == nil && strconv.FormatInt(n, 10) != v {
		err = fmt.Errorf("%q is not written as %d", v, n)
	}
	return n, err
}

// parseWord reads a word option: decimal, 0x hex or 0b binary (a CA rule's bits); a leading
// 0 is a decimal digit, never octal.
func parseWord(v string, bits int) (uint64, error) {
	for _, p := range []string{"0b", "0B"} {
		if b, ok := strings.CutPrefix(v, p); ok {
			return strconv.ParseUint(b, 2, bits)
		}
	}
	return ParseDecimalOrHex(v, bits)
}

// ParseDecimalOrHex reads an unsigned number as the help promises it: decimal, or hex after
// 0x. Go's base 0 would also take 0o, 0b, underscores and a leading 0 as octal (010 read as 8,
// 09 refused), none of which the help says.
func ParseDecimalOrHex(v string, bits int) (uint64, error) {
	if h, ok := strings.CutPrefix(v, "0x"); ok {
		return strconv.ParseUint(h, 16, bits)
	}
	if h, ok := strings.CutPrefix(v, "0X"); ok {
		return strconv.ParseUint(h, 16, bits)
	}
	return strconv.ParseUint(v, 10, bits)
}

func parseInts(v string) ([]int64, error) {
	f := strings.Split(v, ",")
	out := make([]int64, len(f))
	for i, s := range f {
		n, err := parseInt(s)
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

// orList writes "a", "a or b", "a, b or c".
func orList(w []string) string {
	if len(w) < 2 {
		return strings.Join(w, "")
	}
	return strings.Join(w[:len(w)-1], ", ") + " or " + w[len(w)-1]
}

// Typed reads of a Config's options for Configure, which New calls only
// with every option present and checked against its declaration: a value
// that does not parse here is a generator's bug, not the user's, and
// panics.

// Has says whether option name has a value: false for an option left
// empty, whose default the generator picks (e.g. its preset's).
func (c Config) Has(name string) bool { return c.Options[name] != "" }

// Int is the value of the Integer option name.
func (c Config) Int(name string) int { return int(must(parseInt(c.Options[name]))) }

// Word is the value of the Word option name.
func (c Config) Word(name string) uint64 { return must(parseWord(c.Options[name], 64)) }

// IntList is the value of the IntList option name.
func (c Config) IntList(name string) []int {
	l := must(parseInts(c.Options[name]))
	out := make([]int, len(l))
	for i, n := range l {
		out[i] = int(n)
	}
	return out
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(fmt.Sprintf("rng: an option Generator.New did not check: %v", err))
	}
	return v
}
