package cli

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"speckle/study/battery"
)

// inFlags are the flags that apply to rng test --in: the input's, the
// battery's size and tests, the outputs and the GPU's.
var inFlags = []string{"in", "format", "numbers", "samples", "tests", "csv", "json-file", "json", "out", "egl-platform", "gl-debug", "device"}

// addInput adds --in and --format.
func (o *testOptions) addInput(fs *pflag.FlagSet) {
	fs.StringVar(&o.in, "in", "", "test the raw little-endian 32-bit words of FILE (- for stdin) instead of generators, as one stream in the stream order")
	choiceFlag(fs, &o.format, "format", "u32", []string{"u32", "f32"}, "--in's words: u32 (integers, all 32 bits tested) or f32 (floats in [0, 1), as rng dump --format f32 writes them: their 24 fraction bits tested)")
}

// openInput refuses the flags that do not apply to --in and opens it as
// the battery's input (Streams 1); close closes a file.
func (o *testOptions) openInput(c *cobra.Command) (close func(), err error) {
	var bad []string
	c.Flags().Visit(func(f *pflag.Flag) {
		if !slices.Contains(inFlags, f.Name) {
			bad = append(bad, "--"+f.Name)
		}
	})
	if len(bad) > 0 {
		verb := "does"
		if len(bad) > 1 {
			verb = "do"
		}
		return nil, usagef("--in tests one input's words as one stream, in the stream order only: %s %s not apply to it", strings.Join(bad, ", "), verb)
	}
	o.test.Streams, o.test.Specs = 1, nil
	in := &battery.Input{Name: "stdin", Words: -1, F32: o.format == "f32"}
	o.test.Input = in
	if o.in == "-" {
		if f, ok := c.InOrStdin().(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			return nil, usagef("--in -: stdin is a terminal: pipe the numbers in, e.g. speckle rng dump --gen philox --count 0 --streams 1 | speckle rng test --in -")
		}
		in.R = bufio.NewReaderSize(c.InOrStdin(), 1<<20)
		return func() {}, nil
	}
	in.Name = filepath.Base(o.in)
	st, err := os.Stat(o.in)
	switch {
	case err != nil:
		return nil, usagef("--in %s: %v", o.in, unwrapPath(err))
	case st.IsDir():
		return nil, usagef("--in %s is a directory: give a file of 32-bit words, or - for stdin", o.in)
	case st.Mode().IsRegular() && st.Size()%4 != 0:
		return nil, usagef("--in %s holds %d bytes, not a multiple of 4: not 32-bit words", o.in, st.Size())
	case st.Mode().IsRegular():
		in.Words = st.Size() / 4
	}
	f, err := os.Open(o.in)
	if err != nil {
		return nil, usagef("--in %s: %v", o.in, unwrapPath(err))
	}
	in.R = bufio.NewReaderSize(f, 1<<20)
	return func() { f.Close() }, nil
}

// unwrapPath is a file error without the operation and path it repeats.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
