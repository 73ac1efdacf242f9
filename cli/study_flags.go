package cli

import (
	"errors"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"speckle/render/study"
	"speckle/rng"
)

// Helpers of the commands that call package study (streamlines, rng).

// seedValue is a --seed flag: a uint32, decimal or 0x hex (rng.ParseSeed).
type seedValue struct{ v *uint32 }

func (s seedValue) Type() string   { return "seed" }
func (s seedValue) String() string { return strconv.FormatUint(uint64(*s.v), 10) }
func (s seedValue) Set(text string) error {
	v, err := rng.ParseSeed(text)
	if err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "the seed "))
	}
	*s.v = v
	return nil
}

// defaultSeed is every command's --seed unless given: one seed everywhere,
// so the same generator draws the same numbers in every command.
const defaultSeed = 1

// seedFlag defines --seed, the seed of each generator without one of its
// own (NAME:seed=S).
func seedFlag(fs *pflag.FlagSet, p *uint32) {
	*p = defaultSeed
	fs.Var(seedValue{p}, "seed", "seed of each generator that has none of its own (NAME:seed=S), 0..4294967295")
}

// hear is a study.Progress that draws the bar (its total from the study).
func (p *progress) hear(done, total int64) {
	p.total = int(total)
	p.set(int(done))
}

// studyBar is a progress bar on stderr for a study's Progress.
func studyBar(label, unit string) (*progress, study.Progress) {
	bar := newProgress(os.Stderr, label, 0, unit)
	return bar, bar.hear
}

// asUsage makes a study's refusal of its options a usage error (exit 2).
func asUsage(err error) error {
	if err != nil && study.IsInputError(err) {
		return usageError{err.Error()}
	}
	return err
}

// deprecate marks a flag deprecated: still read, hidden from help, and a
// note on stderr when used (cobra would print pflag's note on stdout, into
// the command's output).
func deprecate(c *cobra.Command, name, note string) {
	c.Flags().SetOutput(stderrOf{c})
	c.Flags().MarkDeprecated(name, note)
}

// stderrOf writes to the command's stderr as it is when written to: the
// tree's writers are set after the command is built.
type stderrOf struct{ c *cobra.Command }

func (w stderrOf) Write(p []byte) (int, error) { return w.c.ErrOrStderr().Write(p) }
