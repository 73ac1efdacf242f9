package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"speckle/imageio"
	"speckle/rng"
)

// genOptions registers every generator option as a flag and collects the ones set.
type genOptions struct {
	values map[string]*string
	fs     *flag.FlagSet
}

func registerGenOptions(fs *flag.FlagSet) *genOptions {
	o := &genOptions{values: map[string]*string{}, fs: fs}
	for _, name := range rng.OptionNames() {
		var help []string
		for _, g := range rng.All {
			for _, opt := range g.Options {
				if opt.Name == name {
					help = append(help, fmt.Sprintf("%s: %s (%s, default %s)", g.Name, opt.Help, opt.Values, opt.Default))
				}
			}
		}
		o.values[name] = fs.String(name, "", strings.Join(help, "; "))
	}
	return o
}

// set returns the options given on the command line.
func (o *genOptions) set() map[string]string {
	m := map[string]string{}
	o.fs.Visit(func(f *flag.Flag) {
		if v, ok := o.values[f.Name]; ok {
			m[f.Name] = *v
		}
	})
	return m
}

// forGenerator keeps the options that g has.
func forGenerator(g *rng.Generator, opts map[string]string) map[string]string {
	m := map[string]string{}
	for _, o := range g.Options {
		if v, ok := opts[o.Name]; ok {
			m[o.Name] = v
		}
	}
	return m
}

func parseSeed(s string) (uint32, error) {
	v, err := rng.ParseSeed(s)
	if err != nil {
		return 0, usagef("--seed: %v", err)
	}
	return v, nil
}

// writeAtomically writes through imageio.WriteFileAtomic (a temporary file
// renamed into place, so no half-written file is left); "-" is stdout, which
// must not be a terminal for binary output.
func writeAtomically(path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "-" || path == "" {
		if isTerminal(stdout) {
			return usagef("refusing to write binary data to a terminal: use --out FILE or a pipe")
		}
		return write(stdout)
	}
	if err := prepareFile(path, false); err != nil {
		return err
	}
	return imageio.WriteFileAtomic(path, write)
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	if le, ok := err.(*os.LinkError); ok {
		return le.Err
	}
	return err
}

func describeOptions(o map[string]string) string {
	var parts []string
	for _, name := range rng.OptionNames() {
		if v, ok := o[name]; ok {
			parts = append(parts, "--"+name+"="+v)
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}
